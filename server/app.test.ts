import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness';

/** Every error answer is JSON with a message a person can read, whatever produced it. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('error answers', () => {
  it('explains a plain GET to the WebSocket route (the plugin answered 404 with no body; found by the fuzz test)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/live' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers broken JSON, a wrong content type, an oversized body and a bad URL with JSON', async () => {
    const answers = [
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/early-access',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      }),
      await ctx.app.inject({ method: 'GET', url: '/api/contacts/%E0%A4%A' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 415, 413, 400]);
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});
