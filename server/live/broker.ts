import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { ServerEventFrame, ServerFrame } from '@common/realtime';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';

/** What travels between processes: typed events, and `resync` when some of them may have been lost. */
export type BrokerFrame = ServerEventFrame | Extract<ServerFrame, { type: 'resync' }>;
export type LiveListener = (room: string, frame: BrokerFrame) => void;

/**
 * A control message, never a browser frame: close the sockets it matches on every process, at once.
 * `userId` always; `sessionId` narrows it to one session (sign-out), `accountId` to one account
 * (removed from the team). The hub picks the close code from `reason`.
 */
export type LiveRevocation = {
  reason: 'removed-from-team' | 'signed-out' | 'password-reset';
  userId: string;
  sessionId?: string;
  accountId?: string;
};
export type RevocationListener = (revocation: LiveRevocation) => void;

/** The room name that means "every socket of this process" (only ever delivered locally). */
export const EVERY_ROOM = '*';

export type BrokerHealth =
  | { fanout: 'in-process' }
  | { fanout: 'redis'; connected: boolean; publisher: string; subscriber: string };

/**
 * Carries live events from the process that produced them (a request, a job, the webhook processor)
 * to every process holding sockets: in process without REDIS_URL, through Redis pub/sub with it.
 */
export interface LiveBroker {
  /** Never rejects: a fan-out failure is logged, and this process's own sockets still get the frame. */
  publish(room: string, frame: BrokerFrame): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: LiveListener): () => void;
  /**
   * Hands a revocation to this process's listeners synchronously, then to every other process; resolves
   * once it is handed over (Redis answered the PUBLISH). Never rejects: a failure is logged, and the
   * periodic session recheck closes the other processes' sockets later.
   */
  revoke(revocation: LiveRevocation): Promise<void>;
  /** Returns the unsubscribe function. */
  onRevoke(listener: RevocationListener): () => void;
  /** For /readyz. */
  health(): BrokerHealth;
  close(): Promise<void>;
}

/** One process: events go straight to this process's sockets. */
export class InProcessBroker implements LiveBroker {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(room: string, frame: BrokerFrame): Promise<void> {
    this.emitter.emit('frame', room, frame);
  }

  subscribe(listener: LiveListener): () => void {
    this.emitter.on('frame', listener);
    return () => this.emitter.off('frame', listener);
  }

  async revoke(revocation: LiveRevocation): Promise<void> {
    this.emitter.emit('revoke', revocation);
  }

  onRevoke(listener: RevocationListener): () => void {
    this.emitter.on('revoke', listener);
    return () => this.emitter.off('revoke', listener);
  }

  health(): BrokerHealth {
    return { fanout: 'in-process' };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export const DEFAULT_LIVE_CHANNEL = 'switchboard:live';
/** Rooms remembered while the publisher is down; past this every room of every process resyncs. */
const MAX_MISSED_ROOMS = 10_000;
const RESYNC: BrokerFrame = { type: 'resync', reason: 'fanout' };

/** On the one channel: a frame for a room, or a revocation (which no process ever sends to a socket). */
type Envelope = { from: string; room: string; frame: BrokerFrame } | { from: string; revoke: LiveRevocation };

export type RedisBrokerOptions = {
  url: string;
  log: Logger;
  /** One channel carries every room; processes of one installation must use the same one. */
  channel?: string;
};

/**
 * Fan-out through Redis pub/sub: one publisher and one subscriber connection, one channel, each
 * message `{from, room, frame}` (or `{from, revoke}`, see `revoke`) as JSON.
 *
 * Delivery: `publish` hands the frame to this process's own sockets at once, then PUBLISHes it; each
 * process's subscriber drops messages whose `from` is its own instance id (its sockets already have
 * them) and delivers the rest. So a process's own sockets keep getting its events while Redis is down,
 * and no socket ever sees a frame twice. Redis keeps the order of one connection's messages, and local
 * delivery happens in publish order, so each socket sees one producer's frames in order.
 *
 * Faults: the publisher has no offline queue, so while Redis is unreachable a publish fails at once
 * (logged once per outage, never thrown into a request); the rooms it could not reach are remembered
 * and get a `resync` frame through Redis once the publisher is back, so other processes' sockets refetch
 * what they missed. Both connections reconnect by themselves (backoff up to 2 s, forever). The
 * subscriber (re)subscribes on every `ready`; after a reconnect it tells every local socket to `resync`,
 * because frames published while it was away are gone (pub/sub keeps nothing).
 */
export class RedisBroker implements LiveBroker {
  readonly instanceId = randomUUID();
  private readonly channel: string;
  private readonly log: Logger;
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly pub: Redis;
  private readonly sub: Redis;
  private subscribed = false;
  private subscribedOnce = false;
  private closed = false;
  /** Rooms this process could not publish to; null = too many to remember, resync everything. */
  private missedRooms: Set<string> | null = new Set();
  private publishFailures = 0;

  constructor(options: RedisBrokerOptions) {
    this.channel = options.channel ?? DEFAULT_LIVE_CHANNEL;
    this.log = options.log;
    const common: RedisOptions = {
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(100 * times, 2_000),
      // Reconnect after READONLY (a failover), like any other dropped connection.
      reconnectOnError: (error) => error.message.startsWith('READONLY'),
    };
    this.pub = new Redis(options.url, {
      ...common,
      connectionName: 'switchboard-live-pub',
      // The frames of one commit are published in one turn: send them to Redis in one write.
      enableAutoPipelining: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 2_000,
    });
    this.sub = new Redis(options.url, {
      ...common,
      connectionName: 'switchboard-live-sub',
      // Subscribing is done by hand on every `ready`, to know when the subscription is live again.
      autoResubscribe: false,
      maxRetriesPerRequest: null,
    });
    this.watch(this.pub, 'publisher');
    this.watch(this.sub, 'subscriber');
    this.pub.on('ready', () => this.flushMissed());
    this.sub.on('ready', () => void this.subscribeChannel());
    this.sub.on('close', () => {
      this.subscribed = false;
    });
    this.sub.on('message', (_channel: string, text: string) => this.receive(text));
  }

  async publish(room: string, frame: BrokerFrame): Promise<void> {
    this.emitter.emit('frame', room, frame);
    this.send(room, frame);
  }

  subscribe(listener: LiveListener): () => void {
    this.emitter.on('frame', listener);
    return () => this.emitter.off('frame', listener);
  }

  /**
   * This process's sockets are closed before anything is sent; then the PUBLISH is awaited, so that
   * once this resolves Redis has handed the revocation to every subscribed process. A dead or stalled
   * Redis (up to the 2 s command timeout) costs a warning, never an error to the request.
   */
  async revoke(revocation: LiveRevocation): Promise<void> {
    this.emitter.emit('revoke', revocation);
    if (this.closed) return;
    const warn = (reason: string) =>
      this.log.warn(
        { component: 'live', redis: 'publisher', revocation: revocation.reason, reason },
        'live: could not send a revocation to the other processes; their session recheck will close the sockets',
      );
    if (this.pub.status !== 'ready') {
      warn('Redis is not connected');
      return;
    }
    const envelope: Envelope = { from: this.instanceId, revoke: revocation };
    try {
      await this.pub.publish(this.channel, JSON.stringify(envelope));
    } catch (error) {
      warn(error instanceof Error ? error.message : String(error));
    }
  }

  onRevoke(listener: RevocationListener): () => void {
    this.emitter.on('revoke', listener);
    return () => this.emitter.off('revoke', listener);
  }

  health(): BrokerHealth {
    return {
      fanout: 'redis',
      connected: this.pub.status === 'ready' && this.subscribed,
      publisher: this.pub.status,
      subscriber: this.subscribed ? 'subscribed' : this.sub.status,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.emitter.removeAllListeners();
    const quit = Promise.allSettled([this.pub.quit(), this.sub.quit()]);
    const timeout = new Promise((resolve) => setTimeout(resolve, 1_000).unref());
    await Promise.race([quit, timeout]);
    this.pub.disconnect();
    this.sub.disconnect();
  }

  private send(room: string, frame: BrokerFrame): void {
    if (this.closed) return;
    if (this.pub.status !== 'ready') {
      this.missed(room, 'Redis is not connected');
      return;
    }
    const envelope: Envelope = { from: this.instanceId, room, frame };
    this.pub.publish(this.channel, JSON.stringify(envelope)).then(
      // A publish that timed out leaves the connection up: the next one that succeeds flushes.
      () => this.flushMissed(),
      (error: unknown) => this.missed(room, error instanceof Error ? error.message : String(error)),
    );
  }

  private missed(room: string, reason: string): void {
    if (this.closed) return;
    this.publishFailures += 1;
    if (this.publishFailures === 1) {
      // Only the message: a failed command's error carries its arguments (customer text).
      this.log.warn(
        { component: 'live', redis: 'publisher', reason },
        'live: Redis fan-out unavailable; events reach only this process’s sockets until it returns',
      );
    }
    if (this.missedRooms && room !== EVERY_ROOM) {
      this.missedRooms.add(room);
      if (this.missedRooms.size > MAX_MISSED_ROOMS) this.missedRooms = null;
    }
  }

  /** The publisher is back: tell the rooms other processes missed to refetch. */
  private flushMissed(): void {
    if (this.publishFailures === 0 || this.pub.status !== 'ready') return;
    const rooms = this.missedRooms ? [...this.missedRooms] : [EVERY_ROOM];
    this.log.info(
      { component: 'live', redis: 'publisher', dropped: this.publishFailures, rooms: rooms.length },
      'live: Redis fan-out restored; asking the affected rooms to resync',
    );
    this.publishFailures = 0;
    this.missedRooms = new Set();
    for (const room of rooms) this.send(room, RESYNC);
  }

  private async subscribeChannel(): Promise<void> {
    try {
      await this.sub.subscribe(this.channel);
    } catch (error) {
      // The connection dropped again before the answer; the next `ready` tries again.
      this.log.warn(
        { component: 'live', redis: 'subscriber', reason: error instanceof Error ? error.message : error },
        'live: could not subscribe to Redis',
      );
      return;
    }
    this.subscribed = true;
    if (this.subscribedOnce) {
      // Frames published while we were away are gone: every local socket refetches what is on screen.
      this.emitter.emit('frame', EVERY_ROOM, RESYNC);
    }
    this.subscribedOnce = true;
  }

  private receive(text: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      this.log.warn({ component: 'live', redis: 'subscriber' }, 'live: ignored a message that is not JSON');
      return;
    }
    if (typeof envelope !== 'object' || envelope === null) return;
    // Our own echo: this process's sockets got the frame (or the revocation) when it was published.
    if (envelope.from === this.instanceId) return;
    if ('revoke' in envelope) {
      if (isRevocation(envelope.revoke)) this.emitter.emit('revoke', envelope.revoke);
      return;
    }
    if (typeof envelope.room !== 'string' || typeof envelope.frame !== 'object' || envelope.frame === null)
      return;
    this.emitter.emit('frame', envelope.room, envelope.frame);
  }

  /** Logs each connection's outage once when it starts and once when it ends (never the URL). */
  private watch(client: Redis, role: 'publisher' | 'subscriber'): void {
    const state = { downSince: 0, warned: false, everReady: false };
    client.on('close', () => {
      if (this.closed || !state.everReady || state.downSince !== 0) return;
      state.downSince = Date.now();
      this.log.warn({ component: 'live', redis: role }, 'live: lost the Redis connection; reconnecting');
    });
    client.on('error', (error: Error & { code?: string }) => {
      // Before the first connection there is no `close` to report: say once that Redis is unreachable.
      if (this.closed || state.everReady || state.warned) return;
      state.warned = true;
      this.log.warn(
        { component: 'live', redis: role, code: error.code, reason: error.message },
        'live: cannot reach Redis; retrying',
      );
    });
    client.on('ready', () => {
      this.log.info(
        {
          component: 'live',
          redis: role,
          ...(state.everReady ? { downMs: Date.now() - state.downSince } : {}),
        },
        state.everReady ? 'live: reconnected to Redis' : 'live: connected to Redis',
      );
      state.downSince = 0;
      state.everReady = true;
    });
  }
}

const REVOCATION_REASONS: ReadonlySet<string> = new Set<LiveRevocation['reason']>([
  'removed-from-team',
  'signed-out',
  'password-reset',
]);

/** A revocation from another process, checked before it closes anything. */
function isRevocation(value: unknown): value is LiveRevocation {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  const optionalString = (v: unknown) => v === undefined || typeof v === 'string';
  return (
    typeof r.reason === 'string' &&
    REVOCATION_REASONS.has(r.reason) &&
    typeof r.userId === 'string' &&
    optionalString(r.sessionId) &&
    optionalString(r.accountId)
  );
}

/** REDIS_URL set → Redis fan-out between processes; unset → in process. */
export function createBroker(options: { redisUrl: string | undefined; log: Logger }): LiveBroker {
  return options.redisUrl
    ? new RedisBroker({ url: options.redisUrl, log: options.log })
    : new InProcessBroker();
}
