import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'switchboard-env-'));

describe('environment', () => {
  it('lists every problem at once', () => {
    try {
      loadEnv({ DATA_DIR: dataDir(), PORT: 'eighty', DATABASE_URL: 'mysql://x', SECRET_KEY: 'short' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL must start with postgres/);
      expect(problems).toMatch(/SECRET_KEY must be at least 32 characters/);
    }
  });

  it('generates SECRET_KEY into DATA_DIR on first run and reuses it', () => {
    const dir = dataDir();
    const first = loadEnv({ DATA_DIR: dir });
    expect(first.secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8').trim()).toBe(first.secretKey);
    expect(loadEnv({ DATA_DIR: dir }).secretKey).toBe(first.secretKey);
  });

  it('turns the sandbox on without a Meta app secret, and off with one unless forced', () => {
    const dir = dataDir();
    expect(loadEnv({ DATA_DIR: dir }).sandbox).toBe(true);
    expect(loadEnv({ DATA_DIR: dir, META_APP_SECRET: 's3cret' }).sandbox).toBe(false);
    expect(loadEnv({ DATA_DIR: dir, META_APP_SECRET: 's3cret', SANDBOX: '1' }).sandbox).toBe(true);
  });

  it('defaults to port 3000, the embedded database, and the sandbox as Graph API until Meta is configured', () => {
    const env = loadEnv({ DATA_DIR: dataDir() });
    expect(env.port).toBe(3000);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.meta.graphUrl).toBeNull();
    expect(loadEnv({ DATA_DIR: dataDir(), META_APP_SECRET: 's' }).meta.graphUrl).toBe(
      'https://graph.facebook.com/v22.0',
    );
  });
});
