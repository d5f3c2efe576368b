import type { MessageResponse } from '@common/api/inbox';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, jobs, messages } from '../db/schema';
import {
  connectSandboxTeam,
  contactOf,
  customerWrites,
  messagesAtMeta,
  runInboxJobs,
  type SandboxTeam,
  settle,
} from '../test/outbound';
import { type ListeningContext, listeningTestContext, phoneApi } from '../test/sandbox';
import { SEND_MAX_ATTEMPTS, sendBackoffMs } from './message-send.job';

/**
 * The sending lifecycle against the sandbox over real HTTP, nothing mocked: pending with the browser's
 * clientRef, sent with Meta's wamid by the job, then delivered and read from status webhooks.
 */

let ctx: ListeningContext;
let team: SandboxTeam;
let ref = 0;
const clientRef = () => `temp-${Date.now()}-${++ref}`;

const sendText = (contactId: string, payload: Record<string, unknown>, cookie = team.member.cookie) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/contacts/${contactId}/messages`,
    headers: { cookie },
    payload,
  });

const setSandbox = (settings: Record<string, unknown>) => phoneApi(ctx.origin, 'PUT', '/settings', settings);
const rowOf = async (id: string) => (await ctx.db.select().from(messages).where(eq(messages.id, id)))[0]!;

beforeAll(async () => {
  ctx = await listeningTestContext();
  team = await connectSandboxTeam(ctx);
});
afterAll(() => ctx.close());

describe('sending a text', () => {
  it('is pending at once, sent by the job with Meta’s id, then delivered and read by the customer', async () => {
    const customerWamid = await customerWrites(ctx, team, '16505550101', 'Is the monstera still available?');
    const contact = await contactOf(ctx, team, '16505550101');
    const ref1 = clientRef();

    const res = await sendText(contact.id, { clientRef: ref1, text: '  Yes! Want me to hold one?  ' });
    expect(res.statusCode, res.body).toBe(202);
    const { message } = res.json() as MessageResponse;
    expect(message).toMatchObject({
      clientRef: ref1,
      status: 'pending',
      direction: 'outgoing',
      body: 'Yes! Want me to hold one?',
      externalId: null,
      sentBy: { id: team.member.id, label: team.member.email.split('@')[0] },
    });
    const [listed] = await ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(listed).toMatchObject({
      lastMessagePreview: 'Yes! Want me to hold one?',
      lastMessageDirection: 'outgoing',
    });

    // The same clientRef again (a double click, a retried request) is the same message, not a second send.
    const again = await sendText(contact.id, { clientRef: ref1, text: 'Yes! Want me to hold one?' });
    expect(again.statusCode).toBe(202);
    expect((again.json() as MessageResponse).message.id).toBe(message.id);

    await runInboxJobs(ctx);
    const sent = await rowOf(message.id);
    expect(sent.status).toBe('sent');
    expect(sent.externalId).toMatch(/^wamid\./);
    const atMeta = await messagesAtMeta(ctx, team, '16505550101');
    expect(atMeta.map((m) => m.wamid)).toEqual([sent.externalId]);

    await settle(ctx);
    expect((await rowOf(message.id)).status).toBe('delivered');
    const chat = await phoneApi<{ messages: { id: string; text?: string }[] }>(
      ctx.origin,
      'GET',
      `/phone-numbers/${team.phoneNumberId}/customers/16505550101/messages`,
    );
    expect(JSON.stringify(chat.body)).toContain('Yes! Want me to hold one?');
    await phoneApi(ctx.origin, 'POST', `/phone-numbers/${team.phoneNumberId}/customers/16505550101/read`);
    await settle(ctx);
    expect((await rowOf(message.id)).status).toBe('read');
    expect(customerWamid).toMatch(/^wamid\./);
  });

  it('quotes the message it replies to (context.message_id)', async () => {
    const customerWamid = await customerWrites(ctx, team, '16505550102', 'Do you deliver?');
    const contact = await contactOf(ctx, team, '16505550102');
    const [quoted] = await ctx.db.select().from(messages).where(eq(messages.externalId, customerWamid));
    const res = await sendText(contact.id, {
      clientRef: clientRef(),
      text: 'We do!',
      replyToMessageId: quoted!.id,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect((res.json() as MessageResponse).message.replyTo).toMatchObject({
      externalId: customerWamid,
      deleted: false,
    });
    await runInboxJobs(ctx);
    const [atMeta] = await messagesAtMeta(ctx, team, '16505550102');
    expect((atMeta!.payload as { context?: { message_id: string } }).context?.message_id).toBe(customerWamid);
  });

  it('refuses blank and too-long texts with the spec’s words', async () => {
    await customerWrites(ctx, team, '16505550103', 'Hi');
    const contact = await contactOf(ctx, team, '16505550103');
    const blank = await sendText(contact.id, { clientRef: clientRef(), text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('message is required for text messages');
    const long = await sendText(contact.id, { clientRef: clientRef(), text: 'x'.repeat(4097) });
    expect(long.statusCode).toBe(400);
    const max = await sendText(contact.id, { clientRef: clientRef(), text: 'x'.repeat(4096) });
    expect(max.statusCode).toBe(202);
  });
});

describe('the 24-hour window', () => {
  it('refuses free-form sends with 409 before any call to Meta once the last customer message is 24 h old', async () => {
    await customerWrites(ctx, team, '16505550104', 'Hello?');
    const contact = await contactOf(ctx, team, '16505550104');
    await ctx.db
      .update(contacts)
      .set({ lastIncomingAt: sql`${contacts.lastIncomingAt} - interval '24 hours 1 second'` })
      .where(eq(contacts.id, contact.id));
    const jobsBefore = await ctx.db.$count(jobs, sql`${jobs.name} = 'message.send'`);

    const res = await sendText(contact.id, { clientRef: clientRef(), text: 'Still there?' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'window_closed' });
    expect(await ctx.db.$count(jobs, sql`${jobs.name} = 'message.send'`)).toBe(jobsBefore);
    expect(await messagesAtMeta(ctx, team, '16505550104')).toEqual([]);

    const conversation = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/${contact.id}/messages`,
      headers: { cookie: team.member.cookie },
    });
    expect(conversation.json().contact.abilities).toEqual({ sendFreeform: false });
  });

  it('follows the sandbox clock: moving it 25 h on closes the window for the server too', async () => {
    await customerWrites(ctx, team, '16505550105', 'Morning!');
    const contact = await contactOf(ctx, team, '16505550105');
    const open = await sendText(contact.id, { clientRef: clientRef(), text: 'Good morning!' });
    expect(open.statusCode).toBe(202);
    await runInboxJobs(ctx);

    await phoneApi(ctx.origin, 'POST', '/clock/advance', { seconds: 25 * 3600 });
    try {
      const closed = await sendText(contact.id, { clientRef: clientRef(), text: 'Hello again' });
      expect(closed.statusCode).toBe(409);
      expect(closed.json().error).toBe('window_closed');
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/contacts',
        headers: { cookie: team.owner.cookie },
      });
      const item = list.json().contacts.find((c: { id: string }) => c.id === contact.id);
      expect(item.abilities.sendFreeform).toBe(false);
      expect(Date.parse(list.json().serverNow)).toBeGreaterThan(Date.now() + 24 * 3600_000);

      // The customer writing again reopens it.
      await customerWrites(ctx, team, '16505550105', 'Back again');
      const reopened = await sendText(contact.id, { clientRef: clientRef(), text: 'Welcome back' });
      expect(reopened.statusCode).toBe(202);
    } finally {
      await phoneApi(ctx.origin, 'POST', '/clock/advance', { seconds: -25 * 3600 });
    }
  });
});

describe('when Meta fails', () => {
  it.each([429, 500] as const)(
    'HTTP %s is retried with backoff and the message arrives exactly once',
    async (code) => {
      const waId = `1650555020${code === 429 ? 1 : 2}`;
      await customerWrites(ctx, team, waId, 'Ping');
      const contact = await contactOf(ctx, team, waId);
      await setSandbox({ failNextSends: { code, count: 2 } });

      const res = await sendText(contact.id, { clientRef: clientRef(), text: `After ${code}s` });
      const id = (res.json() as MessageResponse).message.id;
      await ctx.runner.drain();
      expect((await rowOf(id)).status).toBe('pending'); // first attempt refused, retry scheduled later
      const [job] = await ctx.db.select().from(jobs).where(sql`${jobs.payload}->>'messageId' = ${id}`);
      expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());

      await runInboxJobs(ctx);
      const row = await rowOf(id);
      expect(row.status).toBe('sent');
      const atMeta = (await messagesAtMeta(ctx, team, waId)).filter(
        (m) => (m.payload as { text?: { body: string } }).text?.body === `After ${code}s`,
      );
      expect(atMeta).toHaveLength(1);
      expect(atMeta[0]!.wamid).toBe(row.externalId);
    },
  );

  it.each([
    [429, 130429, "WhatsApp's sending limit was reached."],
    [500, 131000, 'WhatsApp is temporarily unavailable.'],
  ] as const)(
    'HTTP %s on every attempt: retried with backoff until the last attempt, then failed with the spec’s words',
    async (code, metaCode, reason) => {
      const waId = `1650555021${code === 429 ? 1 : 2}`;
      await customerWrites(ctx, team, waId, 'Ping');
      const contact = await contactOf(ctx, team, waId);
      await setSandbox({ failNextSends: { code, count: SEND_MAX_ATTEMPTS } });

      const res = await sendText(contact.id, { clientRef: clientRef(), text: `Never ${code}` });
      const id = (res.json() as MessageResponse).message.id;
      await runInboxJobs(ctx);
      const [job] = await ctx.db.select().from(jobs).where(sql`${jobs.payload}->>'messageId' = ${id}`);
      expect(job).toMatchObject({ attempts: SEND_MAX_ATTEMPTS, status: 'done' });
      const row = await rowOf(id);
      expect(row.status).toBe('failed');
      expect(row.error).toMatchObject({
        code: metaCode,
        message: `Failed to send message: ${reason} Please wait a moment and try again.`,
      });
      expect(await messagesAtMeta(ctx, team, waId)).toEqual([]);
    },
  );

  it('waits 1, 4, 16, 64 and 256 s (plus up to 20 %) between attempts', () => {
    for (const [attempt, base] of [
      [1, 1_000],
      [2, 4_000],
      [3, 16_000],
      [4, 64_000],
      [5, 256_000],
    ] as const) {
      const delay = sendBackoffMs(attempt);
      expect(delay).toBeGreaterThanOrEqual(base);
      expect(delay).toBeLessThanOrEqual(base * 1.2);
    }
  });

  it('131047 fails the message with the spec-level explanation and the retry ability', async () => {
    await customerWrites(ctx, team, '16505550203', 'Hey');
    const contact = await contactOf(ctx, team, '16505550203');
    await setSandbox({ failNextSends: { code: 131047, count: 1 } });
    const res = await sendText(contact.id, { clientRef: clientRef(), text: 'Reply' });
    const id = (res.json() as MessageResponse).message.id;
    await runInboxJobs(ctx);

    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/${contact.id}/messages`,
      headers: { cookie: team.owner.cookie },
    });
    const failed = page.json().messages.find((m: { id: string }) => m.id === id);
    expect(failed).toMatchObject({
      status: 'failed',
      externalId: null,
      error: {
        code: 131047,
        message:
          'Failed to send message: More than 24 hours have passed since this customer last messaged you. Until they reply, you can only send an approved template.',
        action: 'use_template',
      },
      abilities: { retry: true },
    });

    // Retrying sends it again as a new message at Meta.
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/messages/${id}/retry`,
      headers: { cookie: team.owner.cookie },
    });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json().message).toMatchObject({ status: 'pending', error: null });
    await runInboxJobs(ctx);
    const row = await rowOf(id);
    expect(row.status).toBe('sent');
    expect(await messagesAtMeta(ctx, team, '16505550203')).toHaveLength(1);

    const notFailed = await ctx.app.inject({
      method: 'POST',
      url: `/api/messages/${id}/retry`,
      headers: { cookie: team.owner.cookie },
    });
    expect(notFailed.statusCode).toBe(409);
  });

  it('never sends twice after a run that died mid-call: the message fails and waits for a person', async () => {
    await customerWrites(ctx, team, '16505550204', 'Yo');
    const contact = await contactOf(ctx, team, '16505550204');
    const res = await sendText(contact.id, { clientRef: clientRef(), text: 'Maybe sent' });
    const id = (res.json() as MessageResponse).message.id;
    // What a crash between "call Meta" and "store the answer" leaves behind.
    await ctx.db.update(messages).set({ sendStartedAt: new Date() }).where(eq(messages.id, id));
    await runInboxJobs(ctx);
    const row = await rowOf(id);
    expect(row.status).toBe('failed');
    expect((row.error as { message: string }).message).toMatch(/^Failed to send message: /);
    expect(await messagesAtMeta(ctx, team, '16505550204')).toEqual([]);
  });
});
