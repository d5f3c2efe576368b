import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { reactions } from '../db/schema';
import type { Env } from '../env';
import type { EventBus } from '../events/bus';
import { enqueue } from '../jobs/queue';
import type { Clock } from '../lib/clock';
import { messagePolicy } from '../policies/message';
import type { ContactRow } from '../presenters/contact';
import type { MessageRow } from '../presenters/message';
import { reactionSendJob } from './reaction-send.job';
import type { SendActor } from './send-message';
import { canSendFreeform } from './window';

/** The team reacts as the business: one reaction per message, whoever clicked. */
export const BUSINESS_REACTOR = 'business';

/**
 * Sets (or with '' removes) the business's reaction on a message and queues `reaction.send`. The
 * target needs Meta's id ('Cannot react to non-existent message' otherwise) and an open window.
 * A new emoji replaces the old one; the row is pending until Meta accepts it.
 */
export async function reactToMessage(
  deps: { db: Database; env: Env; events: EventBus; clock: Clock },
  sender: SendActor,
  target: MessageRow,
  contact: ContactRow,
  emoji: string,
): Promise<void> {
  const now = await deps.clock.now(deps.db);
  messagePolicy.authorize(sender, 'react', { message: target, windowOpen: canSendFreeform(contact, now) });
  // The policy refuses a target without Meta's id ('Cannot react to non-existent message').
  const targetExternalId = target.externalId as string;

  await deps.events.transaction(async (tx, emit) => {
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
    if (!existing && emoji === '') return;
    if (existing && existing.emoji === emoji && existing.status !== 'failed') return;

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
    emit({ kind: 'reaction.changed', accountId: sender.accountId, contactId: contact.id, targetExternalId });
  });
}
