import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setSelfOrigin } from '../lib/self-origin';
import {
  type ListeningContext,
  listeningTestContext,
  phoneApi,
  runSandboxJobs,
  type SignupResult,
  sandboxSignup,
  solidPng,
} from '../test/sandbox';
import { createGraphClient, type GraphClient } from '../whatsapp/graph-client';
import { buildReactionMessage, buildTextMessage } from '../whatsapp/message-builders';
import { verifySignature } from '../whatsapp/signature';
import type {
  InboundMessageEvent,
  MessageStatusEvent,
  TemplateStatusEvent,
  WebhookEvent,
} from '../whatsapp/types';
import { parseWebhook } from '../whatsapp/webhook-parser';

/**
 * Contract: every webhook the sandbox sends is signed with the app secret, pure ASCII, and parsed by
 * the app's own parseWebhook into the events it stands for. A capture server plays the app's webhook
 * endpoint so each POST can be inspected; every captured POST is then replayed into the real route.
 */

type Captured = { headers: IncomingHttpHeaders; body: string };

let ctx: ListeningContext;
let capture: Server;
let captured: Captured[] = [];
let answers: number[] = [];
let signup: SignupResult;
let graph: GraphClient;
const CUSTOMER = '16505551234';
const phoneId = () => signup.data.phone_number_id;
const chat = () => `/phone-numbers/${phoneId()}/customers/${CUSTOMER}`;

beforeAll(async () => {
  ctx = await listeningTestContext();
  capture = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      captured.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' });
      response.end('EVENT_RECEIVED');
    });
  });
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  // Webhooks go to the capture server; Graph calls go straight to the app.
  setSelfOrigin(`http://127.0.0.1:${(capture.address() as AddressInfo).port}`);

  signup = await sandboxSignup(ctx.origin, 'Jasper’s Market');
  const exchange = await fetch(`${ctx.origin}/sandbox/graph/v22.0/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'sandbox-app',
      client_secret: ctx.env.meta.webhookSecret,
      code: signup.code,
    }),
  });
  const { access_token } = (await exchange.json()) as { access_token: string };
  graph = createGraphClient({ baseUrl: `${ctx.origin}/sandbox/graph/v22.0`, accessToken: access_token });
  await phoneApi(ctx.origin, 'POST', `/phone-numbers/${phoneId()}/customers`, {
    waId: CUSTOMER,
    name: 'Sheena Nelson',
  });
});
afterEach(async () => {
  await phoneApi(ctx.origin, 'PUT', '/settings', {
    duplicateDeliveries: false,
    batchUpdates: false,
    outOfOrderStatuses: false,
  });
  await runSandboxJobs(ctx);
  captured = [];
  answers = [];
});
afterAll(async () => {
  await new Promise((resolve) => capture.close(resolve));
  await ctx.close();
});

/** Runs the sandbox's jobs, checks every POST they made, and returns the events they carry. */
async function deliveries(): Promise<{ posts: Captured[]; events: WebhookEvent[] }> {
  await runSandboxJobs(ctx);
  const posts = captured;
  captured = [];
  for (const post of posts) {
    expect(post.headers['content-type']).toBe('application/json');
    expect(
      verifySignature(
        Buffer.from(post.body),
        post.headers['x-hub-signature-256'],
        ctx.env.meta.webhookSecret,
      ),
    ).toBe(true);
    expect(/^[\x20-\x7e]*$/.test(post.body)).toBe(true);
    // The app's real endpoint accepts the exact bytes and signature.
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': String(post.headers['x-hub-signature-256']),
      },
      payload: post.body,
    });
    expect(replay.statusCode).toBe(200);
  }
  const events = posts.flatMap((post) => {
    const parsed = parseWebhook(JSON.parse(post.body));
    expect(parsed.ignored).toEqual([]);
    return parsed.events;
  });
  return { posts, events };
}

const inbound = (events: WebhookEvent[]) =>
  events.filter((e): e is InboundMessageEvent => e.kind === 'message.inbound');
const statuses = (events: WebhookEvent[]) =>
  events.filter((e): e is MessageStatusEvent => e.kind === 'message.status');

async function customerSends(body: Record<string, unknown>): Promise<string> {
  const res = await phoneApi<{ id: string }>(ctx.origin, 'POST', `${chat()}/messages`, body);
  expect(res.status).toBe(201);
  return res.body.id;
}

async function customerUploads(
  file: Blob,
  name: string,
  fields: Record<string, string> = {},
): Promise<string> {
  const form = new FormData();
  form.set('file', file, name);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await fetch(`${ctx.origin}/sandbox/api${chat()}/media`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('customer messages', () => {
  it('a text arrives as one signed POST in the Cloud API shape', async () => {
    const id = await customerSends({ type: 'text', text: 'Does it come in another color? 🌵' });
    const { posts, events } = await deliveries();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toContain('\\ud83c\\udf35'); // non-ASCII escaped with lowercase hex
    const body = JSON.parse(posts[0]!.body);
    expect(Object.keys(body)).toEqual(['object', 'entry']);
    expect(body.entry[0].changes[0].value.contacts).toEqual([
      { profile: { name: 'Sheena Nelson' }, wa_id: CUSTOMER },
    ]);
    expect(body.entry[0].changes[0].value.messages[0].timestamp).toMatch(/^\d+$/);
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'message.inbound',
        wabaId: signup.data.waba_id,
        phoneNumberId: phoneId(),
        displayPhoneNumber: signup.phoneNumber.displayPhoneNumber.replace(/\D/g, ''),
        externalId: id,
        from: CUSTOMER,
        type: 'text',
        text: 'Does it come in another color? 🌵',
        contact: expect.objectContaining({ waId: CUSTOMER, profileName: 'Sheena Nelson' }),
      }),
    ]);
    const after = await phoneApi<{ messages: { id: string; status: string }[] }>(
      ctx.origin,
      'GET',
      `${chat()}/messages`,
    );
    expect(after.body.messages.find((m) => m.id === id)?.status).toBe('delivered');
  });

  it('an image, a document, a reply and a reaction (and its removal) carry their objects', async () => {
    const business = await graph.sendMessage(phoneId(), buildTextMessage(CUSTOMER, 'Our catalogue is ready'));
    const png = solidPng(2, 2, [255, 0, 0]);
    const imageId = await customerUploads(
      new Blob([new Uint8Array(png)], { type: 'image/png' }),
      'photo.png',
      {
        caption: 'This one',
      },
    );
    const docId = await customerUploads(
      new Blob(['%PDF-1.4 order'], { type: 'application/pdf' }),
      'order.pdf',
    );
    const replyId = await customerSends({ type: 'text', text: 'Thanks!', replyTo: business.externalId });
    await customerSends({ type: 'reaction', messageId: business.externalId, emoji: '😮' });
    await customerSends({ type: 'reaction', messageId: business.externalId, emoji: '' });

    const got = inbound((await deliveries()).events);
    const byId = new Map(got.map((e) => [e.externalId, e]));
    const image = byId.get(imageId)!;
    expect(image.content).toMatchObject({
      kind: 'image',
      media: {
        mimeType: 'image/png',
        caption: 'This one',
        sha256: createHash('sha256').update(png).digest('base64'),
      },
    });
    const media = (image.content as { media: { id: string } }).media;
    const url = await graph.getMediaUrl(media.id);
    expect((await graph.downloadMedia(url.url)).data.equals(png)).toBe(true);

    expect(byId.get(docId)!.content).toMatchObject({
      kind: 'document',
      media: { filename: 'order.pdf', mimeType: 'application/pdf' },
    });
    expect(byId.get(replyId)!.context).toMatchObject({
      replyToExternalId: business.externalId,
      from: signup.phoneNumber.displayPhoneNumber.replace(/\D/g, ''),
    });
    const reactions = got.filter((e) => e.type === 'reaction').map((e) => e.content);
    // Meta does not promise delivery order, and neither do concurrent deliveries here.
    expect(reactions).toHaveLength(2);
    expect(reactions).toEqual(
      expect.arrayContaining([
        { kind: 'reaction', targetExternalId: business.externalId, emoji: '😮' },
        { kind: 'reaction', targetExternalId: business.externalId, emoji: null },
      ]),
    );
  });

  it('retries a delivery the app did not answer with 200, and marks the message delivered only then', async () => {
    answers = [500, 503];
    const id = await customerSends({ type: 'text', text: 'Anyone?' });
    const { posts, events } = await deliveries();
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => p.body)).size).toBe(1);
    expect(inbound(events).every((e) => e.externalId === id)).toBe(true);
    const after = await phoneApi<{ messages: { id: string; status: string }[] }>(
      ctx.origin,
      'GET',
      `${chat()}/messages`,
    );
    expect(after.body.messages.find((m) => m.id === id)?.status).toBe('delivered');
  });
});

describe('statuses of business messages', () => {
  it('sent (with conversation and pricing) → delivered → read when the customer reads', async () => {
    await customerSends({ type: 'text', text: 'Hi' });
    await deliveries();
    const sent = await graph.sendMessage(phoneId(), buildTextMessage(CUSTOMER, 'Hello Sheena'));
    const first = statuses((await deliveries()).events);
    expect(first.map((s) => s.status)).toEqual(['sent', 'delivered']);
    expect(first[0]).toMatchObject({
      externalId: sent.externalId,
      recipientId: CUSTOMER,
      conversation: {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        originType: 'service',
        expiresAt: expect.any(Date),
      },
      pricing: { billable: false, pricingModel: 'PMP', type: 'free_customer_service', category: 'service' },
    });
    expect(first[1]!.conversation?.expiresAt).toBeNull();

    const read = await phoneApi<{ read: number }>(ctx.origin, 'POST', `${chat()}/read`);
    expect(read.body.read).toBeGreaterThanOrEqual(1);
    const later = statuses((await deliveries()).events);
    expect(later.filter((s) => s.externalId === sent.externalId).map((s) => [s.status, s.pricing])).toEqual([
      ['read', null],
    ]);
  });

  it('a reaction only ever gets sent; a reaction to an unknown message fails with 131009', async () => {
    const target = await customerSends({ type: 'text', text: 'React to me' });
    await deliveries();
    const reaction = await graph.sendMessage(
      phoneId(),
      buildReactionMessage(CUSTOMER, { targetExternalId: target, emoji: '❤️' }),
    );
    await phoneApi(ctx.origin, 'POST', `${chat()}/read`);
    expect(
      statuses((await deliveries()).events)
        .filter((s) => s.externalId === reaction.externalId)
        .map((s) => s.status),
    ).toEqual(['sent']);

    const orphan = await graph.sendMessage(
      phoneId(),
      buildReactionMessage(CUSTOMER, {
        targetExternalId: 'wamid.HBgLMTY1MDU1NTEyMzQVAgARGBIxMjM0NTY3ODkwQUJDREVGAA==',
        emoji: '👍',
      }),
    );
    const failed = statuses((await deliveries()).events);
    expect(failed).toEqual([
      expect.objectContaining({
        externalId: orphan.externalId,
        status: 'failed',
        errors: [expect.objectContaining({ code: 131009 })],
      }),
    ]);
  });

  it('out-of-order statuses: delivered arrives before sent', async () => {
    await customerSends({ type: 'text', text: 'Hi again' });
    await deliveries();
    await phoneApi(ctx.origin, 'PUT', '/settings', { outOfOrderStatuses: true });
    const sent = await graph.sendMessage(phoneId(), buildTextMessage(CUSTOMER, 'Out of order'));
    const got = statuses((await deliveries()).events).filter((s) => s.externalId === sent.externalId);
    expect(got.map((s) => s.status)).toEqual(['delivered', 'sent']);
    expect(got[1]!.timestamp.getTime()).toBeLessThanOrEqual(got[0]!.timestamp.getTime());
  });
});

describe('delivery switches', () => {
  it('duplicateDeliveries sends every webhook twice, byte for byte', async () => {
    await phoneApi(ctx.origin, 'PUT', '/settings', { duplicateDeliveries: true });
    const id = await customerSends({ type: 'text', text: 'Twice' });
    const { posts, events } = await deliveries();
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).toBe(posts[1]!.body);
    expect(inbound(events).map((e) => e.externalId)).toEqual([id, id]);
  });

  it('batchUpdates gathers updates into one POST with an entry per WABA and several items per change', async () => {
    const other = await sandboxSignup(ctx.origin, 'Other Shop');
    await phoneApi(ctx.origin, 'POST', `/phone-numbers/${other.data.phone_number_id}/customers`, {
      waId: '447700900123',
      name: 'Ola',
    });
    await phoneApi(ctx.origin, 'PUT', '/settings', { batchUpdates: true });
    const a = await customerSends({ type: 'text', text: 'one' });
    const b = await customerSends({ type: 'text', text: 'two' });
    const c = (
      await phoneApi<{ id: string }>(
        ctx.origin,
        'POST',
        `/phone-numbers/${other.data.phone_number_id}/customers/447700900123/messages`,
        {
          type: 'text',
          text: 'three',
        },
      )
    ).body.id;
    const sent = await graph.sendMessage(phoneId(), buildTextMessage(CUSTOMER, 'batched reply'));

    const { posts, events } = await deliveries();
    // Everything queued before the window closed goes out in one POST (the `delivered` status that
    // follows 300 ms later may get a window of its own).
    const withMessages = posts.filter((p) => p.body.includes('"messages":['));
    expect(withMessages).toHaveLength(1);
    const body = JSON.parse(withMessages[0]!.body);
    expect(body.entry.map((e: { id: string }) => e.id)).toEqual([signup.data.waba_id, other.data.waba_id]);
    expect(body.entry[0].changes).toHaveLength(2); // customer messages, then statuses
    expect(body.entry[0].changes[0].value.messages).toHaveLength(2);
    expect(body.entry[0].changes[0].value.contacts).toHaveLength(1);
    expect(body.entry[0].changes[1].value.statuses[0]).toMatchObject({ id: sent.externalId, status: 'sent' });
    expect(inbound(events).map((e) => e.externalId)).toEqual([a, b, c]);
    expect(statuses(events).map((s) => [s.externalId, s.status])).toEqual(
      expect.arrayContaining([
        [sent.externalId, 'sent'],
        [sent.externalId, 'delivered'],
      ]),
    );
  });
});

describe('template reviews', () => {
  it('sends message_template_status_update with APPROVED, or REJECTED with the reason', async () => {
    await phoneApi(ctx.origin, 'PUT', '/settings', { templateReviewSeconds: 0 });
    const good = await graph.createTemplate(signup.data.waba_id, {
      name: 'welcome_back',
      category: 'MARKETING',
      language: 'en_US',
      components: [{ type: 'BODY', text: 'Welcome back!' }],
    });
    const bad = await graph.createTemplate(signup.data.waba_id, {
      name: 'rejected_one',
      category: 'UTILITY',
      language: 'en_US',
      components: [{ type: 'BODY', text: 'REJECT this please' }],
    });
    const { posts, events } = await deliveries();
    const body = JSON.parse(posts[0]!.body);
    expect(Number.isInteger(body.entry[0].time)).toBe(true);
    expect(typeof body.entry[0].changes[0].value.message_template_id).toBe('number');
    const decided = events.filter((e): e is TemplateStatusEvent => e.kind === 'template.status');
    expect(decided).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          templateId: good.id,
          event: 'APPROVED',
          reason: 'NONE',
          name: 'welcome_back',
          language: 'en_US',
        }),
        expect.objectContaining({
          templateId: bad.id,
          event: 'REJECTED',
          reason: 'INVALID_FORMAT',
          rejectionInfo: expect.objectContaining({ reason: 'INVALID_FORMAT' }),
        }),
      ]),
    );
  });
});
