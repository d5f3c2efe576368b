import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { messageStatusEvents, messages } from '../db/schema';
import { statusRankSql } from '../db/status-sql';

/**
 * Applies the furthest status already received for a wamid. Status webhooks can arrive before the
 * send that produced the wamid has stored it; call this when a send records its wamid.
 */
export async function applyPendingStatuses(
  tx: Executor,
  accountId: string,
  externalId: string,
): Promise<string[]> {
  const [best] = await tx
    .select({ status: messageStatusEvents.status, errors: messageStatusEvents.errors })
    .from(messageStatusEvents)
    .where(and(eq(messageStatusEvents.accountId, accountId), eq(messageStatusEvents.externalId, externalId)))
    .orderBy(desc(statusRankSql(messageStatusEvents.status)))
    .limit(1);
  if (!best) return [];
  const rows = await tx
    .update(messages)
    .set({
      status: best.status as 'sent',
      error: best.status === 'failed' ? best.errors : sql`${messages.error}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(messages.accountId, accountId),
        eq(messages.externalId, externalId),
        sql`${statusRankSql(messages.status)} < ${statusRankSql(sql`${best.status}`)}`,
      ),
    )
    .returning({ id: messages.id });
  return rows.map((r) => r.id);
}
