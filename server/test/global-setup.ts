import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { loadTestEnv } from '../env';
import { PG_TEST_PREFIX, PGLITE_TEMPLATE, pgTemplateName, TEST_TMP } from './paths';
import { adminUrl, databaseUrlFor } from './pg-urls';

/**
 * Migrates one template database per run; every test file then starts from a copy of it:
 * a PGlite snapshot for the embedded target, a `CREATE DATABASE … TEMPLATE` on PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const testEnv = loadTestEnv();
  mkdirSync(TEST_TMP, { recursive: true });

  if (testEnv.target === 'embedded') {
    const handle = await openDatabase({ kind: 'embedded-memory' });
    await handle.migrate();
    const dump = await handle.pglite!.dumpDataDir('gzip');
    writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    return;
  }

  if (!testEnv.databaseUrl) {
    throw new Error(
      'TEST_DB_TARGET=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).',
    );
  }
  const runId = randomBytes(4).toString('hex');
  project.provide('pgRunId', runId);
  const admin = new pg.Client({ connectionString: adminUrl(testEnv.databaseUrl) });
  await admin.connect();
  try {
    await admin.query(`create database ${pgTemplateName(runId)}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({
    kind: 'postgres',
    url: databaseUrlFor(testEnv.databaseUrl, pgTemplateName(runId)),
  });
  await handle.migrate();
  await handle.close();

  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl(testEnv.databaseUrl!) });
    await cleanup.connect();
    try {
      await dropRunDatabases(cleanup, runId);
    } finally {
      await cleanup.end();
    }
  };
}

async function dropRunDatabases(admin: pg.Client, runId: string) {
  const { rows } = await admin.query<{ datname: string }>(
    'select datname from pg_database where datname like $1',
    [`${PG_TEST_PREFIX}${runId}_%`],
  );
  for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgRunId: string;
  }
}
