import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { contacts, messages, reactions } from '../db/schema';
import { defineJob } from '../jobs/define';
import { buildReactionMessage } from '../whatsapp/message-builders';
import { classifySendFailure } from './send-errors';

const MAX_ATTEMPTS = 6;

/**
 * Sends the business's current reaction on a message. A reaction is idempotent at Meta (the same emoji
 * again replaces itself), so even an ambiguous failure is retried. Every write is conditioned on the
 * row's timestamp: if the user changed the emoji meanwhile, this run's answer is dropped and the newer
 * run sends the newer emoji.
 */
export const reactionSendJob = defineJob({
  name: 'reaction.send',
  schema: z.object({ reactionId: z.uuid() }),
  maxAttempts: MAX_ATTEMPTS,
  async handler({ reactionId }, { db, channels, events, attempt, log }) {
    const [row] = await db.select().from(reactions).where(eq(reactions.id, reactionId)).limit(1);
    if (row?.status !== 'pending' || row.direction !== 'outgoing') return;
    const [target] = await db
      .select({ contactId: messages.contactId })
      .from(messages)
      .where(and(eq(messages.accountId, row.accountId), eq(messages.externalId, row.targetExternalId)))
      .limit(1);
    if (!target) return;
    const [contact] = await db.select().from(contacts).where(eq(contacts.id, target.contactId)).limit(1);
    const channel = await channels.forAccount(db, row.accountId);
    const same = and(eq(reactions.id, row.id), eq(reactions.timestamp, row.timestamp));
    // The row's new state and its event, in one transaction.
    const settle = (set: Partial<typeof reactions.$inferInsert>) =>
      events.transaction(async (tx, emit) => {
        await tx
          .update(reactions)
          .set({ ...set, updatedAt: new Date() })
          .where(same);
        emit({
          kind: 'reaction.changed',
          accountId: row.accountId,
          contactId: target.contactId,
          targetExternalId: row.targetExternalId,
        });
      });

    if (!contact || !channel) {
      await settle({ status: 'failed' });
      return;
    }
    try {
      const sent = await channel.send(
        buildReactionMessage(contact.waId, { targetExternalId: row.targetExternalId, emoji: row.emoji }),
      );
      await settle({ status: 'sent', externalId: sent.externalId });
    } catch (error) {
      if (classifySendFailure(error) !== 'fail' && attempt < MAX_ATTEMPTS) throw error;
      log.warn({ err: error, reactionId }, 'reaction not sent');
      await settle({ status: 'failed' });
    }
  },
});
