import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

type OpenTransaction = { open: boolean };

/**
 * The embedded database has one connection: while a transaction runs, every query on the root handle
 * waits for it to end. A root-handle query issued from inside a transaction therefore waits for itself
 * and hangs the process forever (on a PostgreSQL server the same code merely uses a second connection).
 *
 * This turns that hang into an immediate error that names the mistake. The check follows the async
 * context of the transaction's callback and stops once the transaction has ended, so work a
 * transaction starts without awaiting may still query after the commit.
 */
export class RootQueryInTransactionError extends Error {
  constructor() {
    super(
      'A query on the root database ran inside a transaction; on the embedded database it would wait ' +
        'for that transaction forever. Pass the transaction (tx) down instead.',
    );
    this.name = 'RootQueryInTransactionError';
  }
}

export function guardRootQueriesInTransactions(client: PGlite): void {
  const current = new AsyncLocalStorage<OpenTransaction>();
  const transaction = client.transaction.bind(client);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);

  const refuseInsideTransaction = () => {
    if (current.getStore()?.open) throw new RootQueryInTransactionError();
  };

  client.transaction = ((callback) => {
    refuseInsideTransaction();
    return transaction(async (tx) => {
      const state: OpenTransaction = { open: true };
      try {
        return await current.run(state, () => callback(tx));
      } finally {
        state.open = false;
      }
    });
  }) as PGlite['transaction'];

  client.query = ((...args: Parameters<PGlite['query']>) => {
    refuseInsideTransaction();
    return query(...args);
  }) as PGlite['query'];

  client.exec = ((...args: Parameters<PGlite['exec']>) => {
    refuseInsideTransaction();
    return exec(...args);
  }) as PGlite['exec'];
}
