import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../db/schema';
import { EventBus } from '../events/bus';
import { createTestDatabase, testEnv } from '../test/harness';
import { defineJob } from './define';
import { JobRunner } from './runner';
import { type Schedule, Scheduler } from './scheduler';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.drop());

const log = pino({ level: 'silent' });
const env = testEnv();

describe('scheduled jobs with several processes', () => {
  it('queue and run each interval’s job once, however many schedulers tick', async () => {
    const ran: number[] = [];
    const sweep = defineJob({
      name: 'test.sweep',
      schema: z.object({ slot: z.number() }),
      handler: async ({ slot }) => {
        ran.push(slot);
      },
    });
    const schedules: Schedule[] = [{ job: sweep as unknown as Schedule['job'], everyMs: 60_000 }];
    // Four processes' schedulers, each ticking several times within two intervals, all at once.
    const schedulers = Array.from(
      { length: 4 },
      () => new Scheduler({ db: handle.database.db, log, schedules }),
    );
    const base = Math.floor(Date.now() / 60_000) * 60_000;
    await Promise.all(
      schedulers.flatMap((s) =>
        [base, base + 1_000, base + 59_999, base + 60_000, base + 61_000].map((t) => s.tick(t)),
      ),
    );
    const rows = await handle.database.db.select().from(jobs).where(eq(jobs.name, 'test.sweep'));
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual([
      `test.sweep:${base / 60_000}`,
      `test.sweep:${base / 60_000 + 1}`,
    ]);

    const runners = Array.from(
      { length: 3 },
      () =>
        new JobRunner({
          db: handle.database.db,
          env,
          log,
          definitions: [sweep as never],
          events: new EventBus({ db: handle.database.db, log }),
        }),
    );
    await Promise.all(runners.map((r) => r.drain()));
    expect(ran.sort()).toEqual([base / 60_000, base / 60_000 + 1]);
  });
});
