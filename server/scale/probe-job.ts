import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../jobs/define';
import { jobDefinitions } from '../jobs/registry';

/**
 * Test-only, imported before server/main.ts (`node --import tsx --import ./server/scale/probe-job.ts`):
 * adds `test.probe` to the jobs this process runs. Each run inserts a row into `scale_probe_runs`
 * (created by the test, not by a migration) with no unique key, so a job that ran twice shows up twice.
 */
export const PROBE_TABLE = 'scale_probe_runs';

export const probeJob = defineJob({
  name: 'test.probe',
  schema: z.object({ n: z.number().int() }),
  maxAttempts: 1,
  handler: async ({ n }, { db }) => {
    await db.execute(sql`insert into scale_probe_runs (n, pid) values (${n}, ${process.pid})`);
  },
});

jobDefinitions.push(probeJob as never);
