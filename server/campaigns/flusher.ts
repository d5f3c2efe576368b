import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { EventBus } from '../events/bus';
import { recordOutcomes, type SendOutcome } from './outcomes';

/** Outcomes are stored at most this often, or at once when this many have gathered. */
const FLUSH_MS = 100;
const FLUSH_AT = 250;
/** One transaction stores at most this many; the rest go in the next. */
const BATCH_MAX = 1000;
/** A batch the database refused is tried again this many times in all before the pump stops. */
const STORE_ATTEMPTS = 3;

/**
 * Stores a pump's send outcomes in the background, one batch at a time, so the pump goes on claiming
 * and sending while they are written: while one batch is stored the next gathers, and a slower
 * database gets bigger batches rather than a slower pump. A batch that cannot be stored after a few
 * tries is kept as the failure the pump rethrows (`check`), which stops it: its recipients stay
 * `sending` until the sweep settles them, rather than the pump sending on without recording.
 */
export class OutcomeFlusher {
  private pending: SendOutcome[] = [];
  private storing: Promise<void> | null = null;
  private startedAt = performance.now();
  private failure: unknown = null;

  constructor(
    private readonly events: EventBus,
    private readonly log: Logger,
  ) {}

  push(outcome: SendOutcome): void {
    this.pending.push(outcome);
  }

  /** Starts storing what has gathered if it is time to and no batch is being stored. */
  poke(now = performance.now()): void {
    if (this.storing || this.pending.length === 0) return;
    if (this.pending.length >= FLUSH_AT || now - this.startedAt >= FLUSH_MS) this.start();
  }

  /** Waits until every outcome pushed so far is stored (each batch tried); throws if one could not be. */
  async drain(): Promise<void> {
    while (this.storing || this.pending.length > 0) {
      if (!this.storing) this.start();
      await this.storing;
    }
    this.check();
  }

  /** Rethrows a batch the database would not take. */
  check(): void {
    if (this.failure) throw this.failure;
  }

  private start(): void {
    const batch = this.pending.splice(0, BATCH_MAX);
    this.startedAt = performance.now();
    this.storing = this.store(batch).finally(() => {
      this.storing = null;
    });
  }

  private async store(batch: SendOutcome[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await recordOutcomes(this.events, batch);
        return;
      } catch (error) {
        if (attempt >= STORE_ATTEMPTS) {
          this.failure ??= error;
          return;
        }
        this.log.warn(
          { err: error, outcomes: batch.length, attempt },
          'storing campaign send outcomes failed; trying again',
        );
        await sleep(200 * attempt);
      }
    }
  }
}
