import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { setSelfOrigin } from '../lib/self-origin';
import {
  type ListeningContext,
  listeningTestContext,
  phoneApi,
  runSandboxJobs,
  type SignupResult,
  sandboxSignup,
} from '../test/sandbox';
import { createGraphClient, type GraphClient } from '../whatsapp/graph-client';
import { verifySignature } from '../whatsapp/signature';
import type { InboundMessageEvent, MessageStatusEvent, WebhookEvent } from '../whatsapp/types';
import { parseWebhook } from '../whatsapp/webhook-parser';

export type Captured = { headers: IncomingHttpHeaders; body: string };

export const CUSTOMER = '16505551234';

export const inbound = (events: WebhookEvent[]) =>
  events.filter((e): e is InboundMessageEvent => e.kind === 'message.inbound');
export const statuses = (events: WebhookEvent[]) =>
  events.filter((e): e is MessageStatusEvent => e.kind === 'message.status');

/**
 * The sandbox webhook tests' world: an app listening on a port, a capture server that plays the app's
 * webhook endpoint (so each POST the sandbox sends can be inspected), a signed-up business number with
 * a Graph client on its token, and the customer CUSTOMER. Call it once at the top of a test file; it
 * registers its own hooks. `ctx`, `signup` and `graph` are set before the tests; `answers` are the HTTP
 * statuses the capture server gives the next POSTs (then 200). After each test the delivery switches
 * are turned off, the sandbox's jobs run, and what was captured is dropped.
 */
export function webhooksFixture() {
  let capture: Server;
  let captured: Captured[] = [];
  const world = {
    ctx: undefined as unknown as ListeningContext,
    signup: undefined as unknown as SignupResult,
    graph: undefined as unknown as GraphClient,
    answers: [] as number[],
    phoneId: () => world.signup.data.phone_number_id,
    chat: () => `/phone-numbers/${world.phoneId()}/customers/${CUSTOMER}`,
    deliveries,
    customerSends,
    customerUploads,
  };

  beforeAll(async () => {
    world.ctx = await listeningTestContext();
    const { ctx } = world;
    capture = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        captured.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(world.answers.shift() ?? 200, { 'content-type': 'text/plain' });
        response.end('EVENT_RECEIVED');
      });
    });
    await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
    // Webhooks go to the capture server; Graph calls go straight to the app.
    setSelfOrigin(`http://127.0.0.1:${(capture.address() as AddressInfo).port}`);

    world.signup = await sandboxSignup(ctx.origin, 'Jasper’s Market');
    const exchange = await fetch(`${ctx.origin}/sandbox/graph/v22.0/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'sandbox-app',
        client_secret: ctx.env.meta.webhookSecret,
        code: world.signup.code,
      }),
    });
    const { access_token } = (await exchange.json()) as { access_token: string };
    world.graph = createGraphClient({
      baseUrl: `${ctx.origin}/sandbox/graph/v22.0`,
      accessToken: access_token,
    });
    await phoneApi(ctx.origin, 'POST', `/phone-numbers/${world.phoneId()}/customers`, {
      waId: CUSTOMER,
      name: 'Sheena Nelson',
    });
  });
  afterEach(async () => {
    await phoneApi(world.ctx.origin, 'PUT', '/settings', {
      duplicateDeliveries: false,
      batchUpdates: false,
      outOfOrderStatuses: false,
    });
    await runSandboxJobs(world.ctx);
    captured = [];
    world.answers = [];
  });
  afterAll(async () => {
    await new Promise((resolve) => capture.close(resolve));
    await world.ctx.close();
  });

  /** Runs the sandbox's jobs, checks every POST they made, and returns the events they carry. */
  async function deliveries(): Promise<{ posts: Captured[]; events: WebhookEvent[] }> {
    const { ctx } = world;
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

  async function customerSends(body: Record<string, unknown>): Promise<string> {
    const res = await phoneApi<{ id: string }>(world.ctx.origin, 'POST', `${world.chat()}/messages`, body);
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
    const res = await fetch(`${world.ctx.origin}/sandbox/api${world.chat()}/media`, {
      method: 'POST',
      body: form,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  return world;
}
