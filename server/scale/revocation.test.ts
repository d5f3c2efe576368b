import { LIVE_CLOSE, type ServerFrame } from '@common/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { teamMembers } from '../db/schema';
import { sessionCookie } from '../test/factories';
import type { ServerProcess } from '../test/server-process';
import {
  type Cluster,
  connectSandboxNumber,
  createCluster,
  readyz,
  scaleServices,
  signUp,
  until,
} from './harness';

/**
 * Revocation across processes: a member whose socket is on process B is removed (or signs out) through
 * process A, and B closes the socket within a second of A's answer — not at B's next session recheck
 * (~100 s later).
 */

type ClosingSocket = { closed: { code: number; reason: string; at: number } | undefined };

let cluster: Cluster;
let a: ServerProcess;
let b: ServerProcess;
let owner: { cookie: string; userId: string };
let teamId: string;
const opened: WebSocket[] = [];

async function openSocket(origin: string, cookie: string): Promise<ClosingSocket> {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/api/live`, { headers: { cookie } });
  opened.push(ws);
  const socket: ClosingSocket = { closed: undefined };
  let hello = false;
  ws.on('message', (data) => {
    if ((JSON.parse(data.toString()) as ServerFrame).type === 'hello') hello = true;
  });
  ws.on('close', (code, reason) => {
    socket.closed = { code, reason: reason.toString(), at: Date.now() };
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_request, response) =>
      reject(new Error(`live socket refused: ${response.statusCode}`)),
    );
    ws.once('error', reject);
  });
  await until(() => hello, 'hello', 10_000, 20);
  return socket;
}

/** A new user made an active member of the owner's team (the membership row as sign-up writes it). */
async function newMember(): Promise<{ cookie: string; userId: string; email: string; memberId: string }> {
  const user = await signUp(a.url);
  const [row] = await cluster.database.db
    .insert(teamMembers)
    .values({ teamId, userId: user.userId, email: user.email, role: 'member', status: 'active' })
    .returning({ id: teamMembers.id });
  return { ...user, memberId: row!.id };
}

beforeAll(async () => {
  cluster = await createCluster({ redisUrl: scaleServices().redisUrl });
  [a, b] = await Promise.all([cluster.start(), cluster.start()]);
  owner = await signUp(a.url);
  await connectSandboxNumber(a.url, owner.cookie);
  const team = await fetch(`${a.url}/api/team`, { headers: { cookie: owner.cookie } });
  expect(team.status).toBe(200);
  teamId = ((await team.json()) as { team: { id: string } }).team.id;
  // Both subscribed to the fan-out before anything is revoked.
  for (const server of [a, b]) {
    await until(async () => (await readyz(server.url)).body?.live?.connected, 'the Redis fan-out to connect');
  }
});

afterAll(async () => {
  for (const ws of opened) ws.terminate();
  await cluster?.close();
});

describe('revocation across processes', () => {
  it('a member removed through process A loses their socket on process B within a second', async () => {
    const member = await newMember();
    const onB = await openSocket(b.url, member.cookie);
    const ownerOnB = await openSocket(b.url, owner.cookie);

    const response = await fetch(`${a.url}/api/team/members/${member.memberId}`, {
      method: 'DELETE',
      headers: { cookie: owner.cookie },
    });
    const answeredAt = Date.now();
    expect(response.status, await response.text()).toBe(204);

    const closed = await until(() => onB.closed, 'the socket on B to close', 1_000, 10);
    expect(closed).toMatchObject({ code: LIVE_CLOSE.forbidden, reason: 'no longer in the team' });
    expect(closed.at - answeredAt).toBeLessThan(1_000);
    expect(ownerOnB.closed).toBeUndefined();
  });

  it('signing out through process A closes that session’s socket on B with 4401, not another session’s', async () => {
    const member = await newMember();
    const other = await fetch(`${a.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: 'secret123' }),
    });
    expect(other.status, await other.clone().text()).toBe(200);
    const otherCookie = sessionCookie(other.headers.getSetCookie());
    const [signingOut, staying] = await Promise.all([
      openSocket(b.url, member.cookie),
      openSocket(b.url, otherCookie),
    ]);

    const response = await fetch(`${a.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: member.cookie },
    });
    const answeredAt = Date.now();
    expect(response.status).toBe(204);

    const closed = await until(() => signingOut.closed, 'the signed-out socket on B to close', 1_000, 10);
    expect(closed).toMatchObject({ code: LIVE_CLOSE.unauthorized, reason: 'signed out' });
    expect(closed.at - answeredAt).toBeLessThan(1_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(staying.closed).toBeUndefined();
  });
});
