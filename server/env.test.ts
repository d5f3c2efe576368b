import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, parseTrustProxy } from './env';

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

  it('refuses to start in production without PUBLIC_URL, listed with the other problems', () => {
    try {
      loadEnv({ DATA_DIR: dataDir(), NODE_ENV: 'production', PORT: 'eighty' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems;
      expect(problems.some((p) => p.startsWith('PUBLIC_URL: required when NODE_ENV=production'))).toBe(true);
      expect(problems.some((p) => p.startsWith('PORT'))).toBe(true);
    }
    expect(() => loadEnv({ DATA_DIR: dataDir(), NODE_ENV: 'production', PUBLIC_URL: ' ' })).toThrow(
      /PUBLIC_URL: required/,
    );
    expect(() => loadEnv({ DATA_DIR: dataDir(), PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    const env = loadEnv({
      DATA_DIR: dataDir(),
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://inbox.example.com/',
    });
    expect(env.publicUrl).toBe('https://inbox.example.com');
  });

  it('defaults PUBLIC_URL to http://localhost:PORT outside production', () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).publicUrl).toBe('http://localhost:3000');
    expect(loadEnv({ DATA_DIR: dataDir(), NODE_ENV: 'test', PORT: '4100' }).publicUrl).toBe(
      'http://localhost:4100',
    );
    expect(loadEnv({ DATA_DIR: dataDir(), SANDBOX: '1' }).publicUrl).toBe('http://localhost:3000');
  });

  it('trusts no proxy unless TRUST_PROXY names one', () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(
      loadEnv({ DATA_DIR: dataDir(), NODE_ENV: 'production', PUBLIC_URL: 'https://a.example' }).trustProxy,
    ).toBe(false);
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('TRUE')).toBe(true);
    expect(parseTrustProxy('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(parseTrustProxy(' 10.0.0.5, 172.28.0.0/24 ,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.5',
      '172.28.0.0/24',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    // A hop count: Fastify 5 ignores one, so it is refused rather than silently trusting nobody.
    expect(parseTrustProxy('1')).toMatch(/not a hop count/);
    for (const bad of ['10.0.0.300', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/1', ',']) {
      expect(parseTrustProxy(bad), bad).toMatch(/^TRUST_PROXY/);
    }
    try {
      loadEnv({ DATA_DIR: dataDir(), TRUST_PROXY: 'caddy' });
      expect.unreachable();
    } catch (error) {
      expect((error as EnvError).problems.join('\n')).toMatch(/TRUST_PROXY.*"caddy"/);
    }
    expect(loadEnv({ DATA_DIR: dataDir(), TRUST_PROXY: '172.28.0.10' }).trustProxy).toEqual(['172.28.0.10']);
  });
});
