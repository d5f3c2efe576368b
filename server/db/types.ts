import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The query-surface types, apart from the client that opens a database, so that modules the client
// itself imports (named statements) can name them without an import circle. `client.ts` re-exports them.

export type Schema = typeof schema;
/** One query surface over both drivers: every query in the app is written against this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: domain functions take either. */
export type Executor = Parameters<Parameters<Database['transaction']>[0]>[0] | Database;
