import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { cloudApiChannels } from '../channel/cloud-api';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { type Env, loadEnv, loadTestEnv } from '../env';
import { EventBus } from '../events/bus';
import { WebhookProcessor } from '../inbound/webhook-processor';
import { jobDefinitions } from '../jobs/registry';
import { JobRunner } from '../jobs/runner';
import { PG_TEST_PREFIX, PGLITE_TEMPLATE, pgTemplateName } from './paths';
import { adminUrl, databaseUrlFor } from './pg-urls';

export type TestContext = {
  app: FastifyInstance;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  env: Env;
  runner: JobRunner;
  webhooks: WebhookProcessor;
  /** The context's domain-event bus (the app, the runner and the webhook processor share it). */
  events: EventBus;
  close(): Promise<void>;
};

/** A fresh database for one test file, copied from the migrated template of this run. */
export async function createTestDatabase(): Promise<{
  database: DatabaseHandle;
  url?: string;
  drop(): Promise<void>;
}> {
  const testEnv = loadTestEnv();
  if (testEnv.target === 'embedded') {
    const blob = new Blob([readFileSync(PGLITE_TEMPLATE)]);
    const database = await openDatabase({ kind: 'embedded-memory', loadDataDir: blob });
    return { database, drop: () => database.close() };
  }

  const url = testEnv.databaseUrl!;
  const runId = inject('pgRunId');
  const name = `${PG_TEST_PREFIX}${runId}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${pgTemplateName(runId)}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ kind: 'postgres', url: databaseUrlFor(url, name), poolSize: 5 });
  return {
    database,
    url: databaseUrlFor(url, name),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl(url) });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`).finally(() => cleanup.end());
    },
  };
}

/** Settings as a fresh install would have them, with a throwaway DATA_DIR. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-test-'));
  return loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
    ...overrides,
  });
}

/** The whole app on a fresh database; requests go through app.inject(). */
export async function createTestContext(
  options: { env?: Record<string, string>; serveWeb?: boolean } = {},
): Promise<TestContext> {
  const { database, drop } = await createTestDatabase();
  const env = testEnv(options.env);
  const log = pino({ level: 'silent' });
  const channels = cloudApiChannels(env);
  const events = new EventBus({ db: database.db, log });
  const app = await buildApp({ env, database, serveWeb: options.serveWeb, logger: log, channels, events });
  await app.ready();
  const runner = new JobRunner({ db: database.db, env, log, definitions: jobDefinitions, channels, events });
  const webhooks = new WebhookProcessor({ db: database.db, log, events });
  return {
    app,
    database,
    db: database.db,
    env,
    runner,
    webhooks,
    events,
    async close() {
      await app.close();
      await Promise.all([runner.stop(), webhooks.stop()]);
      await events.stop();
      await drop();
      rmSync(env.dataDir, { recursive: true, force: true });
    },
  };
}
