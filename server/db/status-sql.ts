import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { statusRank } from '../whatsapp/status-order';

const ORDER = ['pending', 'sent', 'failed', 'delivered', 'read', 'played'] as const;

/** The forward-only status rank (whatsapp/status-order.ts) as a SQL expression over a column or value. */
export function statusRankSql(value: AnyPgColumn | SQL): SQL<number> {
  const cases = ORDER.map((s) => sql`when ${s} then ${statusRank(s)}`);
  return sql<number>`(case ${value} ${sql.join(cases, sql` `)} else -1 end)`;
}
