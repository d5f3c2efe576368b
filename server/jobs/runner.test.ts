import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../db/schema';
import { EventBus } from '../events/bus';
import { createTestDatabase, testEnv } from '../test/harness';
import { defineJob } from './define';
import { enqueue } from './queue';
import { JobRunner } from './runner';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.drop());

const env = testEnv();
const log = pino({ level: 'silent' });
const runnerFor = (definitions: Parameters<typeof defineJob>[0][], options: { leaseMs?: number } = {}) =>
  new JobRunner({
    db: handle.database.db,
    env,
    log,
    definitions: definitions.map((d) => defineJob(d)) as never,
    events: new EventBus({ db: handle.database.db, log }),
    concurrency: 10,
    ...options,
  });

describe('job queue', () => {
  it('runs a queued job with its validated payload', async () => {
    const seen: string[] = [];
    const job = defineJob({
      name: 'test.greet',
      schema: z.object({ name: z.string() }),
      handler: async ({ name }) => {
        seen.push(name);
      },
    });
    await enqueue(handle.database.db, job, { name: 'Ada' });
    await expect(enqueue(handle.database.db, job, { name: 42 } as never)).rejects.toThrow();
    await runnerFor([job as never]).drain();
    expect(seen).toEqual(['Ada']);
  });

  it('retries a failing job with backoff and marks it failed after its last attempt', async () => {
    let calls = 0;
    const job = defineJob({
      name: 'test.flaky',
      schema: z.object({}),
      maxAttempts: 3,
      backoffMs: () => 0,
      handler: async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
    });
    await enqueue(handle.database.db, job, {});
    await runnerFor([job as never]).drain();
    expect(calls).toBe(3);
    const [row] = await handle.database.db.select().from(jobs).where(eq(jobs.name, 'test.flaky'));
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
  });

  it('ignores a second enqueue with the same dedupe key', async () => {
    const job = defineJob({
      name: 'test.once',
      schema: z.object({ n: z.number() }),
      handler: async () => {},
    });
    await enqueue(handle.database.db, job, { n: 1 }, { dedupeKey: 'once:1' });
    await enqueue(handle.database.db, job, { n: 2 }, { dedupeKey: 'once:1' });
    expect(await handle.database.db.$count(jobs, eq(jobs.name, 'test.once'))).toBe(1);
  });

  it('picks up a job whose claiming process died once its lease runs out', async () => {
    let ran = 0;
    const job = defineJob({
      name: 'test.orphan',
      schema: z.object({}),
      handler: async () => {
        ran += 1;
      },
    });
    await enqueue(handle.database.db, job, {});
    // Simulate a process that claimed it and was killed: running, lease already expired.
    await handle.database.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: 1,
        lockedBy: 'dead-process',
        lockedUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(jobs.name, 'test.orphan'));
    await runnerFor([job as never]).drain();
    expect(ran).toBe(1);
    const [row] = await handle.database.db.select().from(jobs).where(eq(jobs.name, 'test.orphan'));
    expect(row?.status).toBe('done');
  });

  it('runs each of many jobs exactly once between two runners working at the same time', async () => {
    const counts = new Map<number, number>();
    const job = defineJob({
      name: 'test.count',
      schema: z.object({ n: z.number() }),
      handler: async ({ n }) => {
        counts.set(n, (counts.get(n) ?? 0) + 1);
      },
    });
    for (let n = 0; n < 200; n++) await enqueue(handle.database.db, job, { n });
    const a = runnerFor([job as never]);
    const b = runnerFor([job as never]);
    await Promise.all([a.drain(), b.drain()]);
    expect(counts.size).toBe(200);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
  });

  it('keeps renewing the lease of a job that outlives it, so no other runner takes it over', async () => {
    let runs = 0;
    const job = defineJob({
      name: 'test.slow',
      schema: z.object({}),
      handler: async () => {
        runs += 1;
        await new Promise((r) => setTimeout(r, 2_500));
      },
    });
    await enqueue(handle.database.db, job, {});
    // A 1 s lease, renewed every ~333 ms, for a job that takes 2.5 s.
    const slow = runnerFor([job as never], { leaseMs: 1_000 });
    const other = runnerFor([job as never], { leaseMs: 1_000 });
    const running = slow.drain();
    const deadline = Date.now() + 2_000;
    let stolen = 0;
    await new Promise((r) => setTimeout(r, 100));
    while (Date.now() < deadline) {
      stolen += await other.runDue();
      await new Promise((r) => setTimeout(r, 100));
    }
    await running;
    expect(stolen).toBe(0);
    expect(runs).toBe(1);
    const [row] = await handle.database.db.select().from(jobs).where(eq(jobs.name, 'test.slow'));
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
  });

  it('does not let a runner that lost its lease overwrite the outcome of the one that took over', async () => {
    const job = defineJob({ name: 'test.late', schema: z.object({}), handler: async () => {} });
    await enqueue(handle.database.db, job, {});
    const late = runnerFor([job as never]);
    const [claimed] = await (
      late as unknown as { claim(n: number): Promise<(typeof jobs.$inferSelect)[]> }
    ).claim(1);
    // Its lease ran out (the process stalled), another runner took the job over and finished it.
    await handle.database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, claimed!.id));
    await runnerFor([job as never]).drain();
    await (late as unknown as { finish(j: unknown, c: unknown): Promise<void> }).finish(claimed, {
      status: 'failed',
      lastError: 'late',
    });
    const [row] = await handle.database.db.select().from(jobs).where(eq(jobs.id, claimed!.id));
    expect(row).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });
});
