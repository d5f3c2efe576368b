import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Keys of the shared rate-limit counters; one prefix for every process of an installation. */
export const RATE_LIMIT_NAMESPACE = 'switchboard:rate-limit:';

/**
 * With REDIS_URL, the rate limits (sign-in, sign-up, password reset, invitations…) count in Redis, so
 * two processes behind a load balancer share one budget instead of each granting the full one. The
 * connection fails fast (no offline queue, one try): while Redis is down the limiter skips counting
 * (`skipOnError`) and the app keeps serving; the outage is logged once, and counting resumes on its own.
 */
export function createRateLimitRedis(url: string, log: FastifyBaseLogger): Redis {
  const client = new Redis(url, {
    connectionName: 'switchboard-rate-limit',
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(100 * times, 2_000),
  });
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn(
      { err: { message: error.message } },
      'rate limits: Redis unreachable, not counting until it is back',
    );
  });
  client.on('ready', () => {
    if (down) log.info('rate limits: Redis is back');
    down = false;
  });
  return client;
}

/**
 * Waits for the first connection (at most `ms`), so a process that has just started counts its first
 * requests too: without the offline queue, commands sent while it connects would fail and go uncounted.
 * Redis down at start costs this wait once; the app then serves, not counting, as above.
 */
export async function firstConnection(client: Redis, ms = 2_000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once('ready', done);
  });
}
