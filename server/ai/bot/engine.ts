import { and, count, eq, gt, isNotNull, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/client';
import { contacts, messages, teams } from '../../db/schema';
import type { Env } from '../../env';
import type { EventBus } from '../../events/bus';
import type { Clock } from '../../lib/clock';
import { createdChanges, recordOutgoing } from '../../outbound/send-message';
import { canSendFreeform } from '../../outbound/window';
import { loadChatContext } from '../context';
import { logAiFailure } from '../log';
import type { AiProvider, ChatMessage } from '../provider';
import { AiError } from '../provider';
import { resolveAi } from '../resolve';
import { asksForPerson } from './asks-for-person';
import { countTurn, handOver, loadChatBotRow } from './chat-state';
import { botPrompt, judgeAnswer } from './prompt';
import { answersAt } from './schedule';
import { loadBot } from './settings';

export type BotDeps = { db: Database; env: Env; events: EventBus; clock: Clock; log: Logger };

/** The clientRef of the bot's reply to one customer message: the same reply is never stored twice. */
export const botClientRef = (messageId: string) => `ai-bot:${messageId}`;

/** What happened, for tests and the log (never text). */
export type BotOutcome =
  | 'replied'
  | 'handed_over'
  | 'already_answered'
  | 'skipped_off'
  | 'skipped_schedule'
  | 'skipped_chat'
  | 'skipped_newer'
  | 'skipped_state';

type Contact = typeof contacts.$inferSelect;

/**
 * Whether the contact's chat is one the bot may answer now: unassigned, not blocked, not opted out (the
 * bot never writes by itself to someone who said STOP; a teammate still may), window open.
 */
function chatOpenToBot(contact: Contact, now: Date): boolean {
  return (
    contact.assignedTo === null &&
    contact.blockedAt === null &&
    contact.consent !== 'opted_out' &&
    canSendFreeform(contact, now)
  );
}

/** A teammate's message (not the bot's) in the chat after `after`. */
async function teammateWroteSince(db: Executor, contactId: string, after: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.contactId, contactId),
        eq(messages.direction, 'outgoing'),
        eq(messages.sentByBot, false),
        isNotNull(messages.sentBy),
        gt(messages.timestamp, after),
      ),
    )
    .limit(1);
  return !!row;
}

/** Calls the model with an overall deadline: the provider's idle timeout covers stalls, this a trickle. */
async function askModel(provider: AiProvider, prompt: ChatMessage[], timeoutMs: number): Promise<string> {
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort.abort();
      reject(new AiError('ai_timeout', { kind: 'bot_deadline' }));
    }, timeoutMs);
  });
  try {
    // Aborted text is never used: the deadline rejects first, so a cut answer is not sent.
    return await Promise.race([
      provider.complete(prompt, { signal: abort.signal, maxTokens: 1_000 }),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The bot's answer to one customer message (the `ai-bot.reply` job). Re-checks everything from the
 * database, then either stays quiet, hands the chat over, or sends one reply through the ordinary
 * outbound path (pending row + `message.send` job) as the bot. Safe to run twice: the reply's
 * clientRef is keyed by the customer's message.
 */
export async function answerCustomerMessage(deps: BotDeps, messageId: string): Promise<BotOutcome> {
  const { db } = deps;
  const [inbound] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (inbound?.direction !== 'incoming' || inbound.type === 'system') return 'skipped_chat';
  const [done] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.accountId, inbound.accountId), eq(messages.clientRef, botClientRef(messageId))));
  if (done) return 'already_answered';

  const settings = await loadBot(db, inbound.accountId);
  if (!settings.enabled) return 'skipped_off';
  const now = await deps.clock.now(db);
  if (!answersAt(settings, now)) return 'skipped_schedule';

  const [contact] = await db.select().from(contacts).where(eq(contacts.id, inbound.contactId));
  if (!contact || !chatOpenToBot(contact, now)) return 'skipped_chat';
  const chat = { accountId: inbound.accountId, contactId: contact.id };
  const state = await loadChatBotRow(db, contact.id);
  if (state && state.state !== 'active') return 'skipped_state';

  // A later customer message has its own job: answer the newest only.
  const [newer] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.contactId, contact.id),
        eq(messages.direction, 'incoming'),
        ne(messages.type, 'system'),
        gt(messages.timestamp, inbound.timestamp),
      ),
    )
    .limit(1);
  if (newer) return 'skipped_newer';

  const stop = async (reason: Parameters<typeof handOver>[3]) => {
    await deps.events.transaction((tx, emit) => handOver(tx, emit, chat, reason));
    deps.log.info({ aiBot: { contactId: contact.id, messageId, handedOver: reason } }, 'AI bot handed over');
    return 'handed_over' as const;
  };

  if (await teammateWroteSince(db, contact.id, inbound.timestamp)) return stop('teammate_replied');
  const [{ value: lastHour } = { value: 0 }] = await db
    .select({ value: count() })
    .from(messages)
    .where(
      and(
        eq(messages.contactId, contact.id),
        eq(messages.sentByBot, true),
        gt(messages.timestamp, new Date(now.getTime() - 3_600_000)),
      ),
    );
  if (lastHour >= settings.maxRepliesPerHour) return stop('rate_limited');
  if ((state?.turns ?? 0) >= settings.maxTurns) return stop('turn_limit');
  if (asksForPerson(inbound.body)) return stop('asked_for_person');

  const { provider, settings: ai } = await resolveAi(db, deps.env, inbound.accountId);
  if (!provider) {
    deps.log.warn({ aiBot: { contactId: contact.id, code: 'ai_not_configured' } }, 'AI bot has no model');
    return stop('provider_failed');
  }
  const [team] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.whatsappAccountId, inbound.accountId));
  const context = await loadChatContext(db, contact, team?.id ?? '');
  const prompt = botPrompt({ ...context, knowledge: (ai?.instructions ?? '').trim() }, settings.maxLength);
  let answer: string;
  try {
    answer = await askModel(provider, prompt, deps.env.ai.timeoutMs);
  } catch (error) {
    logAiFailure(deps.log, provider, error, 'bot');
    return stop('provider_failed');
  }
  const verdict = judgeAnswer(answer, settings.maxLength);
  if (verdict.kind === 'handover') {
    if (verdict.reason !== 'unsure') {
      deps.log.warn(
        { ai: { what: 'bot', source: provider.source, model: provider.model, code: verdict.reason } },
        'AI bot answer not sent',
      );
    }
    return stop(verdict.reason);
  }

  // The chat may have changed while the model answered: check again, then store and queue the send.
  const sent = await deps.events.transaction(async (tx, emit) => {
    const sendAt = await deps.clock.now(tx);
    const [fresh] = await tx.select().from(contacts).where(eq(contacts.id, contact.id)).for('update');
    if (!fresh || !chatOpenToBot(fresh, sendAt)) return 'skipped_chat' as const;
    const current = await loadChatBotRow(tx, contact.id);
    if (current && current.state !== 'active') return 'skipped_state' as const;
    if (await teammateWroteSince(tx, contact.id, inbound.timestamp)) {
      await handOver(tx, emit, chat, 'teammate_replied');
      return 'handed_over' as const;
    }
    const row = await recordOutgoing(tx, { id: null, accountId: inbound.accountId }, fresh, {
      type: 'text',
      body: verdict.text,
      content: { kind: 'text', body: verdict.text },
      clientRef: botClientRef(messageId),
      replyToExternalId: null,
      timestamp: sendAt,
      sentByBot: true,
    });
    if (!row) return 'already_answered' as const;
    await countTurn(tx, chat);
    emit(...createdChanges(row));
    return 'replied' as const;
  });
  deps.log.info({ aiBot: { contactId: contact.id, messageId, outcome: sent } }, 'AI bot answered');
  return sent;
}
