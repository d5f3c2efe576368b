import { EventEmitter } from 'node:events';
import type { z } from 'zod';
import type { Executor } from '../db/client';
import { jobs } from '../db/schema';
import type { JobDefinition } from './define';

/** Wakes in-process runners as soon as something is queued, instead of at the next poll. */
export const queueSignal = new EventEmitter();

export type EnqueueOptions = {
  runAt?: Date;
  /** A second enqueue with the same key is ignored while the first row exists. */
  dedupeKey?: string;
};

/** Queues a job; the payload is validated against the job's schema before it is stored. */
export async function enqueue<S extends z.ZodType>(
  db: Executor,
  job: JobDefinition<S>,
  payload: z.input<S>,
  options: EnqueueOptions = {},
): Promise<void> {
  const parsed = job.schema.parse(payload);
  await db
    .insert(jobs)
    .values({
      name: job.name,
      payload: parsed as object,
      maxAttempts: job.maxAttempts,
      runAt: options.runAt ?? new Date(),
      dedupeKey: options.dedupeKey,
    })
    .onConflictDoNothing();
  queueSignal.emit('enqueued');
}
