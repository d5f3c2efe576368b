import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { jobs, sandboxWebhookBatch } from '../../db/schema';
import { defineJob } from '../../jobs/define';
import { getSettings } from '../state/settings';
import type { SandboxChange } from './build';
import { enqueueDeliveries } from './deliver.job';

/** At most this many updates per POST (Meta: "a maximum of 1000 updates"). */
const MAX_PER_POST = 1000;
/** One flush at a time: concurrent scans would split a window's rows into several POSTs. */
const FLUSH_LOCK_KEY = 7_140_221_777;

/**
 * With `batchUpdates` on, changes wait in sandbox_webhook_batch; this job (queued ~500 ms after the
 * first of them) takes everything waiting and turns it into as few POSTs as possible. Taking the rows
 * and queueing the delivery happen in one transaction, so nothing is lost or sent twice by it.
 */
export const webhookFlushJob = defineJob({
  name: 'sandbox.webhook.flush',
  schema: z.object({ bucket: z.number().int() }),
  async handler({ bucket }, { db, log }) {
    // Free this window's dedupe key first: a change that commits after the rows are taken below
    // then queues a new flush instead of waiting for the next window's.
    await db
      .update(jobs)
      .set({ dedupeKey: null })
      .where(eq(jobs.dedupeKey, flushKey(bucket)));
    for (;;) {
      const sent = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${FLUSH_LOCK_KEY})`);
        const rows = await tx
          .select()
          .from(sandboxWebhookBatch)
          .orderBy(asc(sandboxWebhookBatch.id))
          .limit(MAX_PER_POST)
          .for('update', { skipLocked: true });
        if (rows.length === 0) return 0;
        await tx.delete(sandboxWebhookBatch).where(
          inArray(
            sandboxWebhookBatch.id,
            rows.map((r) => r.id),
          ),
        );
        const changes: SandboxChange[] = rows.map((row) => ({
          wabaId: row.wabaId,
          field: row.field as SandboxChange['field'],
          value: JSON.parse(row.valueJson) as Record<string, unknown>,
          inboundWamids: row.inboundWamids,
          ...(row.field === 'message_template_status_update'
            ? { entryTime: Math.floor(row.createdAt.getTime() / 1000) }
            : {}),
        }));
        await enqueueDeliveries(tx, changes, await getSettings(tx));
        return rows.length;
      });
      if (sent > 0) log.debug({ updates: sent }, 'sandbox webhook batch flushed');
      if (sent < MAX_PER_POST) return;
    }
  },
});

export const flushKey = (bucket: number) => `sandbox.webhook.flush:${bucket}`;
