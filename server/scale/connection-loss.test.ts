import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../test/harness';

/**
 * A PostgreSQL connection that dies while the app holds it between two statements of a transaction
 * (a server restart, a failover, an operator's pg_terminate_backend): that transaction fails, the
 * process lives on, and the pool's next query gets a fresh connection. Before the pool gave every
 * client an error listener, Node ended the whole process on the client's unheard 'error' event.
 */
let database: DatabaseHandle;
let url: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  url = created.url!;
  drop = created.drop;
});
afterAll(() => drop?.());

async function terminate(pid: number) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

describe('a connection lost inside a transaction', () => {
  it('fails that transaction, not the process, and the next query works', async () => {
    const uncaught: Error[] = [];
    const onUncaught = (error: Error) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const outcome = await database.db
        .transaction(async (tx) => {
          const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          await terminate(rows[0]!.pid);
          // The backend's FATAL message reaches the idle, checked-out client now.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
          return 'committed';
        })
        .catch((error: Error) => error);

      expect(outcome).toBeInstanceOf(Error);
      expect(uncaught).toEqual([]);
      const after = (await database.db.execute(sql`select 2 as two`)) as unknown as { rows: unknown[] };
      expect(after.rows).toEqual([{ two: 2 }]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
