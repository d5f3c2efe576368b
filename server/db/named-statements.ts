import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './types';

/**
 * Hot statements (every webhook batch, every live frame) run as named statements on PostgreSQL: each
 * connection parses them once, then only binds and executes. After a statement's first five calls on a
 * connection PostgreSQL keeps one plan for it whenever that plan costs no more than planning each call
 * would (plan_cache_mode `auto`; the batch insert's planning cost more than running it). The pool leaves
 * the mode at `auto` on purpose: `force_generic_plan` would also plan every unnamed query without its
 * values, a search or a filter on a skewed column included. The plan a statement keeps is made without
 * its values, often while its tables are still small, so a named statement must have one good plan
 * whatever its values and the tables' size: a lookup by primary key (`id = any($1)`) or by a unique
 * key's every column (`account_id = $1 and external_id = any($2)`), never a key plus an extra filter
 * that another index could serve — `account_id = $1 and id = any($2)`, planned on an empty table,
 * walked the whole account's messages. Check the account on the rows instead.
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

/**
 * A builder query prepared once per database handle (`build` ends in `.prepare(name)` and takes its
 * values as `sql.placeholder`s): no query building per call, and a named statement on PostgreSQL. On a
 * transaction it is built for that transaction, so it runs inside it.
 */
export function preparedPer<Q>(build: (db: Executor) => Q): (db: Executor) => Q {
  const built = new WeakMap<Executor, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/** `column = any($placeholder::type[])`: a list condition whose text does not depend on the list's length. */
export function anyOf(column: AnyPgColumn, placeholder: string, type: 'uuid' | 'text'): SQL {
  return sql`${column} = any(${sql.placeholder(placeholder)}::${sql.raw(type)}[])`;
}

/** `account_id = $accountId and column = any($placeholder)`, for a unique key led by (account, column). */
export function accountAnyOf(
  accountColumn: AnyPgColumn,
  column: AnyPgColumn,
  placeholder: string,
  type: 'uuid' | 'text',
): SQL {
  return sql`${accountColumn} = ${sql.placeholder('accountId')} and ${anyOf(column, placeholder, type)}`;
}
