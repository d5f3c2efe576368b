import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { aiBotSettings, messages } from '../../db/schema';
import type { EventBus } from '../../events/bus';
import type { DeliveredEvent } from '../../events/types';
import { enqueue } from '../../jobs/queue';
import { handOver } from './chat-state';
import { aiBotReplyJob } from './reply.job';

type Deps = { db: Database; events: EventBus; log: FastifyBaseLogger };

/**
 * The AI bot listens to new messages of accounts whose bot is on: a customer's message queues
 * `ai-bot.reply` (dedupe key: the message id, so the bot answers once with any number of processes and
 * redeliveries); a teammate's message hands the chat over ('teammate_replied'). One query per batch of
 * events, none when no message was created. Its promise holds the events' outbox row until the jobs are
 * queued, so a process that dies first leaves them to another's recovery; a failure is delivered again.
 */
export function startAiBot(deps: Deps): () => void {
  const onEvents = async (events: DeliveredEvent[]) => {
    const ids = events.flatMap((e) => (e.kind === 'message.created' ? [e.messageId] : []));
    if (ids.length === 0) return;
    try {
      const rows = await deps.db
        .select({
          id: messages.id,
          accountId: messages.accountId,
          contactId: messages.contactId,
          direction: messages.direction,
          type: messages.type,
          sentBy: messages.sentBy,
          sentByBot: messages.sentByBot,
        })
        .from(messages)
        .innerJoin(
          aiBotSettings,
          and(eq(aiBotSettings.accountId, messages.accountId), eq(aiBotSettings.enabled, true)),
        )
        .where(inArray(messages.id, [...new Set(ids)]));
      for (const row of rows) {
        if (row.direction === 'incoming' && row.type !== 'system') {
          await enqueue(
            deps.db,
            aiBotReplyJob,
            { messageId: row.id },
            { dedupeKey: `ai-bot.reply:${row.id}` },
          );
        } else if (row.direction === 'outgoing' && row.sentBy && !row.sentByBot) {
          const chat = { accountId: row.accountId, contactId: row.contactId };
          await deps.events.transaction((tx, emit) => handOver(tx, emit, chat, 'teammate_replied'));
        }
      }
    } catch (error) {
      // The bus keeps the events and delivers them again (the job's dedupe key keeps it to one reply).
      deps.log.error({ err: error }, 'AI bot: could not take new messages');
      throw error;
    }
  };
  return deps.events.subscribe(onEvents);
}
