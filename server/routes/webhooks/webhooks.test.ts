import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, reactions, webhookEvents } from '../../db/schema';
import { signUpOwnerWithAccount } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { inboundText } from '../../test/webhook-builders';
import { postWebhook } from '../../test/webhooks';
import { FIXTURE_ACCOUNTS, webhookFixtures } from '../../whatsapp/fixtures';
import { serializeWebhookBody } from '../../whatsapp/signature';

let ctx: TestContext;
let cookie: string;
let accountId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const { owner, account } = await signUpOwnerWithAccount(ctx);
  cookie = owner.cookie;
  accountId = account.id;
});
afterAll(() => ctx.close());

const api = (url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => r.json());

describe('GET /webhooks/whatsapp (verification handshake)', () => {
  it('echoes the challenge for the right verify token', async () => {
    const res = await ctx.app.inject({
      url: `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${ctx.env.meta.verifyToken}&hub.challenge=1158201444`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('1158201444');
  });

  it('refuses a wrong token', async () => {
    const res = await ctx.app.inject({
      url: '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('1');
  });
});

describe('POST /webhooks/whatsapp', () => {
  it('answers 401 and stores nothing for a missing, wrong or stale signature', async () => {
    const before = await ctx.db.$count(webhookEvents);
    const raw = JSON.stringify(webhookFixtures.text);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    const wrongSecret = await postWebhook(ctx.app, webhookFixtures.text, 'not-the-app-secret');
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': (await import('../../whatsapp/signature')).signPayload(
          raw,
          ctx.env.meta.webhookSecret,
        ),
      },
      payload: raw.replace('Maya', 'Mallory'),
    });
    for (const res of [unsigned, wrongSecret, tampered]) expect(res.statusCode).toBe(401);
    expect(await ctx.db.$count(webhookEvents)).toBe(before);
  });

  it('stores the raw delivery before answering 200', async () => {
    const res = await postWebhook(ctx.app, webhookFixtures.text);
    expect(res.statusCode).toBe(200);
    const [stored] = await ctx.db.select().from(webhookEvents).orderBy(webhookEvents.id);
    expect(stored?.status).toBe('pending');
    expect(JSON.parse(stored!.body)).toEqual(webhookFixtures.text);
  });

  it('stores every inbound type as a readable message, once, however often it is delivered', async () => {
    for (const [name, body] of Object.entries(webhookFixtures)) {
      const res = await postWebhook(ctx.app, body);
      expect(res.statusCode, name).toBe(200);
      await postWebhook(ctx.app, body); // Meta delivers at least once
    }
    await ctx.webhooks.drain();
    expect(await ctx.db.$count(webhookEvents, eq(webhookEvents.status, 'failed'))).toBe(0);

    const { contacts: list } = await api('/api/contacts');
    const maya = list.find((c: { waId: string }) => c.waId === '16505550142');
    expect(maya).toMatchObject({ name: 'Maya Patel', phone: '+16505550142' });

    const all = await ctx.db.select().from(messages).where(eq(messages.accountId, accountId));
    const ids = all.map((m) => m.externalId);
    expect(new Set(ids).size).toBe(ids.length);

    const byType = (type: string) => all.filter((m) => m.type === type);
    for (const type of [
      'text',
      'image',
      'video',
      'document',
      'audio',
      'sticker',
      'location',
      'contacts',
      'interactive',
      'button',
      'order',
      'system',
      'unsupported',
    ]) {
      expect(byType(type).length, type).toBeGreaterThan(0);
      for (const m of byType(type)) expect(m.preview.length, `${type} preview`).toBeGreaterThan(0);
    }
    expect(byType('reaction')).toHaveLength(0);
    expect(byType('location')[0]!.preview).toMatch(/📍/);

    const { messages: thread } = await api(`/api/contacts/${maya.id}/messages?limit=200`);
    const image = thread.find((m: { type: string }) => m.type === 'image');
    expect(image.media).toMatchObject({ kind: 'image', status: 'pending' });
    expect(thread.map((m: { timestamp: string }) => m.timestamp)).toEqual(
      [...thread.map((m: { timestamp: string }) => m.timestamp)].sort().reverse(),
    );
  });

  it('keeps an empty profile name empty (shown as Unknown) and never lets it wipe a known name', async () => {
    const rows = await ctx.db.select().from(contacts).where(eq(contacts.accountId, accountId));
    for (const row of rows) expect(typeof row.profileName).toBe('string');
    const maya = rows.find((c) => c.waId === '16505550142');
    expect(maya?.profileName).not.toBe('');
  });

  it('attaches reactions to their target and honours removal', async () => {
    const rows = await ctx.db.select().from(reactions).where(eq(reactions.accountId, accountId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.reactor).toMatch(/^customer:/);
  });
});

describe('messages PostgreSQL could not store as sent', () => {
  it('keeps a message with a NUL character (dropping only the NUL)', async () => {
    const raw = serializeWebhookBody(
      inboundText({
        wamid: 'wamid.NUL1',
        from: '16505550142',
        name: 'Maya Patel',
        body: 'before\u0000after',
        at: 1_790_000_000,
      }),
    ).replace(/"phone_number_id":"[^"]+"/, `"phone_number_id":"${FIXTURE_ACCOUNTS.primary.phoneNumberId}"`);
    expect(raw).toContain('\\u0000');
    expect((await postWebhook(ctx.app, raw)).statusCode).toBe(200);
    await ctx.webhooks.drain();
    const [row] = await ctx.db.select().from(messages).where(eq(messages.externalId, 'wamid.NUL1'));
    expect(row?.body).toBe('beforeafter');
  });

  it('keeps a message whose text holds a lone UTF-16 surrogate (replaced, not refused)', async () => {
    const raw = serializeWebhookBody(
      inboundText({
        wamid: 'wamid.SURROGATE1',
        from: '16505550142',
        name: 'Maya \ud83d',
        body: 'half an emoji \ud83d here',
        at: 1_790_000_001,
      }),
    ).replace(/"phone_number_id":"[^"]+"/, `"phone_number_id":"${FIXTURE_ACCOUNTS.primary.phoneNumberId}"`);
    // Well-formed JSON.stringify writes the lone half as an escape, as Meta would.
    expect(raw).toContain('half an emoji \\ud83d here');
    expect((await postWebhook(ctx.app, raw)).statusCode).toBe(200);
    await ctx.webhooks.drain();
    const [row] = await ctx.db.select().from(messages).where(eq(messages.externalId, 'wamid.SURROGATE1'));
    expect(row?.body).toBe('half an emoji \ufffd here');
  });
});

describe('a signed body that is not JSON text', () => {
  it('answers 400 to raw NUL bytes (found by the fuzz test: it was a 500) and stores nothing', async () => {
    const before = await ctx.db.$count(webhookEvents);
    const res = await postWebhook(ctx.app, '{"object":"whatsapp_business_account","entry":[\u0000]}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_json', message: 'The webhook body is not valid JSON.' });
    expect(await ctx.db.$count(webhookEvents)).toBe(before);
  });
});
