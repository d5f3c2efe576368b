import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '../../db/schema';
import type { Env } from '../../env';
import { defineJob } from '../../jobs/define';
import { type Clock, systemClock } from '../../lib/clock';
import { sandboxClock } from '../../sandbox/clock';
import { handOver } from './chat-state';
import { answerCustomerMessage } from './engine';

/** The messaging clock jobs use: the same choice as app.ts's `messagingClock` (the sandbox's clock with the built-in sandbox). */
export function botClock(env: Env): Clock {
  return env.sandbox && env.meta.graphUrl === null ? sandboxClock : systemClock;
}

/**
 * `ai-bot.reply`: the bot answers one customer message. Queued by the bot's event subscriber with the
 * message id as dedupe key, so one inbound message gives one job however many processes saw the event;
 * the reply itself is keyed by the message too (engine.ts), so a retry never sends twice. Anything that
 * goes wrong is logged by its name and code only and hands the chat to the team.
 */
export const aiBotReplyJob = defineJob({
  name: 'ai-bot.reply',
  schema: z.object({ messageId: z.uuid() }),
  maxAttempts: 3,
  handler: async ({ messageId }, ctx) => {
    const log = ctx.log.child({ component: 'ai-bot' });
    try {
      await answerCustomerMessage(
        { db: ctx.db, env: ctx.env, events: ctx.events, clock: botClock(ctx.env), log },
        messageId,
      );
    } catch (error) {
      const err = error as { name?: string; code?: string };
      log.error({ aiBot: { messageId, failure: err?.name ?? 'Error', code: err?.code } }, 'AI bot failed');
      const [inbound] = await ctx.db
        .select({ accountId: messages.accountId, contactId: messages.contactId })
        .from(messages)
        .where(eq(messages.id, messageId));
      if (inbound) await ctx.events.transaction((tx, emit) => handOver(tx, emit, inbound, 'provider_failed'));
    }
  },
});
