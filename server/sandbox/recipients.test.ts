import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appGraphClient } from '../accounts/graph';
import { sandboxStatusSteps } from '../db/schema';
import { setSelfOrigin } from '../lib/self-origin';
import {
  addSandboxCustomer,
  type ListeningContext,
  listeningTestContext,
  phoneApi,
  runSandboxJobs,
  type SignupResult,
  sandboxSignup,
} from '../test/sandbox';
import { createGraphClient, type GraphClient } from '../whatsapp/graph-client';
import { buildTemplateMessage, buildTextMessage } from '../whatsapp/message-builders';
import type { InboundMessageEvent, MessageStatusEvent, WebhookEvent } from '../whatsapp/types';
import { parseWebhook } from '../whatsapp/webhook-parser';
import { DEFAULT_SETTINGS } from './state/settings';
import { recipientFate, replyText } from './timeline/plan';

/**
 * The recipient switches of template sends (failures 131049/131026, reads, replies) and the status
 * delays, through the app's Graph client over real HTTP; webhooks go to a capture server. Jobs run
 * without sleeping (runSandboxJobs), so nothing here depends on how fast the machine is.
 */

let ctx: ListeningContext;
let capture: Server;
let posts: string[] = [];
let signup: SignupResult;
let graph: GraphClient;
const phoneId = () => signup.data.phone_number_id;
let nextNumber = 14155550100;
const newNumbers = (n: number) => Array.from({ length: n }, () => String(nextNumber++));

beforeAll(async () => {
  ctx = await listeningTestContext();
  capture = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      posts.push(Buffer.concat(chunks).toString('utf8'));
      response.writeHead(200).end('EVENT_RECEIVED');
    });
  });
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  signup = await sandboxSignup(ctx.origin, 'Greenhouse Co');
  const exchanged = await appGraphClient(ctx.env).exchangeCode(signup.code);
  // Webhooks go to the capture server; Graph calls go straight to the app.
  setSelfOrigin(`http://127.0.0.1:${(capture.address() as AddressInfo).port}`);
  graph = createGraphClient({
    baseUrl: `${ctx.origin}/sandbox/graph/v22.0`,
    accessToken: exchanged.accessToken,
  });
});
afterEach(async () => {
  const { statusDelays, marketingLimitShare, undeliverableShare, readShare, replyShare } = DEFAULT_SETTINGS;
  await phoneApi(ctx.origin, 'PUT', '/settings', {
    statusDelays,
    marketingLimitShare,
    undeliverableShare,
    readShare,
    replyShare,
  });
  await runSandboxJobs(ctx);
  posts = [];
});
afterAll(async () => {
  await new Promise((resolve) => capture.close(resolve));
  await ctx.close();
});

/** Runs the sandbox's jobs; returns the POSTs they made and the events the app's parser reads in them. */
async function deliveries(): Promise<{ bodies: string[]; events: WebhookEvent[] }> {
  await runSandboxJobs(ctx);
  const bodies = posts;
  posts = [];
  return { bodies, events: bodies.flatMap((b) => parseWebhook(JSON.parse(b)).events) };
}
const RANK = { sent: 0, delivered: 1, failed: 1, read: 2, played: 3 } as const;
/** A message's statuses in their natural order (POSTs may arrive in any order, as Meta's may). */
const statusesOf = (events: WebhookEvent[], id: string) =>
  events
    .filter((e): e is MessageStatusEvent => e.kind === 'message.status' && e.externalId === id)
    .sort((a, b) => RANK[a.status] - RANK[b.status]);
const inbound = (events: WebhookEvent[]) =>
  events.filter((e): e is InboundMessageEvent => e.kind === 'message.inbound');

async function sendTemplates(to: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, number] of to.entries()) {
    const sent = await graph.sendMessage(
      phoneId(),
      buildTemplateMessage(number, { name: 'hello_world' }, { bizOpaqueCallbackData: `campaign:${i}` }),
    );
    ids.push(sent.externalId);
  }
  return ids;
}

describe('defaults keep today’s statuses', () => {
  it('a template gets sent, then delivered, one POST each, and nobody reads or replies', async () => {
    const [id] = await sendTemplates(newNumbers(1));
    const { bodies, events } = await deliveries();
    expect(bodies).toHaveLength(2);
    expect(statusesOf(events, id!).map((s) => [s.status, s.bizOpaqueCallbackData])).toEqual([
      ['sent', 'campaign:0'],
      ['delivered', 'campaign:0'],
    ]);
    expect(inbound(events)).toEqual([]);
    expect(await ctx.db.select().from(sandboxStatusSteps)).toEqual([]);
  });
});

describe('recipient shares of template sends', () => {
  it('with the marketing-limit share at 100 % every send fails after sent with 131049, in batched POSTs', async () => {
    await phoneApi(ctx.origin, 'PUT', '/settings', { marketingLimitShare: 100, readShare: 100 });
    const ids = await sendTemplates(newNumbers(6));
    const { bodies, events } = await deliveries();
    expect(bodies.length).toBeLessThan(ids.length * 2);
    ids.forEach((id, i) => {
      const got = statusesOf(events, id);
      expect(got.map((s) => s.status)).toEqual(['sent', 'failed']);
      expect(got[1]).toMatchObject({
        bizOpaqueCallbackData: `campaign:${i}`,
        errors: [expect.objectContaining({ code: 131049 })],
      });
    });
    expect(inbound(events)).toEqual([]);
  });

  it('with the undeliverable share at 100 % every send fails with 131026; a plain text still gets delivered', async () => {
    await phoneApi(ctx.origin, 'PUT', '/settings', { undeliverableShare: 100 });
    const [number] = newNumbers(1);
    const [id] = await sendTemplates([number!]);
    const failed = statusesOf((await deliveries()).events, id!);
    expect(failed.map((s) => [s.status, s.errors[0]?.code ?? null])).toEqual([
      ['sent', null],
      ['failed', 131026],
    ]);
    // The customer writes back (which opens the window); chat messages keep today's statuses.
    await phoneApi(ctx.origin, 'POST', `/phone-numbers/${phoneId()}/customers/${number}/messages`, {
      type: 'text',
      text: 'Hello?',
    });
    await deliveries();
    const text = await graph.sendMessage(phoneId(), buildTextMessage(number!, 'Hi there'));
    expect(statusesOf((await deliveries()).events, text.externalId).map((s) => s.status)).toEqual([
      'sent',
      'delivered',
    ]);
  });

  it('readers read and repliers answer with a text quoting the message, from the recipient', async () => {
    await phoneApi(ctx.origin, 'PUT', '/settings', { readShare: 100, replyShare: 100 });
    const numbers = newNumbers(3);
    await addSandboxCustomer(ctx.origin, phoneId(), { waId: numbers[0]!, name: 'Ada Ramos' });
    const ids = await sendTemplates(numbers);
    const { events } = await deliveries();
    ids.forEach((id, i) => {
      expect(statusesOf(events, id).map((s) => [s.status, s.bizOpaqueCallbackData])).toEqual([
        ['sent', `campaign:${i}`],
        ['delivered', `campaign:${i}`],
        ['read', `campaign:${i}`],
      ]);
    });
    const replies = inbound(events);
    expect(replies).toHaveLength(3);
    for (const [i, id] of ids.entries()) {
      const reply = replies.find((r) => r.context?.replyToExternalId === id);
      expect(reply).toMatchObject({ from: numbers[i], type: 'text', text: replyText(id) });
    }
    expect(replies.find((r) => r.from === numbers[0])?.contact).toMatchObject({ profileName: 'Ada Ramos' });
    // The phone shows the reply under the message.
    const chat = await phoneApi<{ messages: { id: string; from: string; context: { id: string } | null }[] }>(
      ctx.origin,
      'GET',
      `/phone-numbers/${phoneId()}/customers/${numbers[1]}/messages`,
    );
    expect(chat.body.messages.map((m) => [m.from, m.context?.id ?? null])).toEqual([
      ['business', null],
      ['customer', ids[1]],
    ]);
  });

  it('with the read share at 0 nobody reads; at 50 % exactly the hashed half does, again on a resend', async () => {
    await phoneApi(ctx.origin, 'PUT', '/settings', { readShare: 0, replyShare: 100 });
    const numbers = newNumbers(8);
    await sendTemplates(numbers);
    let events = (await deliveries()).events;
    expect(events.some((e) => e.kind === 'message.status' && e.status === 'read')).toBe(false);
    expect(inbound(events)).toEqual([]);

    const shares = { ...DEFAULT_SETTINGS, readShare: 50 };
    await phoneApi(ctx.origin, 'PUT', '/settings', { readShare: 50, replyShare: 0 });
    for (let round = 0; round < 2; round++) {
      const ids = await sendTemplates(numbers);
      events = (await deliveries()).events;
      const readers = numbers.filter((_, i) => statusesOf(events, ids[i]!).some((s) => s.status === 'read'));
      expect(readers).toEqual(numbers.filter((n) => recipientFate(n, shares).reads));
    }
  });
});

describe('status delays', () => {
  it('realistic: statuses are planned 0.2–1 s (sent) and 1–3 s later (delivered), and come in one POST per sweep', async () => {
    await phoneApi(ctx.origin, 'PUT', '/settings', { statusDelays: 'realistic' });
    const before = Date.now();
    const ids = await sendTemplates(newNumbers(5));
    const after = Date.now();
    const steps = await ctx.db.select().from(sandboxStatusSteps).orderBy(asc(sandboxStatusSteps.id));
    for (const id of ids) {
      const [sent, delivered] = steps.filter((s) => s.wamid === id);
      expect([sent?.step, delivered?.step]).toEqual(['sent', 'delivered']);
      expect(sent!.dueAt.getTime()).toBeGreaterThanOrEqual(before + 200);
      expect(sent!.dueAt.getTime()).toBeLessThanOrEqual(after + 1_000);
      const gap = delivered!.dueAt.getTime() - sent!.dueAt.getTime();
      expect(gap).toBeGreaterThanOrEqual(1_000);
      expect(gap).toBeLessThanOrEqual(3_000);
    }
    const { bodies, events } = await deliveries();
    // Every status arrived, several to a POST.
    for (const id of ids) expect(statusesOf(events, id).map((s) => s.status)).toEqual(['sent', 'delivered']);
    expect(bodies.length).toBeLessThan(ids.length * 2);
    expect(await ctx.db.select().from(sandboxStatusSteps)).toEqual([]);
  });

  it('the settings refuse shares outside 0–100 and unknown delay modes', async () => {
    for (const body of [{ readShare: 101 }, { replyShare: -1 }, { statusDelays: 'slow' }]) {
      expect((await phoneApi(ctx.origin, 'PUT', '/settings', body)).status).toBe(400);
    }
    const view = await phoneApi<{ settings: Record<string, unknown> }>(ctx.origin, 'GET', '/settings');
    expect(view.body.settings).toMatchObject({
      statusDelays: 'instant',
      marketingLimitShare: 0,
      undeliverableShare: 0,
      readShare: 0,
      replyShare: 0,
    });
  });
});
