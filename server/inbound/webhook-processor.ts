import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { webhookEvents } from '../db/schema';
import type { EventBus } from '../events/bus';
import type { RecordedEvents } from '../events/types';
import { applyDeliveriesInBulk } from './apply-batch';

/** What applying a delivery needs of its stored row. */
export type StoredDelivery = Pick<typeof webhookEvents.$inferSelect, 'id' | 'body' | 'attempts'>;
const MAX_ATTEMPTS = 10;
// Applying a batch takes well under a second; a dead process's claims come back after this.
export const LEASE_SECONDS = 10;
/**
 * Past this many handed-over deliveries waiting, more are left to their lease and claimed from the
 * table when it runs out: under a flood, memory stays bounded and the table is the queue.
 */
const MAX_HANDED = 5_000;

/** The processor running in this process on each database: the webhook route hands it what it stores. */
const running = new WeakMap<Database, WebhookProcessor>();

/** The processor started in this process on `db`, if there is one (not in a web-only process). */
export function runningProcessor(db: Database): WebhookProcessor | undefined {
  return running.get(db);
}

/**
 * Turns stored webhook deliveries into contacts, messages, reactions and statuses. Each delivery is
 * applied in one transaction together with its "processed" mark (applyDeliveriesInBulk sets it);
 * everything it writes is idempotent, so a replay or a crash between the two changes nothing. Claims use SKIP LOCKED
 * under a lease, so several processes share the work and a dead one's claims come back.
 *
 * Deliveries this process's webhook route stores are stored already leased to it and handed over in
 * memory (`accept`): no claim query and no wait on the poll. If the process dies first, the lease
 * runs out and any process claims them like the rest.
 */
export class WebhookProcessor {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private busy: Promise<void> | undefined;
  /** Deliveries the route stored leased to this process, not applied yet. */
  private handed: StoredDelivery[] = [];
  private lastClaimAt = 0;
  /** The last claim filled its batch: more may be waiting in the table. */
  private backlog = false;

  constructor(
    private readonly options: {
      db: Database;
      log: Logger;
      /** What a batch changed goes out through it after commit (recorded in the batch's transaction). */
      events: EventBus;
      batchSize?: number;
      pollMs?: number;
    },
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    running.set(this.options.db, this);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (running.get(this.options.db) === this) running.delete(this.options.db);
    clearTimeout(this.timer);
    await this.busy;
    // Whatever was handed over and not applied keeps its lease; it is claimed again once that ends.
    this.handed = [];
  }

  /** A delivery the webhook route stored leased to this process: applied in the next batch. */
  accept(delivery: StoredDelivery): void {
    if (this.handed.length >= MAX_HANDED) return;
    this.handed.push(delivery);
    if (this.running && !this.busy) this.schedule(0);
  }

  /** Processes everything pending now (tests, scripts). */
  async drain(maxRounds = 1000): Promise<number> {
    let total = 0;
    for (let round = 0; round < maxRounds; round++) {
      const done = await this.processBatch({ claim: 'always' });
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
    if (this.running) this.schedule(done > 0 || this.handed.length > 0 ? 0 : this.pollMs);
  }

  private get pollMs(): number {
    return this.options.pollMs ?? 1000;
  }

  /**
   * Applies one batch: what was handed over, plus what the table holds when a claim is due — once per
   * poll interval (other processes' expired leases, a web-only process's deliveries, retries), or at
   * once while the last claim came back full. So a busy process spends no query looking for work.
   */
  async processBatch(options: { claim: 'always' | 'when-due' } = { claim: 'when-due' }): Promise<number> {
    const limit = this.options.batchSize ?? 200;
    const claimed = this.handed.splice(0, limit);
    const due = this.backlog || Date.now() - this.lastClaimAt >= this.pollMs;
    if (claimed.length < limit && (options.claim === 'always' || due)) {
      this.lastClaimAt = Date.now();
      const fromTable = await this.claim(limit - claimed.length);
      this.backlog = fromTable.length === limit - claimed.length;
      claimed.push(...fromTable);
    }
    if (claimed.length === 0) return 0;
    const { db, log } = this.options;

    // Fast path: the whole batch with set-based statements, one commit.
    try {
      const recorded = await db.transaction((tx) => applyDeliveriesInBulk(tx, claimed, log));
      for (const events of recorded) this.options.events.publish(events);
      return claimed.length;
    } catch (error) {
      log.warn(
        { err: error, deliveries: claimed.length },
        'batch apply failed; applying deliveries one by one',
      );
    }

    // Careful path: one commit for the batch, each delivery in its own savepoint, so a bad one rolls back alone.
    // Each delivery records its own events in its savepoint, so a delivery that fails takes its events with it.
    const failures: { row: StoredDelivery; error: unknown }[] = [];
    const recorded = await db.transaction(async (tx) => {
      const applied: RecordedEvents[] = [];
      for (const row of claimed) {
        try {
          applied.push(
            ...(await tx.transaction((savepoint) => applyDeliveriesInBulk(savepoint, [row], log))),
          );
        } catch (error) {
          failures.push({ row, error });
        }
      }
      return applied;
    });
    for (const events of recorded) this.options.events.publish(events);
    for (const { row, error } of failures) await this.recordFailure(row, error);
    return claimed.length;
  }

  private async recordFailure(row: StoredDelivery, error: unknown): Promise<void> {
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

  private async claim(limit: number): Promise<StoredDelivery[]> {
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
      .returning({ id: webhookEvents.id, body: webhookEvents.body, attempts: webhookEvents.attempts });
  }
}
