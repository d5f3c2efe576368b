import { randomUUID } from 'node:crypto';
import { INBOX_MSG } from '@common/api/inbox';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { reactions } from '../db/schema';
import type { Env } from '../env';
import { publishChanges } from '../inbound/inbox-changes';
import { enqueue } from '../jobs/queue';
import { conflict } from '../lib/http-errors';
import type { ContactRow } from '../presenters/contact';
import type { MessageRow } from '../presenters/message';
import { reactionSendJob } from './reaction-send.job';
import { requireWindowOpen, type Sender } from './send-message';

/** The team reacts as the business: one reaction per message, whoever clicked. */
export const BUSINESS_REACTOR = 'business';

/**
 * Sets (or with '' removes) the business's reaction on a message and queues `reaction.send`. The
 * target needs Meta's id ('Cannot react to non-existent message' otherwise) and an open window.
 * A new emoji replaces the old one; the row is pending until Meta accepts it.
 */
export async function reactToMessage(
  deps: { db: Database; env: Env },
  sender: Sender,
  target: MessageRow,
  contact: ContactRow,
  emoji: string,
): Promise<void> {
  if (!target.externalId) throw conflict(INBOX_MSG.cannotReact, 'cannot_react');
  const now = await requireWindowOpen(deps, contact);
  const targetExternalId = target.externalId;

  const changed = await deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(reactions)
      .where(
        and(
          eq(reactions.accountId, sender.accountId),
          eq(reactions.targetExternalId, targetExternalId),
          eq(reactions.reactor, BUSINESS_REACTOR),
        ),
      )
      .limit(1);
    // Removing a reaction that is not there, or repeating the current one, sends nothing.
    if (!existing && emoji === '') return false;
    if (existing && existing.emoji === emoji && existing.status !== 'failed') return false;

    const [row] = await tx
      .insert(reactions)
      .values({
        accountId: sender.accountId,
        targetExternalId,
        reactor: BUSINESS_REACTOR,
        emoji,
        direction: 'outgoing',
        sentBy: sender.id,
        status: 'pending',
        timestamp: now,
      })
      .onConflictDoUpdate({
        target: [reactions.accountId, reactions.targetExternalId, reactions.reactor],
        set: {
          emoji,
          sentBy: sender.id,
          status: 'pending',
          externalId: null,
          // Strictly later than what a job in flight holds, so its stale answer cannot win.
          timestamp: sql`greatest(${now.toISOString()}::timestamptz, ${reactions.timestamp} + interval '1 millisecond')`,
          updatedAt: new Date(),
        },
      })
      .returning({ id: reactions.id });
    await enqueue(
      tx,
      reactionSendJob,
      { reactionId: row!.id },
      { dedupeKey: `reaction.send:${row!.id}:${randomUUID()}` },
    );
    return true;
  });
  if (changed) {
    publishChanges([
      { kind: 'reaction.changed', accountId: sender.accountId, contactId: contact.id, targetExternalId },
    ]);
  }
}
