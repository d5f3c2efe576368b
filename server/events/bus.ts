import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { named } from '../db/named-statements';
import { recordEvents } from './outbox';
import { type DeliveredEvent, type DomainEvent, delivered, type RecordedEvents } from './types';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A subscriber. One that must finish its own write for the events (queue a job…) returns its promise:
 * the outbox row is deleted only once it resolved, and a rejection leaves the row for recovery, which
 * delivers the events again (to every subscriber; they dedupe on the event id).
 */
export type EventHandler = (events: DeliveredEvent[]) => unknown;

type Log = {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type EventBusOptions = {
  db: Database;
  log: Log;
  /** How often a process looks for events nobody dispatched (default 1 s). */
  recoverEveryMs?: number;
  /** How long a claimed outbox row stays with the process that claimed it (default 10 s). */
  leaseSeconds?: number;
};

const RECOVER_BATCH = 100;
/** How long dispatched rows wait to be deleted together (well inside the 10 s before recovery may take them). */
const DONE_EVERY_MS = 100;

/**
 * The process's domain-event bus, made once at start-up and passed to whoever records or consumes
 * events (the app, the job runner, the webhook processor) — never imported as a global.
 *
 * Delivery: a transaction records its events in the outbox (`recordEvents`); after commit the code
 * that committed hands them to `publish`, which gives them to every subscriber at once and then
 * deletes their outbox row (deletions of one turn go together in one statement). A row nobody
 * deleted — the process died between commit and dispatch — becomes available to every process 10 s
 * after it was written; `startRecovery` claims such rows (SKIP LOCKED, under a lease) and dispatches
 * them. So an event is delivered at least once: consumers that must act once key on the event id,
 * which is the same on every delivery.
 */
export class EventBus {
  private readonly handlers = new Set<EventHandler>();
  private readonly done = new Set<number>();
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private recovering: Promise<void> | null = null;
  /** Subscribers' work still running for dispatched rows, awaited before their rows are marked done. */
  private readonly finishing = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly options: EventBusOptions) {}

  /**
   * Returns the unsubscribe function. Handlers are called synchronously, in order; a throw is logged. A
   * handler's returned promise holds its rows until it settles (see `EventHandler`).
   */
  subscribe(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /**
   * Runs `work` in a transaction; the events it emits are recorded in that transaction and published
   * once it has committed (none if it throws). The usual way to change state and say so.
   */
  async transaction<T>(
    work: (tx: Transaction, emit: (...events: DomainEvent[]) => void) => Promise<T>,
  ): Promise<T> {
    const emitted: DomainEvent[] = [];
    const { result, recorded } = await this.options.db.transaction(async (tx) => {
      const result = await work(tx, (...events) => emitted.push(...events));
      return { result, recorded: await recordEvents(tx, emitted) };
    });
    this.publish(recorded);
    return result;
  }

  /** After commit: dispatch what the transaction recorded and mark it done. Never throws. */
  publish(recorded: RecordedEvents | null): void {
    if (!recorded || recorded.events.length === 0) return;
    this.settle(this.dispatch(delivered(recorded)), [recorded.outboxId]);
  }

  /** Hands the events to every subscriber; returns the promises of those still working on them. */
  private dispatch(events: DeliveredEvent[]): Promise<unknown>[] {
    const working: Promise<unknown>[] = [];
    for (const handler of this.handlers) {
      try {
        const result = handler(events);
        if (result instanceof Promise) working.push(result);
      } catch (error) {
        this.options.log.error({ err: error, events: events.length }, 'events: a subscriber failed');
      }
    }
    return working;
  }

  /** Marks the rows done once the subscribers' work on them succeeded; a failure leaves them to recovery. */
  private settle(working: Promise<unknown>[], ids: number[]): void {
    if (working.length === 0) {
      this.markDone(ids);
      return;
    }
    const finished: Promise<void> = Promise.allSettled(working).then((results) => {
      this.finishing.delete(finished);
      const failed = results.filter((r) => r.status === 'rejected');
      if (failed.length === 0) this.markDone(ids);
      else
        this.options.log.warn(
          { err: (failed[0] as PromiseRejectedResult).reason, rows: ids.length },
          'events: a subscriber could not finish; the events will be delivered again',
        );
    });
    this.finishing.add(finished);
  }

  private markDone(ids: number[]): void {
    for (const id of ids) this.done.add(id);
    if (!this.flushing) this.flushing = this.flush();
  }

  /**
   * Deletes the rows of dispatched events: one statement for all that were dispatched in the last
   * DONE_EVERY_MS, so under load a process deletes a few times a second rather than once per commit.
   */
  private async flush(): Promise<void> {
    while (this.done.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, DONE_EVERY_MS));
      const ids = [...this.done];
      this.done.clear();
      try {
        await this.options.db.execute(
          sql`${named('outbox_done')}delete from domain_events where id = any(${sql.param(ids)}::bigint[])`,
        );
      } catch (error) {
        // Left in the outbox: recovery dispatches them again after their lease, consumers dedupe.
        this.options.log.warn({ err: error, rows: ids.length }, 'events: could not mark events done');
      }
    }
    this.flushing = null;
  }

  /** Claims outbox rows nobody dispatched and dispatches them. Returns how many events it delivered. */
  async recoverOnce(): Promise<number> {
    const lease = this.options.leaseSeconds ?? 10;
    const result = (await this.options.db.execute(sql`${named('outbox_recover')}
      update domain_events set available_at = now() + make_interval(secs => ${lease})
      where id in (
        select id from domain_events where available_at <= now()
        order by id limit ${RECOVER_BATCH} for update skip locked
      )
      returning id, events`)) as unknown as { rows: { id: string | number; events: DomainEvent[] }[] };
    const rows = result.rows
      .map((row) => ({ outboxId: Number(row.id), events: row.events }))
      .sort((a, b) => a.outboxId - b.outboxId);
    let count = 0;
    for (const row of rows) {
      this.settle(this.dispatch(delivered(row)), [row.outboxId]);
      count += row.events.length;
    }
    return count;
  }

  /** Looks for undelivered events every `recoverEveryMs` until `stop`. */
  startRecovery(): void {
    const every = this.options.recoverEveryMs ?? 1000;
    const tick = () => {
      if (this.stopped) return;
      this.recovering = this.recoverOnce()
        .then(() => undefined)
        .catch((error) => this.options.log.warn({ err: error }, 'events: recovery failed'))
        .finally(() => {
          this.recovering = null;
          if (!this.stopped) this.timer = setTimeout(tick, every).unref();
        });
    };
    this.timer = setTimeout(tick, every).unref();
  }

  /** Stops recovery and waits for subscribers' work and pending deletions. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.recovering;
    await Promise.all([...this.finishing]);
    await this.flushing;
  }
}
