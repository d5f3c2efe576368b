import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../db/schema';
import { defineJob } from '../jobs/define';
import { GraphApiError } from '../whatsapp/graph-errors';

/**
 * One read receipt to Meta for an incoming message (it also marks the earlier ones read for the
 * customer). Marking read twice is harmless, so every transient failure is retried with backoff; a
 * definite refusal (the message is too old, an unknown id) is logged and dropped — the stored status
 * is already read.
 */
export const messageReadJob = defineJob({
  name: 'message.read',
  schema: z.object({ messageId: z.uuid() }),
  maxAttempts: 8,
  async handler({ messageId }, { db, channels, log, attempt }) {
    const [row] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
    if (!row?.externalId || row.direction !== 'incoming') return;
    const channel = await channels.forAccount(db, row.accountId);
    if (!channel) return;
    try {
      await channel.markRead(row.externalId);
    } catch (error) {
      const permanent = error instanceof GraphApiError && !error.isRetryable;
      if (!permanent && attempt < 8) throw error;
      log.warn({ err: error, messageId }, 'read receipt not sent');
    }
  },
});
