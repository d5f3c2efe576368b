import {
  type AiBotHandoverReason,
  type AiBotResponse,
  type AiBotSettingsInput,
  type AiBotTestInput,
  type AiBotTestResponse,
  aiBotTimeZoneMoved,
  type ChatBotResponse,
  DEFAULT_BUSINESS_HOURS,
} from '@common/api/ai-bot';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { asksForPerson } from '../ai/bot/asks-for-person';
import { presentChatBot, setChatPaused } from '../ai/bot/chat-state';
import { botPrompt, judgeAnswer } from '../ai/bot/prompt';
import { answersAt } from '../ai/bot/schedule';
import { loadBot, loadBotSettings } from '../ai/bot/settings';
import { AI_SAVED_MESSAGES } from '../ai/context';
import { logAiFailure } from '../ai/log';
import { aiStatus, notConfigured, resolveAi } from '../ai/resolve';
import { recordAudit } from '../audit/audit-log';
import { aiBotSettings, savedMessages } from '../db/schema';
import type { Clock } from '../lib/clock';
import { badRequest } from '../lib/http-errors';
import { aiBotPolicy } from '../policies/ai-bot';
import type { PolicyActor } from '../policies/define-policy';
import type { AiDeps } from './ai-settings';
import { loadContact } from './contact-panel';

type BotActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };
export type AiBotDeps = AiDeps & { clock: Clock };

async function present(deps: AiBotDeps, actor: BotActor): Promise<AiBotResponse> {
  const [settings, { provider, settings: ai }, now] = await Promise.all([
    loadBot(deps.db, actor.accountId),
    resolveAi(deps.db, deps.env, actor.accountId),
    deps.clock.now(deps.db),
  ]);
  return {
    settings,
    status: aiStatus(deps.env, provider, ai),
    answeringNow: !!provider && answersAt(settings, now),
    abilities: { configure: aiBotPolicy.can(actor, 'configure', { accountId: actor.accountId }) },
  };
}

/** The bot's settings and the model it would use, for every teammate (owners edit). */
export async function getAiBot(deps: AiBotDeps, actor: BotActor): Promise<AiBotResponse> {
  aiBotPolicy.authorize(actor, 'view', { accountId: actor.accountId });
  return present(deps, actor);
}

/**
 * The owner changes the bot (a partial update: fields left out keep their value), with an activity
 * log entry naming the fields changed and whether the bot is on.
 */
export async function updateAiBot(
  deps: AiBotDeps & { events: NonNullable<AiDeps['events']> },
  actor: BotActor,
  input: AiBotSettingsInput,
): Promise<AiBotResponse> {
  aiBotPolicy.authorize(actor, 'configure', { accountId: actor.accountId });
  await deps.events.transaction(async (tx) => {
    const before = await loadBot(tx, actor.accountId);
    // The zone is the team's (Settings → Team); an older client naming it again changes nothing.
    if (input.timeZone !== undefined && input.timeZone !== before.timeZone)
      throw badRequest(aiBotTimeZoneMoved(before.timeZone), 'validation_failed', 'timeZone');
    const next = {
      enabled: input.enabled ?? before.enabled,
      when: input.when ?? before.when,
      hours: input.hours ?? before.hours ?? DEFAULT_BUSINESS_HOURS,
      maxTurns: input.maxTurns ?? before.maxTurns,
      maxRepliesPerHour: input.maxRepliesPerHour ?? before.maxRepliesPerHour,
      maxLength: input.maxLength ?? before.maxLength,
    };
    const stamp = { updatedBy: actor.id, updatedAt: new Date() };
    await tx
      .insert(aiBotSettings)
      .values({ accountId: actor.accountId, ...next, ...stamp })
      .onConflictDoUpdate({ target: aiBotSettings.accountId, set: { ...next, ...stamp } });
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
      (key) => JSON.stringify(next[key]) !== JSON.stringify(before[key]),
    );
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: 'ai_bot.updated',
      subjectType: 'account',
      subjectId: actor.accountId,
      details: { changed, enabled: next.enabled, when: next.when },
    });
  });
  return present(deps, actor);
}

/**
 * The test chat (owners): the bot's answer to a made-up conversation against the current knowledge,
 * settings and model, with the same hand-over rules (a request for a person, the turn limit, the
 * model's hand-over marker, a too-long or empty answer). Nothing is stored and nothing is sent.
 */
export async function testAiBot(
  deps: AiBotDeps,
  actor: BotActor,
  input: AiBotTestInput,
): Promise<AiBotTestResponse> {
  aiBotPolicy.authorize(actor, 'configure', { accountId: actor.accountId });
  const settings = await loadBot(deps.db, actor.accountId);
  const handOver = (reason: AiBotHandoverReason): AiBotTestResponse => ({
    ok: true,
    reply: null,
    handOver: { reason },
  });
  const last = input.messages.at(-1)!;
  const turns = input.messages.filter((m) => m.from === 'bot').length;
  if (turns >= settings.maxTurns) return handOver('turn_limit');
  if (asksForPerson(last.text)) return handOver('asked_for_person');

  const { provider, settings: ai } = await resolveAi(deps.db, deps.env, actor.accountId);
  if (!provider) return { ok: false, error: notConfigured(ai) };
  const saved = await deps.db
    .select({ name: savedMessages.name, content: savedMessages.content })
    .from(savedMessages)
    .where(and(eq(savedMessages.teamId, actor.teamId), isNull(savedMessages.userId)))
    .orderBy(desc(savedMessages.createdAt))
    .limit(AI_SAVED_MESSAGES);
  const prompt = botPrompt(
    {
      name: 'Test customer',
      tags: [],
      notes: '',
      fields: [],
      history: input.messages.map((m) => ({
        from: m.from === 'customer' ? 'customer' : 'team',
        text: m.text,
      })),
      knowledge: (ai?.instructions ?? '').trim(),
      savedReplies: saved.filter((s) => s.content.trim() !== ''),
    },
    settings.maxLength,
  );
  try {
    const answer = await provider.complete(prompt, { maxTokens: 1_000 });
    const verdict = judgeAnswer(answer, settings.maxLength);
    return verdict.kind === 'reply' ? { ok: true, reply: verdict.text } : handOver(verdict.reason);
  } catch (error) {
    const failure = logAiFailure(deps.log, provider, error, 'bot_test');
    return { ok: false, error: failure.toBody() };
  }
}

/**
 * A teammate pauses the bot in one chat, or resumes it (which also undoes a hand-over and counts the
 * turns from zero). Any teammate who sees the contact; the live feed tells the others.
 */
export async function setChatBotPaused(
  deps: AiBotDeps & { events: NonNullable<AiDeps['events']> },
  actor: BotActor,
  contactId: string,
  paused: boolean,
): Promise<ChatBotResponse> {
  const contact = await loadContact(deps.db, actor.accountId, contactId);
  aiBotPolicy.authorize(actor, 'pauseChat', contact);
  const row = await deps.events.transaction(async (tx, emit) => {
    const chat = { accountId: actor.accountId, contactId: contact.id };
    const row = await setChatPaused(tx, chat, paused, actor.id);
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: paused ? 'ai_bot.paused' : 'ai_bot.resumed',
      subjectType: 'contact',
      subjectId: contact.id,
    });
    emit({ kind: 'ai_bot.chat_changed', ...chat });
    return row;
  });
  const settings = await loadBotSettings(deps.db, actor.accountId);
  return { bot: presentChatBot(settings?.enabled ?? false, row) };
}
