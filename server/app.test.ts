import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestAccount, signUpUser } from './test/factories';
import { createTestContext, type TestContext } from './test/harness';

/** Every error answer is JSON with a message a person can read, whatever produced it. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('error answers', () => {
  it('explains a plain GET to the WebSocket route (the plugin answered 404 with no body; found by the fuzz test)', async () => {
    // Signed in, so the answer is the WebSocket route's own, not the access check's 401.
    const owner = await signUpUser(ctx.app);
    await connectTestAccount(ctx, { id: owner.body.user.id, email: owner.email });
    const { cookie } = owner;
    const res = await ctx.app.inject({ method: 'GET', url: '/api/live', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error: 'not_found', message: expect.any(String) });
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
