import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ChannelProvider } from '../channel/channel';
import { cloudApiChannels } from '../channel/cloud-api';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import type { Env } from '../env';
import type { EventBus } from '../events/bus';
import type { Metrics } from '../metrics';
import type { JobDefinition } from './define';
import { queueSignal } from './queue';

type JobRow = typeof jobs.$inferSelect;

export type JobRunnerOptions = {
  db: Database;
  env: Env;
  log: Logger;
  /** The process's domain-event bus: jobs publish what they commit through it. */
  events: EventBus;
  definitions: JobDefinition[];
  /** How jobs reach WhatsApp; default the Cloud API at `env`'s Graph URL (main.ts and the harness pass theirs). */
  channels?: ChannelProvider;
  metrics?: Metrics;
  concurrency?: number;
  pollMs?: number;
  /** How long a claim lasts without a heartbeat; default `env.jobLeaseSeconds` (30 s). */
  leaseMs?: number;
};

/**
 * Runs queued jobs. Any number of processes can run one on the same database:
 * - a claim is one UPDATE of rows picked with FOR UPDATE SKIP LOCKED, so each job goes to exactly one
 *   runner (a row another runner is claiming is skipped, not waited for, and a row it has claimed no
 *   longer matches);
 * - a claim is a lease (`locked_until`), renewed every third of it while the job runs; when a process
 *   dies its heartbeat stops, and its jobs are claimed again once their lease runs out;
 * - only the runner holding the claim may finish it, so a runner that lost its lease (it stalled for
 *   longer than the lease) cannot overwrite the outcome of the one that took over.
 */
export class JobRunner {
  readonly workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly definitions: Map<string, JobDefinition>;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private ticking: Promise<void> | undefined;
  private readonly wake = () => this.kick();

  private readonly leaseMs: number;
  private readonly channels: ChannelProvider;

  constructor(private readonly options: JobRunnerOptions) {
    this.definitions = new Map(options.definitions.map((d) => [d.name, d]));
    this.channels = options.channels ?? cloudApiChannels(options.env);
    this.leaseMs = options.leaseMs ?? options.env.jobLeaseSeconds * 1000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    queueSignal.on('enqueued', this.wake);
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    queueSignal.off('enqueued', this.wake);
    clearTimeout(this.timer);
    await this.ticking;
  }

  /** Runs everything that is due now, repeatedly, until nothing is left (tests and scripts). */
  async drain(maxRounds = 100): Promise<number> {
    let total = 0;
    for (let round = 0; round < maxRounds; round++) {
      const ran = await this.runDue();
      total += ran;
      if (ran === 0) break;
    }
    return total;
  }

  private kick(): void {
    if (this.running && !this.ticking) this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => {
        this.ticking = undefined;
      });
    }, ms);
  }

  private async tick(): Promise<void> {
    let ran = 0;
    try {
      ran = await this.runDue();
    } catch (error) {
      this.options.log.error({ err: error }, 'job runner tick failed');
    }
    if (this.running) this.schedule(ran > 0 ? 0 : (this.options.pollMs ?? 500));
  }

  /** Claims one batch of due jobs and runs them; returns how many ran. */
  async runDue(): Promise<number> {
    const claimed = await this.claim(this.options.concurrency ?? 5);
    if (claimed.length === 0) return 0;
    const running = new Set(claimed.map((job) => job.id));
    const heartbeat = setInterval(() => void this.renew(running), Math.max(500, this.leaseMs / 3));
    heartbeat.unref();
    try {
      await Promise.all(
        claimed.map((job) =>
          this.run(job).finally(() => {
            running.delete(job.id);
          }),
        ),
      );
    } finally {
      clearInterval(heartbeat);
    }
    return claimed.length;
  }

  /** Extends the lease of the jobs still running here; says so when one was taken over meanwhile. */
  private async renew(running: Set<number>): Promise<void> {
    const ids = [...running];
    if (ids.length === 0) return;
    try {
      const renewed = await this.options.db
        .update(jobs)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${this.leaseMs / 1000})` })
        .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, this.workerId), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      if (renewed.length < ids.length) {
        const kept = new Set(renewed.map((r) => r.id));
        const lost = ids.filter((id) => running.has(id) && !kept.has(id));
        if (lost.length > 0)
          this.options.log.warn({ jobIds: lost }, 'job lease lost while running; another process may run it');
      }
    } catch (error) {
      // The database may be briefly away; the lease covers a few missed beats.
      this.options.log.warn({ err: error }, 'could not renew job leases');
    }
  }

  private async claim(limit: number): Promise<JobRow[]> {
    const { db } = this.options;
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
          and(eq(jobs.status, 'running'), lte(jobs.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${this.leaseMs / 1000})`,
        lockedBy: this.workerId,
        updatedAt: sql`now()`,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  private async run(job: JobRow): Promise<void> {
    const { db, log, env, metrics } = this.options;
    const definition = this.definitions.get(job.name);
    const jobLog = log.child({ job: job.name, jobId: job.id, attempt: job.attempts });

    if (!definition) {
      // Perhaps queued by a newer version of the app during a rolling upgrade: leave it for that one.
      jobLog.warn('no handler for job; released for another process');
      await this.finish(job, {
        status: 'queued',
        runAt: new Date(Date.now() + 60_000),
        lastError: 'No handler',
      });
      return;
    }

    const parsed = definition.schema.safeParse(job.payload);
    if (!parsed.success) {
      jobLog.error({ issues: parsed.error.issues }, 'job payload is invalid; not retried');
      await this.finish(job, { status: 'failed', lastError: `Invalid payload: ${parsed.error.message}` });
      metrics?.jobsProcessed.inc({ name: job.name, outcome: 'invalid' });
      return;
    }

    try {
      await definition.handler(parsed.data, {
        db,
        env,
        log: jobLog,
        attempt: job.attempts,
        events: this.options.events,
        channels: this.channels,
      });
      await this.finish(job, { status: 'done', lastError: null });
      metrics?.jobsProcessed.inc({ name: job.name, outcome: 'done' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = job.attempts >= job.maxAttempts;
      jobLog[giveUp ? 'error' : 'warn'](
        { err: error },
        giveUp ? 'job failed for good' : 'job failed; will retry',
      );
      await this.finish(job, {
        status: giveUp ? 'failed' : 'queued',
        runAt: giveUp ? undefined : new Date(Date.now() + definition.backoffMs(job.attempts)),
        lastError: message.slice(0, 2000),
      });
      metrics?.jobsProcessed.inc({ name: job.name, outcome: giveUp ? 'failed' : 'retry' });
    }
  }

  private async finish(
    job: JobRow,
    change: { status: JobRow['status']; runAt?: Date; lastError: string | null },
  ): Promise<void> {
    await this.options.db
      .update(jobs)
      .set({ ...change, lockedUntil: null, lockedBy: null, updatedAt: sql`now()` })
      // Only the process holding the claim may finish it (a lease may have been taken over).
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)));
  }
}
