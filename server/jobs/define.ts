import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ChannelProvider } from '../channel/channel';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { EventBus } from '../events/bus';

export type JobContext = {
  db: Database;
  env: Env;
  log: Logger;
  attempt: number;
  events: EventBus;
  /** How jobs reach WhatsApp (`server/channel/`), built once at start-up. */
  channels: ChannelProvider;
};

export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  /** Stable dotted id, stored in the queue: never rename one that may be queued. */
  name: string;
  schema: S;
  maxAttempts: number;
  /** Delay before attempt `attempt + 1`, in ms. */
  backoffMs: (attempt: number) => number;
  /** Must be safe to run twice: start by loading the state and returning if the work is done. */
  handler: (payload: z.infer<S>, ctx: JobContext) => Promise<void>;
};

/** Exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 5 minutes. */
export function exponentialBackoff(attempt: number): number {
  const base = Math.min(1000 * 2 ** Math.max(0, attempt - 1), 300_000);
  return base + Math.floor(Math.random() * Math.min(1000, base / 2));
}

export function defineJob<S extends z.ZodType>(
  def: Pick<JobDefinition<S>, 'name' | 'schema' | 'handler'> &
    Partial<Pick<JobDefinition<S>, 'maxAttempts' | 'backoffMs'>>,
): JobDefinition<S> {
  return { maxAttempts: 5, backoffMs: exponentialBackoff, ...def };
}
