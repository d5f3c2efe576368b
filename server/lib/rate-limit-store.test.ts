import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { testRedis } from '../test/redis';

const redis = testRedis();
if (!redis.url && redis.required) throw new Error(`rate limits across processes: ${redis.missing}`);

/** Two app instances standing for two processes: they share Redis, nothing else. */
describe.skipIf(!redis.url)('rate limits with REDIS_URL', () => {
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

  it('two processes share one sign-in budget (10 a minute per address), not one each', async () => {
    // A fresh address per run: the shared Redis outlives this test.
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        // A fresh e-mail too: the per-account sign-in limit also counts in the shared Redis.
        payload: { email: `nobody.${remoteAddress}@example.com`, password: 'whatever1' },
        remoteAddress,
      });
      statuses.push(res.statusCode);
    }
    // Alone, each process would allow 10 (12 attempts split 6/6 would all be answered 401).
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
