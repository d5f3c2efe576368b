import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { testRedis } from '../test/redis';
import { formatRetryAfter, SignInLimit, type SignInLimitRedis } from './sign-in-limit';

const quietLog = () => ({ warn: vi.fn(), info: vi.fn() });

describe('SignInLimit', () => {
  it('allows 10 attempts per address per window, case-insensitively, and starts again after a success', async () => {
    let now = 1_000_000;
    const limit = new SignInLimit({ log: quietLog(), now: () => now });
    for (let i = 0; i < 10; i++) expect(await limit.attempt('A@example.com')).toEqual({ allowed: true });
    expect(await limit.attempt('a@example.com')).toEqual({ allowed: false, retryAfterMs: 15 * 60_000 });
    expect(await limit.attempt('b@example.com')).toEqual({ allowed: true });
    now += 15 * 60_000;
    expect(await limit.attempt('a@example.com')).toEqual({ allowed: true });
    await limit.succeeded('a@example.com');
    for (let i = 0; i < 10; i++) expect((await limit.attempt('a@example.com')).allowed).toBe(true);
    expect((await limit.attempt('a@example.com')).allowed).toBe(false);
  });

  it('counts in memory while Redis fails, logs the outage once and its end once, and never throws', async () => {
    const log = quietLog();
    let up = false;
    const redis: SignInLimitRedis = {
      eval: async () => {
        if (!up) throw new Error('Connection is closed.');
        return [1, 900_000];
      },
      del: async () => {
        if (!up) throw new Error('Connection is closed.');
        return 1;
      },
    };
    const limit = new SignInLimit({ redis, log });
    for (let i = 0; i < 10; i++) expect((await limit.attempt('c@example.com')).allowed).toBe(true);
    expect((await limit.attempt('c@example.com')).allowed).toBe(false);
    await limit.succeeded('c@example.com');
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect((await limit.attempt('c@example.com')).allowed).toBe(true);
    up = true;
    expect((await limit.attempt('c@example.com')).allowed).toBe(true);
    expect(log.info).toHaveBeenCalledTimes(1);
  });

  it('says how long to wait the way the per-IP limit does', () => {
    expect(formatRetryAfter(15 * 60_000)).toBe('15 minutes');
    expect(formatRetryAfter(60_000)).toBe('1 minute');
    expect(formatRetryAfter(61_000)).toBe('2 minutes');
    expect(formatRetryAfter(1_000)).toBe('1 second');
    expect(formatRetryAfter(30_400)).toBe('31 seconds');
  });
});

const redis = testRedis();
if (!redis.url && redis.required)
  throw new Error(`per-account sign-in limit across processes: ${redis.missing}`);

/** Two app instances standing for two processes: they share Redis, nothing else. */
describe.skipIf(!redis.url)('the per-account sign-in limit with REDIS_URL', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      createTestContext({ env: { REDIS_URL: redis.url! } }),
      createTestContext({ env: { REDIS_URL: redis.url! } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('is one budget for both processes, from any number of client addresses', async () => {
    // A fresh address per run: the shared Redis outlives this test.
    const email = `shared.${randomBytes(6).toString('hex')}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email, password: 'whatever1' },
        remoteAddress: `10.${Math.floor(Math.random() * 250)}.${i}.9`,
      });
      statuses.push(res.statusCode);
    }
    // Alone, each process would allow 10 (12 attempts split 6/6 would all be answered 401).
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });
});
