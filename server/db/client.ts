import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import { guardRootQueriesInTransactions } from './embedded-guard';
import { lockDataDir } from './lock';
import { NamedStatementClient } from './named-statements';
import * as schema from './schema';
import type { Database } from './types';

export type { Database, Executor, Schema } from './types';

export type DatabaseHandle = {
  db: Database;
  kind: 'embedded' | 'postgres';
  /** Throws when the database does not answer within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance in embedded mode (tests use it to snapshot a migrated database). */
  pglite?: PGlite;
  pool?: pg.Pool;
};

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');
// Any constant works; it only has to be the same in every process of one installation.
const MIGRATION_LOCK_KEY = 7_140_221_001;
/** Contrib extensions the migrations create (pg_trgm: contact search). PostgreSQL ships them itself. */
const extensions = { pg_trgm };

type OpenOptions =
  | { kind: 'postgres'; url: string; logger?: Logger; poolSize?: number }
  | { kind: 'embedded'; dataDir: string; logger?: Logger }
  | { kind: 'embedded-memory'; loadDataDir?: Blob | File; logger?: Logger };

/** Opens the embedded database (under DATA_DIR) or an external PostgreSQL server. */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.logger, options.poolSize);
  if (options.kind === 'embedded') {
    const dir = path.join(options.dataDir, 'pglite');
    const release = lockDataDir(options.dataDir);
    try {
      const client = await PGlite.create({ dataDir: dir, extensions });
      return embeddedHandle(client, release);
    } catch (error) {
      release();
      throw error;
    }
  }
  const client = await PGlite.create({ dataDir: 'memory://', loadDataDir: options.loadDataDir, extensions });
  return embeddedHandle(client, () => {});
}

function embeddedHandle(client: PGlite, release: () => void): DatabaseHandle {
  guardRootQueriesInTransactions(client);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'embedded',
    pglite: client,
    async ping() {
      await client.query('select 1');
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async close() {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

function openPostgres(url: string, logger: Logger | undefined, poolSize = 20): DatabaseHandle {
  const pool = new pg.Pool({
    Client: NamedStatementClient,
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    // No query may hang a request forever, even while the server restarts.
    query_timeout: 30_000,
    idleTimeoutMillis: 30_000,
    // plan_cache_mode stays `auto`: a named statement (named-statements.ts) keeps one plan after its
    // first five calls on a connection, while every other query is planned for its own values.
  });
  // An idle client losing its connection (server restart) must not crash the process.
  // A client that is checked out (in a transaction, between two statements) when its connection dies
  // emits 'error' with no listener of the pool's: unheard, that ends the process. Its current or next
  // query fails with the error instead, and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  // The error carries its pg client (connection details, the backend's cancel key): log its words only.
  pool.on('error', (error) =>
    logger?.warn(
      { err: { message: error.message, code: (error as { code?: string }).code } },
      'postgres pool client error',
    ),
  );
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;

  return {
    db,
    kind: 'postgres',
    pool,
    async ping(timeoutMs = 2_000) {
      const client = await pool.connect();
      try {
        await client.query({ text: 'select 1', query_timeout: timeoutMs } as pg.QueryConfig);
      } finally {
        client.release();
      }
    },
    async migrate() {
      // Several processes may start at once: one migrates while the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async close() {
      if (!pool.ended) await pool.end();
    },
  };
}
