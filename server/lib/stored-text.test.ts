import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestAccount, signUpUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { buildContact } from '../test/inbox-factories';
import { findUnstorableText, isStorableText, toStorableText, UNSTORABLE_TEXT_MESSAGE } from './stored-text';

/**
 * Regression tests for what the fuzz test found: a NUL character (or a lone surrogate) in any text
 * field reached PostgreSQL and came back as a 500. Each route below answered 500 before the fix.
 */

describe('storable text', () => {
  it('tells NUL characters and lone surrogates from ordinary text, emoji included', () => {
    for (const ok of ['', 'plain', 'Grüße 😀 👩🏽‍🚀', '<script>alert(1)</script>', 'line\nbreak\ttab'])
      expect(isStorableText(ok), ok).toBe(true);
    for (const bad of ['a\u0000b', '\u0000', '\ud800', 'x\udfffy', '😀'.slice(0, 1)])
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('finds the path of the first bad string or key, however deep, without recursion', () => {
    expect(findUnstorableText({ a: [1, 'ok', { b: 'x\u0000' }] })).toBe('a.2.b');
    expect(findUnstorableText({ 'bad\u0000key': 1 })).toBe('bad\u0000key');
    expect(findUnstorableText({ a: 'fine', n: null, t: true })).toBeNull();
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toMatch(/^0(\.0)*$/);
  });

  it('cleans a file name: controls dropped, lone surrogates replaced', () => {
    expect(toStorableText('a\u0000b\r\n\ud800.pdf', { keepLineBreaks: false })).toBe('ab\ufffd.pdf');
    expect(toStorableText('one\ntwo')).toBe('one\ntwo');
  });
});

describe('routes refuse text PostgreSQL cannot store, with 400 instead of 500', () => {
  let ctx: TestContext;
  let cookie: string;
  let contactId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const owner = await signUpUser(ctx.app);
    cookie = owner.cookie;
    const { account } = await connectTestAccount(ctx, { id: owner.body.user.id, email: owner.email });
    contactId = (await buildContact(ctx.db, account.id, { lastIncomingAt: new Date() })).id;
  });
  afterAll(() => ctx.close());

  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, payload?: unknown, signedIn = true) =>
    ctx.app.inject({ method, url, payload: payload as object, headers: signedIn ? { cookie } : {} });

  const cases: [string, 'POST' | 'PUT' | 'PATCH' | 'GET', () => string, unknown, boolean][] = [
    [
      'POST /api/early-access',
      'POST',
      () => '/api/early-access',
      { name: 'Ann\u0000', email: 'ann@example.com', company: 'Shop', whatsappNumber: '+16505550199' },
      false,
    ],
    [
      'POST /api/auth/sign-up',
      'POST',
      () => '/api/auth/sign-up',
      { email: 'nul@example.com\u0000', password: 'secret123' },
      false,
    ],
    [
      'POST /api/auth/sign-in',
      'POST',
      () => '/api/auth/sign-in',
      { email: 'nul@example.com\u0000', password: 'x' },
      false,
    ],
    [
      'POST /api/auth/forgot-password',
      'POST',
      () => '/api/auth/forgot-password',
      { email: 'nul@example.com\u0000' },
      false,
    ],
    ['POST /api/tags', 'POST', () => '/api/tags', { name: 'vip\u0000' }, true],
    [
      'POST /api/saved-messages',
      'POST',
      () => '/api/saved-messages',
      { name: 'Hi', content: 'x\u0000' },
      true,
    ],
    ['PATCH /api/contacts/:id', 'PATCH', () => `/api/contacts/${contactId}`, { notes: 'a\ud800' }, true],
    [
      'POST /api/contacts/:id/messages',
      'POST',
      () => `/api/contacts/${contactId}/messages`,
      { clientRef: 'temp-nul-1', text: 'hello \ud800' },
      true,
    ],
    [
      'POST /api/contacts/:id/template-messages',
      'POST',
      () => `/api/contacts/${contactId}/template-messages`,
      {
        templateId: '00000000-0000-4000-8000-000000000000',
        clientRef: 'temp-\u0000',
        parameters: { body: ['x'] },
      },
      true,
    ],
    ['POST /sandbox/api/signup', 'POST', () => '/sandbox/api/signup', { businessName: 'Shop\u0000' }, false],
  ];

  it.each(cases)('%s', async (_name, method, url, payload, signedIn) => {
    const res = await send(method, url(), payload, signedIn);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed', message: UNSTORABLE_TEXT_MESSAGE });
  });

  it('refuses a NUL in the query string too, and still answers 401 first to a signed-out caller', async () => {
    const query = await send('GET', '/api/contacts?q=%00');
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe(`${UNSTORABLE_TEXT_MESSAGE} (query)`);
    const signedOut = await send('POST', '/api/tags', { name: 'vip\u0000' }, false);
    expect(signedOut.statusCode).toBe(401);
  });
});
