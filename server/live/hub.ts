import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { LIVE_CLOSE, type ServerFrame } from '@common/realtime';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { WebSocket } from 'ws';
import { EVERY_ROOM, type LiveBroker, type LiveRevocation } from './broker';

/** A socket that has this much unsent data is too slow: drop events and tell it to resync. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const OPEN = 1;

/** How a revoked socket is closed (the browser stops reconnecting on both codes). */
const REVOKED_CLOSE: Record<LiveRevocation['reason'], { code: number; text: string }> = {
  'removed-from-team': { code: LIVE_CLOSE.forbidden, text: 'no longer in the team' },
  'signed-out': { code: LIVE_CLOSE.unauthorized, text: 'signed out' },
  'password-reset': { code: LIVE_CLOSE.unauthorized, text: 'password changed' },
};

type Recheck = { every: number; check: (clients: LiveClient[]) => Promise<void> };

/** One signed-in browser tab. */
export class LiveClient {
  readonly id = randomUUID();
  alive = true;
  private missed = false;
  private corked = false;

  constructor(
    readonly socket: WebSocket,
    readonly userId: string,
    readonly accountId: string,
    readonly sessionId: string,
  ) {}

  /** Sends a serialized frame, or notes that this client missed one (it gets `resync` once it drains). */
  sendRaw(text: string): void {
    if (this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.missed = true;
      return;
    }
    this.coalesceWrites();
    if (this.missed) {
      this.missed = false;
      this.socket.send(JSON.stringify({ type: 'resync', reason: 'overflow' } satisfies ServerFrame));
    }
    this.socket.send(text);
  }

  /**
   * A webhook batch becomes several frames in one turn of the event loop (message, contact row…). Hold
   * the TCP socket's writes until the turn ends so they leave in one write instead of one system call
   * per frame per socket — under load that was a third of a process's time.
   */
  private coalesceWrites(): void {
    if (this.corked) return;
    const tcp = (this.socket as unknown as { _socket?: Socket })._socket;
    if (!tcp || typeof tcp.cork !== 'function') return;
    this.corked = true;
    tcp.cork();
    setImmediate(() => {
      this.corked = false;
      tcp.uncork();
    });
  }

  send(frame: ServerFrame): void {
    this.sendRaw(JSON.stringify(frame));
  }
}

/**
 * This process's sockets by room. Frames arrive from the broker (from any process) and go to the
 * sockets in their room, serialized once. Revocations arrive from the broker too (a separate listener:
 * they are never serialized to a socket) and close the matching sockets at once. A heartbeat pings
 * every socket and drops the ones that did not answer the previous ping.
 */
export class LiveHub {
  private readonly rooms = new Map<string, Set<LiveClient>>();
  private readonly clients = new Map<LiveClient, string[]>();
  private readonly byUser = new Map<string, Set<LiveClient>>();
  private readonly unsubscribe: () => void;
  private readonly unsubscribeRevocations: () => void;
  private heartbeat: NodeJS.Timeout | undefined;
  private recheck: Recheck | undefined;
  private beats = 0;

  constructor(
    broker: LiveBroker,
    private readonly log: Logger,
  ) {
    this.unsubscribe = broker.subscribe((room, frame) => {
      this.deliver(room, JSON.stringify(frame));
      // Every socket of this process is told to resync when the fan-out was interrupted: revocations
      // may have been lost with the frames, so check every socket's session now, not at the next round.
      if (room === EVERY_ROOM && frame.type === 'resync') this.runRecheck();
    });
    this.unsubscribeRevocations = broker.onRevoke((revocation) => this.revoke(revocation));
  }

  get size(): number {
    return this.clients.size;
  }

  join(client: LiveClient, rooms: string[]): void {
    this.clients.set(client, rooms);
    let own = this.byUser.get(client.userId);
    if (!own) {
      own = new Set();
      this.byUser.set(client.userId, own);
    }
    own.add(client);
    for (const room of rooms) {
      let members = this.rooms.get(room);
      if (!members) {
        members = new Set();
        this.rooms.set(room, members);
      }
      members.add(client);
    }
  }

  leave(client: LiveClient): void {
    for (const room of this.clients.get(client) ?? []) {
      const members = this.rooms.get(room);
      members?.delete(client);
      if (members?.size === 0) this.rooms.delete(room);
    }
    this.clients.delete(client);
    const own = this.byUser.get(client.userId);
    own?.delete(client);
    if (own?.size === 0) this.byUser.delete(client.userId);
  }

  /**
   * Closes this process's sockets that the revocation matches (the user's, narrowed to one session or
   * one account), synchronously: they leave their rooms first, so not one more frame reaches them.
   */
  revoke(revocation: LiveRevocation): void {
    const { code, text } = REVOKED_CLOSE[revocation.reason];
    for (const client of [...(this.byUser.get(revocation.userId) ?? [])]) {
      if (revocation.sessionId !== undefined && client.sessionId !== revocation.sessionId) continue;
      if (revocation.accountId !== undefined && client.accountId !== revocation.accountId) continue;
      this.leave(client);
      try {
        client.socket.close(code, text);
      } catch (error) {
        this.log.warn({ err: error }, 'live: could not close a revoked socket');
        client.socket.terminate();
      }
    }
  }

  private deliver(room: string, text: string): void {
    const clients = room === EVERY_ROOM ? this.clients.keys() : (this.rooms.get(room) ?? []);
    for (const client of clients) {
      try {
        client.sendRaw(text);
      } catch (error) {
        this.log.warn({ err: error }, 'live: could not send to a socket');
      }
    }
  }

  /**
   * Pings every socket each `intervalMs`; one that missed the last ping is closed. Every `recheckEvery`
   * beats, `recheck` decides whether each client may stay (session and team membership still valid).
   */
  startHeartbeat(intervalMs: number, recheck?: Recheck): void {
    this.recheck = recheck;
    this.heartbeat = setInterval(() => {
      this.beats += 1;
      for (const client of this.clients.keys()) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
      }
      if (recheck && this.beats % recheck.every === 0) this.runRecheck();
    }, intervalMs);
    this.heartbeat.unref();
  }

  private runRecheck(): void {
    if (!this.recheck || this.clients.size === 0) return;
    void this.recheck.check([...this.clients.keys()]).catch((error) => {
      this.log.warn({ err: error }, 'live: session recheck failed');
    });
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    this.unsubscribeRevocations();
    for (const client of this.clients.keys()) client.socket.close(1001, 'server shutting down');
    this.clients.clear();
    this.rooms.clear();
    this.byUser.clear();
  }
}
