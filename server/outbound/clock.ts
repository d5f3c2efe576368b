import type { Executor } from '../db/client';
import type { Env } from '../env';
import { clockNow } from '../sandbox/state/settings';

/**
 * "Now" for the messaging window and for stamping outgoing messages. Against Meta it is the real clock;
 * when the account talks to the built-in sandbox it is the sandbox's clock, which the sandbox page can
 * move, so customer timestamps (from the sandbox) and ours stay on one timeline.
 */
export async function messagingNow(db: Executor, env: Env): Promise<Date> {
  if (env.sandbox && env.meta.graphUrl === null) return clockNow(db);
  return new Date();
}
