import type { Executor } from '../../db/client';
import { sandboxWebhookBatch } from '../../db/schema';
import { enqueue } from '../../jobs/queue';
import type { SandboxSettings } from '../state/settings';
import type { SandboxChange } from './build';
import { enqueueDeliveries } from './deliver.job';
import { flushKey, webhookFlushJob } from './flush.job';

/** How long `batchUpdates` gathers updates before one POST goes out. */
export const BATCH_WINDOW_MS = 500;
/** Lets transactions that joined the window commit before its flush takes the rows. */
const FLUSH_GRACE_MS = 100;

/**
 * Sends webhook changes to the app: at once (one POST each), or with `batchUpdates` gathered for
 * ~500 ms into one POST. Call it inside the transaction that made the change, so the webhook is
 * queued if and only if the change is stored.
 */
export async function emitChanges(
  db: Executor,
  changes: SandboxChange[],
  settings: Pick<SandboxSettings, 'batchUpdates' | 'duplicateDeliveries'>,
): Promise<void> {
  if (changes.length === 0) return;
  if (!settings.batchUpdates) {
    for (const change of changes) await enqueueDeliveries(db, [change], settings);
    return;
  }
  const entryTimes = changes.map((c) => c.entryTime);
  await db.insert(sandboxWebhookBatch).values(
    changes.map((change, i) => ({
      wabaId: change.wabaId,
      field: change.field,
      valueJson: JSON.stringify(change.value),
      inboundWamids: change.inboundWamids ?? [],
      ...(entryTimes[i] !== undefined ? { createdAt: new Date(entryTimes[i]! * 1000) } : {}),
    })),
  );
  // One flush per window: the dedupe key names the window, the job runs just after it closes.
  const bucket = Math.floor(Date.now() / BATCH_WINDOW_MS);
  await enqueue(
    db,
    webhookFlushJob,
    { bucket },
    { runAt: new Date((bucket + 1) * BATCH_WINDOW_MS + FLUSH_GRACE_MS), dedupeKey: flushKey(bucket) },
  );
}
