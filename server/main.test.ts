import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/server-process';

const ROOT = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-busy-port-'));
let squatter: Server | undefined;
afterAll(() => {
  squatter?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('starting on a busy port', () => {
  it('says so in one line and exits with code 1, without a stack trace', async () => {
    const port = await freePort();
    squatter = createServer();
    await new Promise<void>((resolve) => squatter!.listen(port, '127.0.0.1', resolve));

    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SECRET_KEY: 'busy-port-secret-key-busy-port-secret-key-0123',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));

    expect(code).toBe(1);
    expect(output).toContain(`port ${port} is in use — set PORT to another port, or stop what is using it`);
    expect(output).not.toContain('EADDRINUSE');
    expect(output).not.toMatch(/\n\s+at /);
  }, 90_000);
});
