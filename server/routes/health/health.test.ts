import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('operations endpoints', () => {
  it('answers /healthz and /readyz while the database is up', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', live: { fanout: 'in-process' } });
  });

  it('exposes Prometheus metrics with request timings by route pattern', async () => {
    await ctx.app.inject('/api/session');
    const res = await ctx.app.inject('/metrics');
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('switchboard_http_request_duration_seconds_bucket');
    expect(res.body).toMatch(/route="\/api\/session"/);
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const ui = await ctx.app.inject('/api/docs');
    expect(ui.statusCode).toBeLessThan(400);
    const doc = (await ctx.app.inject('/api/docs/json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    const signUp = doc.paths['/api/auth/sign-up'].post;
    expect(signUp.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });
});

describe('readiness when the database is gone', () => {
  it('goes red with 503 instead of hanging', async () => {
    const broken = await createTestContext();
    await broken.database.close();
    const res = await broken.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('unavailable');
    await broken.app.close();
  });
});
