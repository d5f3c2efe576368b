import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';

/**
 * Hot statements (every webhook batch, every live frame) run as named statements on PostgreSQL: each
 * connection parses and plans them once and then only binds and executes, instead of parsing and
 * planning every call. Under load that was half of the database's time per statement.
 *
 * A statement opts in by starting with `named('…')`. Its text must be the same on every call (pass
 * lists as one array parameter, `= any($1::uuid[])`, never as `in ($1, $2, …)`), or PostgreSQL would
 * be asked to keep one statement per list length. Builder queries use drizzle's `.prepare(name)`.
 * PGlite ignores the name: the comment is only a comment there.
 */
const MARK = '/* statement:';
const NAME = /^[a-z][a-z0-9_]*$/;

export function named(name: string): SQL {
  if (!NAME.test(name)) throw new Error(`statement names are lower_snake_case: ${name}`);
  return sql.raw(`${MARK}${name} */ `);
}

/** The statement name a query's text carries, if it opted in. */
export function statementName(text: string): string | undefined {
  if (!text.startsWith(MARK)) return undefined;
  const end = text.indexOf(' */', MARK.length);
  return end > 0 ? text.slice(MARK.length, end) : undefined;
}

type QueryConfigLike = { text?: unknown; name?: unknown };

/** node-postgres' client, naming the statements that opted in (the pool's `Client` option). */
export class NamedStatementClient extends pg.Client {}

const baseQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
NamedStatementClient.prototype.query = function query(this: pg.Client, config: unknown, ...rest: unknown[]) {
  if (config && typeof config === 'object') {
    const { text, name } = config as QueryConfigLike;
    const wanted = typeof text === 'string' && !name ? statementName(text) : undefined;
    if (wanted) return baseQuery.call(this, { ...config, name: wanted }, ...rest);
  }
  return baseQuery.call(this, config, ...rest);
} as typeof pg.Client.prototype.query;
