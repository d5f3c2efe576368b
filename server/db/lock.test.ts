import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'switchboard-lock-'));

describe('data folder lock', () => {
  it('refuses a folder held by another live process, naming it', async () => {
    const dir = freshDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    writeFileSync(path.join(dir, 'switchboard.lock'), String(holder.pid));
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${holder.pid}`));
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that died, and releases it', () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, 'switchboard.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(existsSync(path.join(dir, 'switchboard.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'switchboard.lock'))).toBe(false);
  });
});
