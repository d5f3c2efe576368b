import { LIVE_CLOSE, LIVE_HEARTBEAT_MS, LIVE_PATH, rooms, type ServerFrame } from '@common/realtime';
import websocket from '@fastify/websocket';
import { and, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveAccess } from '../auth/access';
import { requireAccount } from '../auth/require-account';
import { sessions } from '../db/schema';
import { createBroker, type LiveBroker, type LiveRevocation } from './broker';
import { startLiveFeed } from './feed';
import { LiveClient, LiveHub } from './hub';

/**
 * Sessions and team membership are checked again every 4 heartbeats (~100 s): the safety net behind
 * revocations (a revocation lost while Redis was away, a socket that joined while one was sent).
 */
const RECHECK_EVERY_BEATS = 4;

export type { LiveRevocation } from './broker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live fan-out (in process, or Redis with REDIS_URL); /readyz reports its health. */
    liveBroker: LiveBroker;
    /**
     * Closes the matching live sockets on every process: this process's at once, the others' once Redis
     * has the message when this resolves. Never rejects. Call it through `revokeLive(app, …)`, which
     * is a no-op in an app built without the live plugin.
     */
    liveRevoke: (revocation: LiveRevocation) => Promise<void>;
  }
}

/**
 * For routes: await it before answering a sign-out, a password reset or a member's removal, so the
 * user's sockets are closed (or handed to Redis for the other processes) by the time the answer
 * leaves. Does nothing when the live plugin is not registered.
 */
export async function revokeLive(app: FastifyInstance, revocation: LiveRevocation): Promise<void> {
  if (!app.hasDecorator('liveRevoke')) return;
  try {
    await app.liveRevoke(revocation);
  } catch (error) {
    // The brokers never reject; if one ever did, the recheck still closes the sockets later.
    app.log.warn({ err: error, revocation: revocation.reason }, 'live: revocation failed');
  }
}

/**
 * The live feed: GET /api/live upgraded to a WebSocket (access `member`: the session cookie signs the
 * upgrade in, anyone else gets the HTTP error and no socket). Each socket joins its account's room and
 * its user's room; the feed publishes committed inbox changes to the broker, the hub fans them out.
 * Not encapsulated (the broker is decorated on the root for /readyz); the WebSocket plugin and the
 * route stay in their own scope.
 */
export const livePlugin = fp(async function livePlugin(app: FastifyInstance): Promise<void> {
  const broker = createBroker({ redisUrl: app.env.redisUrl, log: app.log });
  app.decorate('liveBroker', broker);
  app.decorate('liveRevoke', (revocation: LiveRevocation) => broker.revoke(revocation));
  const hub = new LiveHub(broker, app.log);
  const stopFeed = startLiveFeed({ db: app.db, clock: app.clock, broker, log: app.log, events: app.events });

  hub.startHeartbeat(LIVE_HEARTBEAT_MS, {
    every: RECHECK_EVERY_BEATS,
    async check(clients) {
      if (clients.length === 0) return;
      const valid = await app.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            inArray(sessions.id, [...new Set(clients.map((c) => c.sessionId))]),
            gt(sessions.expiresAt, new Date()),
          ),
        );
      const live = new Set(valid.map((s) => s.id));
      for (const client of clients) {
        if (!live.has(client.sessionId)) {
          client.socket.close(LIVE_CLOSE.unauthorized, 'signed out');
          continue;
        }
        const access = await resolveAccess(app.db, client.userId);
        if (access.account?.id !== client.accountId)
          client.socket.close(LIVE_CLOSE.forbidden, 'no longer in the team');
      }
    },
  });

  app.addHook('onClose', async () => {
    stopFeed();
    hub.close();
    await broker.close();
  });

  await app.register(liveRoute, { hub });
});

async function liveRoute(app: FastifyInstance, { hub }: { hub: LiveHub }): Promise<void> {
  await app.register(websocket, { options: { maxPayload: 4096 } });

  app.get(
    LIVE_PATH,
    { websocket: true, config: { access: 'member' }, schema: { hide: true } },
    async (socket, request) => {
      const actor = await requireAccount(request).catch(() => null);
      if (!actor) {
        socket.close(LIVE_CLOSE.forbidden, 'no account');
        return;
      }
      const client = new LiveClient(socket, actor.id, actor.accountId, actor.sessionId);
      hub.join(client, [rooms.account(actor.accountId), rooms.user(actor.id)]);
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('message', (data) => {
        client.alive = true;
        if (data.toString() === '{"type":"ping"}') {
          void app.clock
            .now(app.db)
            .then((now) => client.send({ type: 'pong', serverNow: now.toISOString() }));
        }
      });
      socket.on('close', () => hub.leave(client));
      socket.on('error', () => hub.leave(client));

      const hello: ServerFrame = {
        type: 'hello',
        connectionId: client.id,
        userId: actor.id,
        accountId: actor.accountId,
        serverNow: (await app.clock.now(app.db)).toISOString(),
        heartbeatMs: LIVE_HEARTBEAT_MS,
      };
      client.send(hello);
    },
  );
}
