import { EventEmitter } from 'node:events';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { webhookEvents } from '../db/schema';
import { applyDeliveriesInBulk } from './apply-batch';
import { type InboxChange, publishChanges } from './inbox-changes';

/** Emitted by the webhook route after a delivery is stored, so the processor starts at once. */
export const webhookSignal = new EventEmitter();

type WebhookEventRow = typeof webhookEvents.$inferSelect;
const MAX_ATTEMPTS = 10;
// Applying a batch takes well under a second; a dead process's claims come back after this.
const LEASE_SECONDS = 10;

/**
 * Turns stored webhook deliveries into contacts, messages, reactions and statuses. Each delivery is
 * applied in one transaction together with its "processed" mark; everything it writes is
 * idempotent, so a replay or a crash between the two changes nothing. Claims use SKIP LOCKED
 * under a lease, so several processes share the work and a dead one's claims come back.
 */
export class WebhookProcessor {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private busy: Promise<void> | undefined;
  private readonly wake = () => {
    if (this.running && !this.busy) this.schedule(0);
  };

  constructor(private readonly options: { db: Database; log: Logger; batchSize?: number; pollMs?: number }) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    webhookSignal.on('received', this.wake);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    webhookSignal.off('received', this.wake);
    clearTimeout(this.timer);
    await this.busy;
  }

  /** Processes everything pending now (tests, scripts). */
  async drain(maxRounds = 1000): Promise<number> {
    let total = 0;
    for (let round = 0; round < maxRounds; round++) {
      const done = await this.processBatch();
      total += done;
      if (done === 0) break;
    }
    return total;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.busy = this.tick().finally(() => {
        this.busy = undefined;
      });
    }, ms);
  }

  private async tick(): Promise<void> {
    let done = 0;
    try {
      done = await this.processBatch();
    } catch (error) {
      this.options.log.error({ err: error }, 'webhook processing round failed');
    }
    if (this.running) this.schedule(done > 0 ? 0 : (this.options.pollMs ?? 1000));
  }

  async processBatch(): Promise<number> {
    const claimed = await this.claim(this.options.batchSize ?? 200);
    if (claimed.length === 0) return 0;
    const { db, log } = this.options;

    // Fast path: the whole batch with set-based statements, one commit.
    try {
      const changes: InboxChange[] = [];
      await db.transaction(async (tx) => {
        await applyDeliveriesInBulk(
          tx,
          claimed.map((row) => row.body),
          changes,
          log,
        );
        await tx
          .update(webhookEvents)
          .set({ status: 'processed', processedAt: new Date(), lockedUntil: null, error: null })
          .where(
            inArray(
              webhookEvents.id,
              claimed.map((row) => row.id),
            ),
          );
      });
      publishChanges(changes);
      return claimed.length;
    } catch (error) {
      log.warn(
        { err: error, deliveries: claimed.length },
        'batch apply failed; applying deliveries one by one',
      );
    }

    // Careful path: one commit for the batch, each delivery in its own savepoint, so a bad one rolls back alone.
    const changes: InboxChange[] = [];
    const failures: { row: WebhookEventRow; error: unknown }[] = [];
    await db.transaction(async (tx) => {
      for (const row of claimed) {
        const rowChanges: InboxChange[] = [];
        try {
          await tx.transaction(async (savepoint) => {
            await applyDeliveriesInBulk(savepoint, [row.body], rowChanges, log);
            await savepoint
              .update(webhookEvents)
              .set({ status: 'processed', processedAt: new Date(), lockedUntil: null, error: null })
              .where(eq(webhookEvents.id, row.id));
          });
          changes.push(...rowChanges);
        } catch (error) {
          failures.push({ row, error });
        }
      }
    });
    publishChanges(changes);
    for (const { row, error } of failures) await this.recordFailure(row, error);
    return claimed.length;
  }

  private async recordFailure(row: WebhookEventRow, error: unknown): Promise<void> {
    const giveUp = row.attempts >= MAX_ATTEMPTS;
    this.options.log[giveUp ? 'error' : 'warn'](
      { err: error, webhookEventId: row.id },
      'webhook delivery not applied',
    );
    const retryIn = Math.min(2 ** row.attempts, 300);
    await this.options.db
      .update(webhookEvents)
      .set({
        status: giveUp ? 'failed' : 'pending',
        error: error instanceof Error ? error.message.slice(0, 2000) : String(error),
        lockedUntil: sql`now() + make_interval(secs => ${retryIn})`,
      })
      .where(eq(webhookEvents.id, row.id));
  }

  private async claim(limit: number): Promise<WebhookEventRow[]> {
    const { db } = this.options;
    const due = db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.status, 'pending'),
          or(isNull(webhookEvents.lockedUntil), lte(webhookEvents.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(webhookEvents.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(webhookEvents)
      .set({
        attempts: sql`${webhookEvents.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(inArray(webhookEvents.id, due))
      .returning();
  }
}
