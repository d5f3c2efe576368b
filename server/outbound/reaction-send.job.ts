import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { graphForAccount } from '../accounts/graph';
import { contacts, messages, reactions } from '../db/schema';
import { publishChanges } from '../inbound/inbox-changes';
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
  async handler({ reactionId }, { db, env, attempt, log }) {
    const [row] = await db.select().from(reactions).where(eq(reactions.id, reactionId)).limit(1);
    if (row?.status !== 'pending' || row.direction !== 'outgoing') return;
    const [target] = await db
      .select({ contactId: messages.contactId })
      .from(messages)
      .where(and(eq(messages.accountId, row.accountId), eq(messages.externalId, row.targetExternalId)))
      .limit(1);
    if (!target) return;
    const [contact] = await db.select().from(contacts).where(eq(contacts.id, target.contactId)).limit(1);
    const graph = await graphForAccount(db, env, row.accountId);
    const same = and(eq(reactions.id, row.id), eq(reactions.timestamp, row.timestamp));
    const changed = () =>
      publishChanges([
        {
          kind: 'reaction.changed',
          accountId: row.accountId,
          contactId: target.contactId,
          targetExternalId: row.targetExternalId,
        },
      ]);

    if (!contact || !graph) {
      await db.update(reactions).set({ status: 'failed', updatedAt: new Date() }).where(same);
      changed();
      return;
    }
    try {
      const sent = await graph.client.sendMessage(
        graph.account.phoneNumberId,
        buildReactionMessage(contact.waId, { targetExternalId: row.targetExternalId, emoji: row.emoji }),
      );
      await db
        .update(reactions)
        .set({ status: 'sent', externalId: sent.externalId, updatedAt: new Date() })
        .where(same);
    } catch (error) {
      if (classifySendFailure(error) !== 'fail' && attempt < MAX_ATTEMPTS) throw error;
      log.warn({ err: error, reactionId }, 'reaction not sent');
      await db.update(reactions).set({ status: 'failed', updatedAt: new Date() }).where(same);
    }
    changed();
  },
});
