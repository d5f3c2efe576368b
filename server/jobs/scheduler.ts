import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../db/client';
import type { JobDefinition } from './define';
import { enqueue } from './queue';

export type Schedule = { job: JobDefinition<z.ZodObject<{ slot: z.ZodNumber }>>; everyMs: number };

/**
 * Enqueues periodic jobs. Each run's dedupe key is its time slot (`name:slot`), so however many
 * processes run a scheduler, each interval's job is queued once and run once.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: { db: Database; log: Logger; schedules: Schedule[]; tickMs?: number },
  ) {}

  start(): void {
    void this.tick();
    // Tick at least twice per shortest interval, so no slot is skipped (slots dedupe repeated ticks).
    const shortest = Math.min(120_000, ...this.options.schedules.map((s) => s.everyMs));
    this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? shortest / 2);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async tick(now = Date.now()): Promise<void> {
    for (const { job, everyMs } of this.options.schedules) {
      const slot = Math.floor(now / everyMs);
      try {
        await enqueue(this.options.db, job, { slot }, { dedupeKey: `${job.name}:${slot}` });
      } catch (error) {
        this.options.log.warn({ err: error, job: job.name }, 'could not schedule job');
      }
    }
  }
}
