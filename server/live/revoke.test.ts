import { LIVE_CLOSE, type ServerFrame } from '@common/realtime';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { passwordResets, teamMembers } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/crypto';
import { sessionCookie } from '../test/factories';
import { addMember, buildInboxTeam, type TestUser } from '../test/inbox-factories';
import { type ListeningContext, listeningTestContext } from '../test/sandbox';
import { until } from '../test/until';
import { EVERY_ROOM, InProcessBroker } from './broker';
import { LiveClient, LiveHub } from './hub';
import { revokeLive } from './plugin';

/**
 * Revocation on one process: removing a member, signing out and resetting a password close the live
 * sockets they concern before the HTTP answer arrives (the periodic recheck would take ~100 s).
 */

type Socket = {
  ws: WebSocket;
  frames: ServerFrame[];
  /** Set once the socket closed: the code and reason the server sent. */
  closed: { code: number; reason: string } | undefined;
};

let ctx: ListeningContext;
let owner: TestUser;
let teamId: string;
const sockets: WebSocket[] = [];

/** A socket signed in with `cookie`, once the server said hello. */
async function connect(cookie: string): Promise<Socket> {
  const ws = new WebSocket(`${ctx.origin.replace('http', 'ws')}/api/live`, { headers: { cookie } });
  sockets.push(ws);
  const socket: Socket = { ws, frames: [], closed: undefined };
  ws.on('message', (data) => socket.frames.push(JSON.parse(data.toString()) as ServerFrame));
  ws.on('close', (code, reason) => {
    socket.closed = { code, reason: reason.toString() };
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused: ${response.statusCode}`)),
    );
    ws.once('error', reject);
  });
  await until(() => socket.frames.some((f) => f.type === 'hello'), 'hello', 3_000, 10);
  return socket;
}

/** The close has happened, or happens within 1 s (the old recheck took ~100 s). */
const closedSoon = (socket: Socket, what: string) =>
  until(() => socket.closed, `${what} to close`, 1_000, 10);

/** Still open a little later, and still answering: a revocation that was not its own left it alone. */
async function stillOpen(socket: Socket): Promise<void> {
  await new Promise((r) => setTimeout(r, 200));
  expect(socket.closed).toBeUndefined();
  socket.ws.send(JSON.stringify({ type: 'ping' }));
  await until(() => socket.frames.some((f) => f.type === 'pong'), 'pong', 3_000, 10);
}

/** A second session for the user, as signing in on another device does. */
async function signIn(user: TestUser): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password: 'secret123' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return sessionCookie(response.headers['set-cookie']);
}

beforeAll(async () => {
  ctx = await listeningTestContext();
  let team: { id: string };
  ({ owner, team } = await buildInboxTeam(ctx));
  teamId = team.id;
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await ctx.close();
});

describe('revoking live sockets', () => {
  it('closes a removed member’s sockets with 4403 as the owner’s DELETE returns; teammates stay', async () => {
    const member = await addMember(ctx, teamId);
    const [first, second, ownerSocket] = await Promise.all([
      connect(member.cookie),
      connect(await signIn(member)),
      connect(owner.cookie),
    ]);
    const [row] = await ctx.db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(eq(teamMembers.userId, member.id));
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/team/members/${row!.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode, res.body).toBe(204);
    for (const socket of [first, second]) {
      expect(await closedSoon(socket, 'the removed member’s socket')).toEqual({
        code: LIVE_CLOSE.forbidden,
        reason: 'no longer in the team',
      });
    }
    await stillOpen(ownerSocket);
    // The revocation is no frame: nobody's socket ever receives it.
    for (const socket of [first, second, ownerSocket])
      expect(socket.frames.every((f) => ['hello', 'event', 'pong'].includes(f.type))).toBe(true);
  });

  it('sign-out closes that session’s socket with 4401, not the same user’s other session', async () => {
    const member = await addMember(ctx, teamId);
    const otherCookie = await signIn(member);
    const [signingOut, otherSession] = await Promise.all([connect(member.cookie), connect(otherCookie)]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: member.cookie },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await closedSoon(signingOut, 'the signed-out socket')).toEqual({
      code: LIVE_CLOSE.unauthorized,
      reason: 'signed out',
    });
    await stillOpen(otherSession);
  });

  it('a password reset closes every socket of the user with 4401', async () => {
    const member = await addMember(ctx, teamId);
    const [first, second, ownerSocket] = await Promise.all([
      connect(member.cookie),
      connect(await signIn(member)),
      connect(owner.cookie),
    ]);
    const token = randomToken();
    await ctx.db.insert(passwordResets).values({
      userId: member.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'brand-new-password', confirmPassword: 'brand-new-password' },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const socket of [first, second]) {
      expect((await closedSoon(socket, 'the reset user’s socket')).code).toBe(LIVE_CLOSE.unauthorized);
    }
    await stillOpen(ownerSocket);
  });

  it('is a no-op in an app built without the live plugin', async () => {
    const bare = Fastify({ logger: false });
    await expect(revokeLive(bare, { reason: 'password-reset', userId: 'u' })).resolves.toBeUndefined();
    await bare.close();
  });
});

describe('the hub', () => {
  const fakeSocket = () => {
    const socket = {
      readyState: 1,
      bufferedAmount: 0,
      sent: [] as string[],
      closed: undefined as { code: number; reason: string } | undefined,
      send(text: string) {
        socket.sent.push(text);
      },
      close(code: number, reason: string) {
        socket.closed = { code, reason };
        socket.readyState = 2;
      },
      terminate() {},
      ping() {},
    };
    return socket;
  };
  const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

  it('closes only the sockets a revocation matches (user, then session or account)', async () => {
    const broker = new InProcessBroker();
    const hub = new LiveHub(broker, silent);
    const sockets = [fakeSocket(), fakeSocket(), fakeSocket(), fakeSocket()];
    const clients = [
      new LiveClient(sockets[0] as unknown as WebSocket, 'u1', 'acc1', 's1'),
      new LiveClient(sockets[1] as unknown as WebSocket, 'u1', 'acc1', 's2'),
      new LiveClient(sockets[2] as unknown as WebSocket, 'u1', 'acc2', 's3'),
      new LiveClient(sockets[3] as unknown as WebSocket, 'u2', 'acc1', 's4'),
    ];
    for (const client of clients) hub.join(client, [`account:${client.accountId}`]);

    await broker.revoke({ reason: 'signed-out', userId: 'u1', sessionId: 's1' });
    expect(sockets.map((s) => s.closed?.code)).toEqual([4401, undefined, undefined, undefined]);
    await broker.revoke({ reason: 'removed-from-team', userId: 'u1', accountId: 'acc1' });
    expect(sockets.map((s) => s.closed?.code)).toEqual([4401, 4403, undefined, undefined]);
    expect(hub.size).toBe(2);
    // Closed sockets left their rooms: a frame for acc1 reaches only u2's socket.
    await broker.publish('account:acc1', { type: 'resync', reason: 'fanout' });
    expect(sockets.map((s) => s.sent.length)).toEqual([0, 0, 0, 1]);
    await broker.revoke({ reason: 'password-reset', userId: 'u1' });
    expect(sockets.map((s) => s.closed?.code)).toEqual([4401, 4403, 4401, undefined]);
    // No revocation was ever written to a socket.
    expect(sockets.flatMap((s) => s.sent)).toEqual([JSON.stringify({ type: 'resync', reason: 'fanout' })]);
    hub.close();
  });

  it('rechecks every session at once when the fan-out was interrupted (revocations may be lost)', async () => {
    const broker = new InProcessBroker();
    const hub = new LiveHub(broker, silent);
    hub.join(new LiveClient(fakeSocket() as unknown as WebSocket, 'u1', 'acc1', 's1'), ['account:acc1']);
    const checked: number[] = [];
    hub.startHeartbeat(60_000, { every: 4, check: async (clients) => void checked.push(clients.length) });
    await broker.publish('account:acc1', { type: 'resync', reason: 'fanout' });
    expect(checked).toEqual([]);
    await broker.publish(EVERY_ROOM, { type: 'resync', reason: 'fanout' });
    expect(checked).toEqual([1]);
    hub.close();
  });
});
