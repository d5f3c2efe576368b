import type { MessageResponse } from '@common/api/inbox';
import type { ServerEventFrame, ServerFrame } from '@common/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { whatsappAccounts } from '../db/schema';
import { signUpUser } from '../test/factories';
import { buildInboxTeam, type TestUser } from '../test/inbox-factories';
import { type ListeningContext, listeningTestContext } from '../test/sandbox';
import { inboundText } from '../test/webhook-builders';
import { postWebhook } from '../test/webhooks';
import { FIXTURE_ACCOUNTS } from '../whatsapp/fixtures';
import { framesFor } from './feed';

type Socket = {
  ws: WebSocket;
  frames: ServerFrame[];
  /** Resolves with the first frame (already received or arriving) that matches. */
  waitFor<F extends ServerFrame>(match: (frame: ServerFrame) => frame is F, timeoutMs?: number): Promise<F>;
};

let ctx: ListeningContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
const sockets: WebSocket[] = [];

function connect(cookie?: string): Promise<Socket> {
  const url = `${ctx.origin.replace('http', 'ws')}/api/live`;
  const ws = new WebSocket(url, { headers: cookie ? { cookie } : {} });
  sockets.push(ws);
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as ServerFrame);
    for (const wake of waiters) wake();
  });
  const socket: Socket = {
    ws,
    frames,
    waitFor(match, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (found) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching frame; got ${frames.map((f) => (f.type === 'event' ? f.event : f.type)).join(', ')}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_request, response) =>
      reject(Object.assign(new Error('refused'), { status: response.statusCode })),
    );
    ws.once('error', reject);
  });
}

const isEvent =
  <E extends ServerEventFrame['event']>(
    event: E,
    pred: (frame: Extract<ServerEventFrame, { event: E }>) => boolean = () => true,
  ) =>
  (frame: ServerFrame): frame is Extract<ServerEventFrame, { event: E }> =>
    frame.type === 'event' && frame.event === event && pred(frame as Extract<ServerEventFrame, { event: E }>);

beforeAll(async () => {
  ctx = await listeningTestContext();
  ({ owner, member } = await buildInboxTeam(ctx));
  ({ owner: stranger } = await buildInboxTeam(ctx, FIXTURE_ACCOUNTS.secondary));
  // Live, as in production: the webhook processor and the job runner run by themselves.
  ctx.webhooks.start();
  ctx.runner.start();
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await ctx.close();
});

describe('the live feed', () => {
  it('refuses an upgrade without a session, and a signed-in user with no team', async () => {
    await expect(connect()).rejects.toMatchObject({ status: 401 });
    const loner = await signUpUser(ctx.app);
    await expect(connect(loner.cookie)).rejects.toMatchObject({ status: 403 });
  });

  it('says hello with the rooms’ account and the server clock', async () => {
    const socket = await connect(member.cookie);
    const hello = await socket.waitFor(
      (f): f is Extract<ServerFrame, { type: 'hello' }> => f.type === 'hello',
    );
    expect(hello).toMatchObject({ userId: member.id, heartbeatMs: 25_000 });
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    await socket.waitFor((f): f is Extract<ServerFrame, { type: 'pong' }> => f.type === 'pong');
  });

  it('two teammates see a customer’s message within a second of the webhook; another team sees nothing', async () => {
    const [a, b, other] = await Promise.all([
      connect(owner.cookie),
      connect(member.cookie),
      connect(stranger.cookie),
    ]);
    const wamid = `wamid.live.${Date.now()}`;
    const started = Date.now();
    const res = await postWebhook(
      ctx.app,
      inboundText({
        wamid,
        from: '16505550142',
        name: 'Maya Patel',
        body: 'Is anyone there?',
        at: Math.floor(started / 1000),
      }),
    );
    expect(res.statusCode).toBe(200);

    const created = isEvent('message.created', (f) => f.data.message.externalId === wamid);
    const [fa, fb] = await Promise.all([a.waitFor(created, 1000), b.waitFor(created, 1000)]);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(fa.data.message).toMatchObject({
      body: 'Is anyone there?',
      direction: 'incoming',
      abilities: { markRead: true },
    });
    expect(fb.data.messageId).toBe(fa.data.messageId);
    // The contact's list row rides on the message: one frame per message, no contact.updated after it.
    expect(fb.data.contact).toMatchObject({
      id: fa.data.contactId,
      name: 'Maya Patel',
      unreadCount: 1,
      lastMessagePreview: 'Is anyone there?',
    });

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(b.frames.filter((f) => f.type === 'event' && f.event === 'contact.updated')).toEqual([]);
    expect(other.frames.filter((f) => f.type === 'event')).toEqual([]);
  });

  it('presents a change only from its own account’s rows', async () => {
    const socket = await connect(owner.cookie);
    const wamid = `wamid.own.${Date.now()}`;
    const res = await postWebhook(
      ctx.app,
      inboundText({
        wamid,
        from: '16505550143',
        name: 'Ana Ruiz',
        body: 'Hello',
        at: Math.floor(Date.now() / 1000),
      }),
    );
    expect(res.statusCode).toBe(200);
    const { data } = await socket.waitFor(
      isEvent('message.created', (f) => f.data.message.externalId === wamid),
    );
    const [other] = await ctx.db
      .select({ id: whatsappAccounts.id })
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.phoneNumberId, FIXTURE_ACCOUNTS.secondary.phoneNumberId));
    const changes = (accountId: string) => [
      { kind: 'message.created' as const, accountId, contactId: data.contactId, messageId: data.messageId },
      { kind: 'contact.updated' as const, accountId, contactId: data.contactId },
    ];
    const own = await framesFor(ctx.db, ctx.app.clock, changes(data.accountId));
    expect(own.map(({ frame }) => frame.event)).toContain('message.created');
    // Another team's change naming these ids (it never should) finds none of the rows.
    const foreign = await framesFor(ctx.db, ctx.app.clock, changes(other!.id));
    expect(JSON.stringify(foreign)).not.toContain(data.messageId);
    expect(JSON.stringify(foreign)).not.toContain('Ana Ruiz');
  });

  it('a teammate’s send shows up for everyone with its clientRef, then its outcome', async () => {
    const [a, b] = await Promise.all([connect(owner.cookie), connect(member.cookie)]);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/contacts',
      headers: { cookie: owner.cookie },
    });
    const contactId = list.json().contacts[0].id as string;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/${contactId}/messages`,
      headers: { cookie: member.cookie },
      payload: { clientRef: 'temp-live-1', text: 'On it!' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as MessageResponse).message.id;
    const created = await a.waitFor(isEvent('message.created', (f) => f.data.messageId === id));
    expect(created.data.message).toMatchObject({
      clientRef: 'temp-live-1',
      status: 'pending',
      sentBy: { id: member.id },
    });
    // The fixture number is not one the sandbox knows, so Meta's side refuses it: the outcome still arrives live.
    const outcome = await b.waitFor(
      isEvent('message.updated', (f) => f.data.messageId === id && f.data.message.status !== 'pending'),
      5000,
    );
    expect(['sent', 'failed']).toContain(outcome.data.message.status);
  });
  it('a blocked contact’s new message still arrives live, but raises no notification', async () => {
    const socket = await connect(owner.cookie);
    const send = (wamid: string, body: string) =>
      postWebhook(
        ctx.app,
        inboundText({
          wamid,
          from: '16505550777',
          name: 'Noisy Ned',
          body,
          at: Math.floor(Date.now() / 1000),
        }),
      );
    const first = `wamid.block.${Date.now()}`;
    expect((await send(first, 'First message')).statusCode).toBe(200);
    const before = await socket.waitFor(
      isEvent('message.created', (f) => f.data.message.externalId === first),
    );
    expect(before.data.notify).toBe(true);

    const blocked = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/${before.data.contactId}/state`,
      headers: { cookie: owner.cookie },
      payload: { blocked: true },
    });
    expect(blocked.statusCode, blocked.body).toBe(204);

    const second = `wamid.block2.${Date.now()}`;
    expect((await send(second, 'Are you ignoring me?')).statusCode).toBe(200);
    const after = await socket.waitFor(
      isEvent('message.created', (f) => f.data.message.externalId === second),
    );
    expect(after.data.message.body).toBe('Are you ignoring me?');
    expect(after.data.notify).toBe(false);
  });
  it('a STOP opts out live: the system line arrives without a notification (issue 14)', async () => {
    const socket = await connect(owner.cookie);
    const wamid = `wamid.stop.${Date.now()}`;
    const res = await postWebhook(
      ctx.app,
      inboundText({
        wamid,
        from: '16505550778',
        name: 'Quiet Quinn',
        body: ' Stop ',
        at: Math.floor(Date.now() / 1000),
      }),
    );
    expect(res.statusCode).toBe(200);
    const stop = await socket.waitFor(isEvent('message.created', (f) => f.data.message.externalId === wamid));
    expect(stop.data.notify).toBe(true);
    const line = await socket.waitFor(
      isEvent('message.created', (f) => f.data.message.externalId === `consent:${wamid}`),
    );
    expect(line.data.message).toMatchObject({ body: 'Opted out of marketing messages', status: 'read' });
    expect(line.data.notify).toBe(false);
  });
});
