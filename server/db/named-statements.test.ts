import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness';
import type { DatabaseHandle } from './client';
import { named, statementName } from './named-statements';

describe('named statements', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  it('reads the name a statement opted in with, and only that', () => {
    expect(statementName('/* statement:feed_messages */ select 1')).toBe('feed_messages');
    expect(statementName('select 1 /* statement:feed_messages */')).toBeUndefined();
    expect(statementName('/* statement:unterminated select 1')).toBeUndefined();
    expect(() => named('Feed messages')).toThrow(/lower_snake_case/);
  });

  it('runs with an array parameter on either database, the same text every time', async () => {
    const pick = (ids: number[]) =>
      sql`${named('test_pick')} select x from generate_series(1, 5) as x where x = any(${sql.param(ids)}::int[]) order by x`;
    const rows = async (ids: number[]) =>
      ((await database.db.execute(pick(ids))) as unknown as { rows: { x: number }[] }).rows.map((r) => r.x);
    expect(await rows([2, 4])).toEqual([2, 4]);
    expect(await rows([1, 3, 5, 9])).toEqual([1, 3, 5]);
    expect(await rows([])).toEqual([]);
  });

  it('is parsed once per connection and keeps one plan after five calls on PostgreSQL (PGlite runs it unnamed), and unmarked statements are not kept', async () => {
    const kept = await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
        await tx.execute(sql`${named('test_kept')} select ${n}::int + 1 as y`);
        await tx.execute(sql`select ${n}::int + 2 as z`);
      }
      const result = (await tx.execute(
        sql`select name, statement, custom_plans, generic_plans from pg_prepared_statements order by name`,
      )) as unknown as {
        rows: { name: string; statement: string; custom_plans: string; generic_plans: string }[];
      };
      return result.rows;
    });
    // Eight runs, one statement kept; the unmarked one is not among them.
    const ours = kept.filter((row) => row.name === 'test_kept');
    expect(ours).toHaveLength(database.kind === 'postgres' ? 1 : 0);
    if (ours[0]) {
      expect(ours[0].statement).toContain('select $1::int + 1 as y');
      // Planned for its values five times, then one kept plan (plan_cache_mode auto), not one per call.
      expect(ours[0]).toMatchObject({ custom_plans: '5', generic_plans: '3' });
    }
    for (const row of kept) expect(statementName(row.statement)).toBe(row.name);
  });

  it('leaves every other query planned for its own values on PostgreSQL (plan_cache_mode auto)', async () => {
    // force_generic_plan would plan unnamed queries — a search, a filter on a skewed column — blind.
    // PGlite runs with PostgreSQL's default, which is the same.
    const result = (await database.db.execute(
      sql`select current_setting('plan_cache_mode') as mode`,
    )) as unknown as { rows: { mode: string }[] };
    expect(result.rows[0]!.mode).toBe('auto');
  });
});
