import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema';
import { hasRedisServer, startThrowawayRedis, type ThrowawayRedis } from '../test/redis';
import type { ServerProcess } from '../test/server-process';
import { inboundText } from '../test/webhook-builders';
import {
  type Cluster,
  type ConnectedNumber,
  connectSandboxNumber,
  createCluster,
  type LiveSocket,
  messageCreated,
  openLiveSocket,
  postSignedWebhook,
  readyz,
  signUp,
  until,
} from './harness';

/**
 * Redis stopped under two running processes. The Redis is a throw-away `redis-server` on a free port
 * (server/test/redis.ts), never the machine's shared one.
 */

let redis: ThrowawayRedis;
let cluster: Cluster;
let a: ServerProcess;
let b: ServerProcess;
let owner: { cookie: string };
let number: ConnectedNumber;

beforeAll(async () => {
  if (!hasRedisServer()) throw new Error('redis-server is not installed (apt-get install -y redis-server)');
  redis = await startThrowawayRedis();
  cluster = await createCluster({ redisUrl: redis.url });
  [a, b] = await Promise.all([cluster.start(), cluster.start()]);
  owner = await signUp(a.url);
  number = await connectSandboxNumber(a.url, owner.cookie);
});
afterAll(async () => {
  await cluster?.close();
  await redis?.stop();
});

let n = 0;
async function customerWrites(text: string): Promise<string> {
  n += 1;
  const wamid = `wamid.REDIS-OUTAGE-${n}-${Date.now()}`;
  const body = inboundText({
    wamid,
    from: '15550004444',
    name: 'Outage',
    body: text,
    at: 1_780_000_000 + n,
    number,
  });
  expect(await postSignedWebhook(a.url, body, cluster.webhookSecret)).toBe(200);
  return wamid;
}

const fanout = async (server: ServerProcess) => (await readyz(server.url)).body?.live;
const isResync = (frame: LiveSocket['frames'][number]) =>
  frame.type === 'resync' && frame.reason === 'fanout';

describe('Redis down under two processes', () => {
  it('keeps serving HTTP, and live updates between processes resume when Redis is back', async () => {
    const onA = await openLiveSocket(a.url, owner.cookie);
    const onB = await openLiveSocket(b.url, owner.cookie);
    const before = await customerWrites('before the outage');
    await Promise.all([onA.waitFor(messageCreated(before)), onB.waitFor(messageCreated(before))]);

    await redis.stop();
    for (const server of [a, b]) {
      await until(
        async () => (await fanout(server))?.connected === false,
        'the fan-out to report Redis down',
      );
      // Still ready: the database answers, and the process serves every request.
      expect((await readyz(server.url)).status).toBe(200);
      const contacts = await fetch(`${server.url}/api/contacts?tab=unassigned`, {
        headers: { cookie: owner.cookie },
      });
      expect(contacts.status).toBe(200);
      // Rate-limited routes count in Redis; while it is away they answer as usual instead of failing.
      const signIn = await fetch(`${server.url}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'whatever1' }),
      });
      expect(signIn.status).toBe(401);
    }

    // Accepted and stored as usual. Whichever process applies it delivers it to its own sockets; the
    // other process cannot hear of it until Redis returns.
    const during = await customerWrites('during the outage');
    await until(
      async () =>
        (await cluster.database.db.$count(
          messages,
          and(eq(messages.accountId, number.accountId), eq(messages.externalId, during)),
        )) === 1,
      'the message to be stored',
    );
    await until(
      () => onA.frames.some(messageCreated(during)) || onB.frames.some(messageCreated(during)),
      'the applying process’s own socket to get it',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect([onA, onB].filter((s) => s.frames.some(messageCreated(during)))).toHaveLength(1);

    await redis.start();
    for (const server of [a, b])
      await until(async () => (await fanout(server))?.connected === true, 'the fan-out to reconnect', 20_000);
    // Both browsers are told to refetch what they may have missed…
    await until(() => onA.frames.some(isResync) && onB.frames.some(isResync), 'a resync on both sockets');
    // …and events flow between the processes again.
    const after = await customerWrites('after the outage');
    await Promise.all([onA.waitFor(messageCreated(after)), onB.waitFor(messageCreated(after))]);
    onA.close();
    onB.close();
  });
});
