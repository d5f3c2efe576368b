import { randomUUID } from 'node:crypto';
import type { ServerEventFrame } from '@common/realtime';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { hasRedisServer, startThrowawayRedis, type ThrowawayRedis, testRedis } from '../test/redis';
import { until as untilTrue } from '../test/until';
import {
  type BrokerFrame,
  EVERY_ROOM,
  InProcessBroker,
  type LiveBroker,
  type LiveRevocation,
  RedisBroker,
} from './broker';

/**
 * One contract, every broker: the in-process one, and Redis on TEST_REDIS_URL. A pair (a, b) stands for
 * two processes sharing one fan-out (in process it is the same broker twice). Each test uses its own
 * channel, so runs sharing the machine's Redis never see each other's frames.
 */

type Received = { room: string; frame: BrokerFrame }[];
type Pair = { a: LiveBroker; b: LiveBroker; close(): Promise<void> };

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const redis = testRedis();

const frame = (n: number): ServerEventFrame => ({
  type: 'event',
  event: 'contact.deleted',
  data: { accountId: 'acc', contactId: `contact-${n}`, updatedAt: new Date(0).toISOString() },
});

function listen(broker: LiveBroker): Received {
  const received: Received = [];
  broker.subscribe((room, f) => received.push({ room, frame: f }));
  return received;
}

/** Frames arrive within milliseconds: look often, give up after 8 s. */
const until = (check: () => boolean, what: string) => untilTrue(check, what, 8_000, 20);

const connected = (broker: LiveBroker) => {
  const health = broker.health();
  return health.fanout === 'in-process' || health.connected;
};

const kinds: [string, () => Promise<Pair>][] = [
  [
    'in-process',
    async () => {
      const broker = new InProcessBroker();
      return { a: broker, b: broker, close: () => broker.close() };
    },
  ],
];
if (redis.url) {
  const url = redis.url;
  kinds.push([
    'redis',
    async () => {
      const channel = `switchboard:test:${randomUUID()}`;
      const a = new RedisBroker({ url, log: silent, channel });
      const b = new RedisBroker({ url, log: silent, channel });
      await until(() => connected(a) && connected(b), 'both brokers to subscribe');
      return { a, b, close: async () => void (await Promise.all([a.close(), b.close()])) };
    },
  ]);
} else if (redis.required) {
  describe('redis broker', () => {
    it('runs against TEST_REDIS_URL', () => {
      throw new Error(`${redis.missing}: CI=true forbids skipping the Redis broker tests.`);
    });
  });
} else {
  console.warn(`! Redis broker tests skipped: ${redis.missing}.`);
}

const pairs: Pair[] = [];
afterEach(async () => {
  await Promise.all(pairs.splice(0).map((p) => p.close()));
});
const open = async (make: () => Promise<Pair>) => {
  const pair = await make();
  pairs.push(pair);
  return pair;
};

describe.each(kinds)('%s broker', (_kind, make) => {
  it('delivers a frame published on one process to the listeners of every process, once each', async () => {
    const { a, b } = await open(make);
    const onA = listen(a);
    const onB = listen(b);
    await a.publish('account:1', frame(1));
    // The publisher's own listeners have it before publish returns.
    expect(onA).toEqual([{ room: 'account:1', frame: frame(1) }]);
    await until(() => onB.length >= 1, 'the frame on b');
    await new Promise((r) => setTimeout(r, 100)); // room for a duplicate, if there were one
    expect(onA).toEqual([{ room: 'account:1', frame: frame(1) }]);
    expect(onB).toEqual([{ room: 'account:1', frame: frame(1) }]);
  });

  it('keeps the order of one publisher’s frames', async () => {
    const { a, b } = await open(make);
    const onB = listen(b);
    for (let n = 0; n < 200; n++) await a.publish(`account:${n % 3}`, frame(n));
    await until(() => onB.length >= 200, '200 frames on b');
    expect(
      onB.map((r) => (r.frame as ServerEventFrame & { event: 'contact.deleted' }).data.contactId),
    ).toEqual(Array.from({ length: 200 }, (_, n) => `contact-${n}`));
  });

  it('stops delivering to a listener that unsubscribed', async () => {
    const { a, b } = await open(make);
    const kept: Received = listen(b);
    const dropped: Received = [];
    const unsubscribe = b.subscribe((room, f) => dropped.push({ room, frame: f }));
    unsubscribe();
    await a.publish('account:1', frame(1));
    await until(() => kept.length === 1, 'the frame on the kept listener');
    expect(dropped).toEqual([]);
  });

  it('carries a revocation to every process’s revocation listeners, once each, and never as a frame', async () => {
    const { a, b } = await open(make);
    const framesOnA = listen(a);
    const framesOnB = listen(b);
    const onA: LiveRevocation[] = [];
    const onB: LiveRevocation[] = [];
    a.onRevoke((r) => onA.push(r));
    b.onRevoke((r) => onB.push(r));
    const revocation: LiveRevocation = { reason: 'removed-from-team', userId: 'user-1', accountId: 'acc' };
    await a.revoke(revocation);
    // The publisher's own listeners have it before revoke returns; the other process once Redis answered.
    expect(onA).toEqual([revocation]);
    await until(() => onB.length >= 1, 'the revocation on b');
    await new Promise((r) => setTimeout(r, 100)); // room for a duplicate, if there were one
    expect(onA).toEqual([revocation]);
    expect(onB).toEqual([revocation]);
    expect([...framesOnA, ...framesOnB]).toEqual([]);
  });

  it('reports its health and closes twice without complaint', async () => {
    const { a } = await open(make);
    const health = a.health();
    expect(health.fanout === 'in-process' || health.connected).toBe(true);
    await a.close();
    await a.close();
  });
});

describe('redis broker while Redis is down', () => {
  if (!hasRedisServer()) {
    if (redis.required) {
      it('can start a throw-away redis-server', () => {
        throw new Error('redis-server is not installed (apt-get install -y redis-server)');
      });
    } else {
      console.warn('! Redis fault test skipped: redis-server is not installed.');
    }
    return;
  }

  let server: ThrowawayRedis | undefined;
  afterAll(() => server?.stop());

  it('serves its own listeners, logs without secrets, and resumes with a resync when Redis returns', async () => {
    const PASSWORD = 'pw-must-not-be-logged';
    server = await startThrowawayRedis({ password: PASSWORD });
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const channel = `switchboard:test:${randomUUID()}`;
    const a = new RedisBroker({ url: server.url, log: log as unknown as FastifyBaseLogger, channel });
    const b = new RedisBroker({ url: server.url, log: silent, channel });
    pairs.push({ a, b, close: async () => void (await Promise.all([a.close(), b.close()])) });
    await until(() => connected(a) && connected(b), 'both brokers to subscribe');
    const onA = listen(a);
    const onB = listen(b);

    await server.stop();
    await until(() => !connected(a) && !connected(b), 'both brokers to notice');
    const started = Date.now();
    await a.publish('account:1', frame(1));
    expect(Date.now() - started).toBeLessThan(100); // no waiting on a dead Redis
    expect(onA).toEqual([{ room: 'account:1', frame: frame(1) }]);
    expect(a.health()).toMatchObject({ fanout: 'redis', connected: false });
    // A revocation neither waits nor throws: this process's listeners get it, the rest is logged.
    const revokedOnA: LiveRevocation[] = [];
    a.onRevoke((r) => revokedOnA.push(r));
    const revokeStarted = Date.now();
    await a.revoke({ reason: 'signed-out', userId: 'user-1', sessionId: 'session-1' });
    expect(Date.now() - revokeStarted).toBeLessThan(100);
    expect(revokedOnA).toHaveLength(1);

    await server.start();
    await until(() => connected(a) && connected(b), 'both brokers to reconnect');
    // b missed frame 1: its subscriber tells every socket of its process to refetch. (a's publisher
    // also sends a resync to the room it could not reach; b sees it only if it resubscribed first.)
    await until(() => onB.some((r) => r.room === EVERY_ROOM), 'a resync on b');
    expect(onB).toContainEqual({ room: EVERY_ROOM, frame: { type: 'resync', reason: 'fanout' } });
    // Nothing but resyncs: frame 1 itself is gone (pub/sub keeps nothing).
    expect(onB.every((r) => r.frame.type === 'resync')).toBe(true);

    await a.publish('account:1', frame(2));
    await until(() => onB.some((r) => r.frame.type === 'event'), 'live frames again');
    expect(onB.filter((r) => r.frame.type === 'event')).toEqual([{ room: 'account:1', frame: frame(2) }]);

    const logged = lines.join('\n');
    expect(logged).toContain('live: lost the Redis connection');
    expect(logged).toContain('live: Redis fan-out unavailable');
    expect(logged).toContain('live: reconnected to Redis');
    expect(logged).toContain('live: could not send a revocation to the other processes');
    expect(logged).not.toContain(PASSWORD);
    // One warning per outage and connection, not one per reconnect attempt or per frame.
    // (plus the one revocation that could not be sent)
    expect(lines.filter((l) => l.includes('"level":40')).length).toBeLessThanOrEqual(4);
  }, 30_000);

  it('a publish that times out on a stalled Redis gets its room a resync once publishing works again', async () => {
    server ??= await startThrowawayRedis();
    if (!server) throw new Error('no redis-server');
    const channel = `switchboard:test:${randomUUID()}`;
    const a = new RedisBroker({ url: server.url, log: silent, channel });
    const b = new RedisBroker({ url: server.url, log: silent, channel });
    const admin = new Redis(server.url);
    pairs.push({
      a,
      b,
      close: async () => {
        admin.disconnect();
        await Promise.all([a.close(), b.close()]);
      },
    });
    await until(() => connected(a) && connected(b), 'both brokers to subscribe');
    const onB = listen(b);

    // Redis stops executing writes (PUBLISH included) for 2.5 s; a's publish times out after 2 s
    // with the connection still up, so no reconnect will announce the gap.
    await admin.call('CLIENT', 'PAUSE', '2500', 'WRITE');
    await a.publish('account:7', frame(1));
    await new Promise((r) => setTimeout(r, 2_800));
    await a.publish('account:7', frame(2));
    await until(
      () => onB.some((r) => r.room === 'account:7' && r.frame.type === 'resync'),
      'a resync for account:7 on b',
    );
    expect(onB.filter((r) => r.frame.type === 'event').map((r) => r.frame)).toContainEqual(frame(2));
  }, 30_000);
});
