import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { jobs } from '../../db/schema';
import { defineJob } from '../../jobs/define';
import { queueSignal } from '../../jobs/queue';
import { getSettings, type SandboxSettings } from '../state/settings';
import { nextStepDue, type SweepJobRow, takeDueSteps } from '../state/steps';
import { enqueueDeliveries } from '../webhooks/deliver.job';
import { emitChanges } from '../webhooks/emit';
import { applySteps } from './apply';
import type { PlannedStep } from './plan';

/** Steps are swept in ticks of this length: one job per tick, however many sends it holds. */
export const TICK_MS = 250;
/** Lets sends that planned a step in the tick commit before its sweep runs. */
const SWEEP_GRACE_MS = 100;
/** Steps taken per transaction. */
const STEPS_PER_ROUND = 1_000;
/** Statuses (or customer messages) per POST: Meta batches, and a POST stays small. */
export const UPDATES_PER_POST = 100;
/** One sweep at a time, so one message's steps are never carried out by two at once. */
const SWEEP_LOCK_KEY = 7_140_221_778;

const sweepKey = (tick: number) => `sandbox.status.sweep:${tick}`;

/**
 * Carries out the steps due by the end of its tick (or by now, whichever is later: a sweep that runs
 * early, as tests make them, takes its own tick), sends their webhooks in POSTs of up to 100 updates,
 * then makes sure a sweep is queued for whatever still waits.
 */
export const statusSweepJob = defineJob({
  name: 'sandbox.status.sweep',
  schema: z.object({ tick: z.number().int() }),
  async handler({ tick }, { db, log }) {
    // Free this tick's key first: a send that commits a step into it late queues a new sweep.
    await db
      .update(jobs)
      .set({ dedupeKey: null })
      .where(eq(jobs.dedupeKey, sweepKey(tick)));
    const cutoff = new Date(Math.max(Date.now(), (tick + 1) * TICK_MS));
    for (;;) {
      const taken = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK_KEY})`);
        const steps = await takeDueSteps(tx, cutoff, STEPS_PER_ROUND);
        if (steps.length === 0) return 0;
        const settings = await getSettings(tx);
        const outcomes = await applySteps(tx, settings, steps);
        await emitInPosts(
          tx,
          outcomes.map((o) => o.change),
          settings,
        );
        log.debug({ steps: steps.length, webhooks: outcomes.length }, 'sandbox status steps swept');
        return steps.length;
      });
      if (taken < STEPS_PER_ROUND) break;
    }
    const next = await nextStepDue(db);
    if (next) await enqueueSweeps(db, [next.getTime()]);
  },
});

/** Sends changes in POSTs of up to 100 updates (or into the batch window when `batchUpdates` is on). */
async function emitInPosts(
  tx: Executor,
  changes: Parameters<typeof enqueueDeliveries>[1],
  settings: SandboxSettings,
): Promise<void> {
  if (settings.batchUpdates) {
    await emitChanges(tx, changes, settings);
    return;
  }
  for (let i = 0; i < changes.length; i += UPDATES_PER_POST)
    await enqueueDeliveries(tx, changes.slice(i, i + UPDATES_PER_POST), settings);
}

/** The sweep jobs for the ticks these times fall in, one per tick. */
function sweepRows(times: number[]): SweepJobRow[] {
  return [...new Set(times.map((t) => Math.floor(t / TICK_MS)))].map((tick) => ({
    name: statusSweepJob.name,
    payload: { tick },
    maxAttempts: statusSweepJob.maxAttempts,
    runAt: new Date((tick + 1) * TICK_MS + SWEEP_GRACE_MS),
    dedupeKey: sweepKey(tick),
  }));
}

/** The sweeps a message's planned steps need (queued with the steps; a queued tick is kept). */
export function sweepJobs(steps: PlannedStep[]): SweepJobRow[] {
  return sweepRows(steps.map((s) => s.dueAt.getTime()));
}

/** Queues the sweeps of the ticks these times fall in (one statement; a queued tick is kept). */
export async function enqueueSweeps(db: Executor, times: number[]): Promise<void> {
  const rows = sweepRows(times);
  if (rows.length === 0) return;
  await db.insert(jobs).values(rows).onConflictDoNothing();
  queueSignal.emit('enqueued');
}
