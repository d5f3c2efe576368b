/**
 * The processes bench/latency.ts measures, each with a seeded owner to connect WebSocket clients as:
 * two app processes on a fresh PostgreSQL database with Redis between them, or one process on the
 * embedded database. PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test; Redis: BENCH_REDIS_URL, else TEST_REDIS_URL, else
 * redis://127.0.0.1:6379.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createSession, SESSION_COOKIE } from '../server/auth/sessions';
import { openDatabase } from '../server/db/client';
import { teamMembers, teams, users, whatsappAccounts } from '../server/db/schema';
import { loadEnv } from '../server/env';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../server/test/server-process';
import { FIXTURE_ACCOUNTS } from '../server/whatsapp/fixtures';

export const databaseUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';

export type Setup = {
  servers: ServerProcess[];
  cookie: string;
  secret: string;
  close: () => Promise<void>;
  /** What a database that has been running a while has had done to it by then (see setUpScaled). */
  settle?: () => Promise<void>;
};

async function seedOwner(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<{ cookie: string }> {
  const [user] = await db
    .insert(users)
    .values({ email: `bench-${randomBytes(3).toString('hex')}@example.com`, passwordHash: 'x' })
    .returning();
  const [account] = await db
    .insert(whatsappAccounts)
    .values({ userId: user!.id, ...FIXTURE_ACCOUNTS.primary })
    .returning();
  const [team] = await db.insert(teams).values({ whatsappAccountId: account!.id }).returning();
  await db
    .insert(teamMembers)
    .values({ teamId: team!.id, userId: user!.id, email: user!.email, role: 'owner', status: 'active' });
  const token = await createSession(db, user!.id, 'bench');
  return { cookie: `${SESSION_COOKIE}=${token}` };
}

/** Two processes on a fresh database of the PostgreSQL server, with Redis between them. */
export async function setUpScaled(): Promise<Setup> {
  const dbName = `switchboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-bench-'));
  const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl, DATA_DIR: dataDir, SECRET_KEY };
  const servers: ServerProcess[] = [];
  const close = async () => {
    // A profiling run (SERVER_NODE_ARGS='--cpu-prof …') needs a clean exit to write its profiles.
    const signal = process.env.SERVER_NODE_ARGS ? 'SIGTERM' : 'SIGKILL';
    for (const server of servers) await stopServerProcess(server, signal);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
    const { cookie } = await seedOwner(handle.db);
    await handle.close();
    // The database starts empty, and the named statements' plans are made once per connection on the
    // tables as they are (server/db/named-statements.ts). Autovacuum analyzes a table once a tenth of it
    // has changed, at most a minute later, and the plans are made again; the warm-up fills the tables,
    // and this analyzes them at once instead of a minute later.
    const settle = async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query('analyze');
      await client.end();
    };
    return { servers, cookie, secret: loadEnv({ ...env }).meta.webhookSecret, close, settle };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One process on the embedded database (no DATABASE_URL, no Redis), as `npm start` runs. */
export async function setUpEmbedded(): Promise<Setup> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-bench-embedded-'));
  const env = { DATA_DIR: dataDir, SECRET_KEY };
  // The embedded database belongs to one process: seed it before the server opens it.
  const handle = await openDatabase({ kind: 'embedded', dataDir });
  await handle.migrate();
  const { cookie } = await seedOwner(handle.db);
  await handle.close();
  const server = await startServerProcess(env);
  return {
    servers: [server],
    cookie,
    secret: loadEnv({ ...env }).meta.webhookSecret,
    close: async () => {
      await stopServerProcess(server, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
