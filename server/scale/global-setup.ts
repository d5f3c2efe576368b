import type { TestProject } from 'vitest/node';
import { loadTestEnv } from '../env';
import serverSetup from '../test/global-setup';

/**
 * The multi-process suite needs an external PostgreSQL and Redis. scripts/test.mjs runs it only when
 * TEST_DATABASE_URL and TEST_REDIS_URL are set (and fails under CI=true when they are not); run
 * directly without them, this setup refuses with the reason instead of skipping silently.
 * Then, as the server suite's setup does on PostgreSQL: one migrated template database for the run,
 * copied per test file, all dropped at the end.
 */
export default async function setup(project: TestProject) {
  const { databaseUrl, redisUrl } = loadTestEnv();
  const missing = [databaseUrl ? null : 'TEST_DATABASE_URL', redisUrl ? null : 'TEST_REDIS_URL'].filter(
    Boolean,
  );
  if (missing.length > 0) {
    throw new Error(
      `The multi-process suite needs ${missing.join(' and ')} (e.g. postgres://postgres@127.0.0.1:5432/test and redis://127.0.0.1:6379).`,
    );
  }
  // The shared setup and the per-file databases read the target from the environment.
  process.env.TEST_DB_TARGET = 'postgres';
  return serverSetup(project);
}
