import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tags } from '../db/schema';
import { signUpOwnerWithAccount, signUpUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { allowedOrigins, CROSS_ORIGIN_MESSAGE, publicOrigin } from './origin-check';

let ctx: TestContext;
let cookie: string;
let accountId: string;
let origin: string;
let n = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  const { owner, account } = await signUpOwnerWithAccount(ctx);
  cookie = owner.cookie;
  accountId = account.id;
  origin = publicOrigin(ctx.env);
});
afterAll(() => ctx.close());

/** Creates a tag as the signed-in owner, with the given browser headers. */
async function createTag(headers: Record<string, string>) {
  n += 1;
  const name = `Tag ${n}`;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/tags',
    headers: { cookie, ...headers },
    payload: { name },
  });
  const rows = await ctx.db.select().from(tags).where(eq(tags.accountId, accountId));
  return { response, created: rows.some((t) => t.name === name) };
}

function expectRefused(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ error: 'cross_origin', message: CROSS_ORIGIN_MESSAGE });
}

describe('allowed origins', () => {
  it('is the public origin alone when PUBLIC_URL names a real host', () => {
    expect([...allowedOrigins({ publicUrl: 'https://inbox.example.com', port: 3000 })]).toEqual([
      'https://inbox.example.com',
    ]);
    expect([...allowedOrigins({ publicUrl: 'https://inbox.example.com:8443/app', port: 3000 })]).toEqual([
      'https://inbox.example.com:8443',
    ]);
  });

  it('takes every loopback name with the same scheme and port when the public origin is loopback', () => {
    const loopback = allowedOrigins({ publicUrl: undefined, port: 3100 });
    expect(loopback).toEqual(
      new Set(['http://localhost:3100', 'http://127.0.0.1:3100', 'http://[::1]:3100']),
    );
    expect(allowedOrigins({ publicUrl: 'http://127.0.0.1:3000', port: 9 })).toEqual(
      new Set(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']),
    );
  });
});

describe('writes to the API from another origin', () => {
  it('are refused with 403 cross_origin and change nothing', async () => {
    for (const foreign of [
      'http://evil.example',
      'null',
      'http://localhost:5174',
      `${origin}.evil.example`,
    ]) {
      const { response, created } = await createTag({ origin: foreign });
      expectRefused(response);
      expect(created).toBe(false);
    }
  });

  it('are refused on Sec-Fetch-Site cross-site or same-site when no Origin is sent', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const { response, created } = await createTag({ 'sec-fetch-site': site });
      expectRefused(response);
      expect(created).toBe(false);
    }
  });

  it('are refused before the session is looked at (a signed-out sign-up or profile change too)', async () => {
    const signUp = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: 'http://evil.example' },
      payload: { email: 'csrf@example.com', password: 'secret123', confirmPassword: 'secret123' },
    });
    expectRefused(signUp);
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expectRefused(profile);
  });

  it('are refused however the path is spelled', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/%61pi/tags',
      headers: { cookie, origin: 'http://evil.example' },
      payload: { name: 'Encoded' },
    });
    // The router decodes %61 and reaches POST /api/tags.
    expectRefused(response);
  });
});

describe('writes to the API from the app', () => {
  it('are accepted with the public origin, a loopback twin of it, same-origin, none, or no header', async () => {
    const loopbackTwin = origin.replace('//localhost:', '//127.0.0.1:');
    const accepted: Record<string, string>[] = [
      { origin },
      { origin: loopbackTwin },
      { origin, 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of accepted) {
      const { response, created } = await createTag(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(201);
      expect(created).toBe(true);
    }
  });

  it('leaves reads alone: a GET from another origin is answered', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/tags',
      headers: { cookie, origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('routes outside /api', () => {
  it("does not check Meta's webhook: a foreign Origin meets the signature check, not the origin check", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: {
        origin: 'https://facebook.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
        'x-hub-signature-256': 'sha256=00',
      },
      payload: { object: 'whatsapp_business_account', entry: [] },
    });
    expect(response.statusCode).not.toBe(403);
    expect(response.statusCode).toBe(401);
  });

  it("does not check the sandbox's customer phone API", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/sandbox/api/signup',
      headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
      payload: { businessName: 'Elsewhere' },
    });
    expect(response.statusCode).not.toBe(403);
  });
});

describe('the live WebSocket', () => {
  let wsOrigin: string;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    wsOrigin = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  function open(headers: Record<string, string>): Promise<{ status: number; firstFrame?: string }> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${wsOrigin}/api/live`, { headers: { cookie, ...headers } });
      ws.once('message', (data) => {
        ws.close();
        resolve({ status: 101, firstFrame: data.toString() });
      });
      ws.once('unexpected-response', (request, response) => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0 });
      });
      ws.once('error', reject);
    });
  }

  it('refuses the upgrade from another origin: no socket opens', async () => {
    expect(await open({ origin: 'http://evil.example' })).toEqual({ status: 403 });
    expect(await open({ 'sec-fetch-site': 'cross-site' })).toEqual({ status: 403 });
  });

  it('opens from the public origin and for a client that sends no Origin', async () => {
    const fromApp = await open({ origin });
    expect(fromApp.status).toBe(101);
    expect(JSON.parse(fromApp.firstFrame!)).toMatchObject({ type: 'hello' });
    expect((await open({})).status).toBe(101);
  });

  it('still refuses a signed-out socket from the right origin (the access check runs after)', async () => {
    const stranger = await signUpUser(ctx.app);
    const response = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${wsOrigin}/api/live`, { headers: { cookie: stranger.cookie, origin } });
      ws.once('open', () => reject(new Error('opened')));
      ws.once('unexpected-response', (request, res) => {
        request.destroy();
        resolve(res.statusCode ?? 0);
      });
      ws.once('error', reject);
    });
    expect(response).toBe(403);
  });
});
