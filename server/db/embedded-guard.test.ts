import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Executor, openDatabase } from './client';
import { RootQueryInTransactionError } from './embedded-guard';

async function selectNumber(db: Executor, n: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`${n}::int` }).from(sql`(select 1) as one`);
  return row!.n;
}

describe('embedded database: root queries inside a transaction', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'embedded-memory' });
  });
  afterAll(() => handle.close());

  it('fails at once, naming the mistake, instead of waiting for itself forever', async () => {
    const { db } = handle;
    const attempt = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await db.execute(sql`select 2`);
    });
    const error = await attempt.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect((error as Error | null)?.cause).toBeInstanceOf(RootQueryInTransactionError);
    // The transaction rolled back and released the connection: the database still answers.
    expect(await selectNumber(db, 3)).toBe(3);
  });

  it('lets work a transaction started without awaiting query once the transaction has ended', async () => {
    const { db } = handle;
    let later: Promise<unknown> = Promise.resolve();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      later = new Promise((resolve) => setTimeout(resolve, 20)).then(() => selectNumber(db, 4));
    });
    expect(await later).toBe(4);
  });

  it('still runs savepoints inside a transaction', async () => {
    const { db } = handle;
    const value = await db.transaction(async (tx) => tx.transaction(async (inner) => selectNumber(inner, 5)));
    expect(value).toBe(5);
  });
});
