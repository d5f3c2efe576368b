import { AI_SOURCE_LABELS, type AiSource, type AiSuggestInput, type AiTextResponse } from '@common/api/ai';
import { and, eq } from 'drizzle-orm';
import { loadChatContext } from '../ai/context';
import { logAiFailure } from '../ai/log';
import { suggestionPrompt, summaryPrompt, translationPrompt } from '../ai/prompt';
import type { AiProvider, ChatMessage } from '../ai/provider';
import { notConfigured, resolveAi } from '../ai/resolve';
import { messages } from '../db/schema';
import { conflict, notFound } from '../lib/http-errors';
import { aiPolicy } from '../policies/ai';
import type { PolicyActor } from '../policies/define-policy';
import type { AiDeps } from './ai-settings';
import { loadContact } from './contact-panel';

type AiActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };
type Contact = Awaited<ReturnType<typeof loadContact>>;

/** Longest reply asked of a model: WhatsApp's 4,096 characters are roughly 1,000 tokens. */
const MAX_REPLY_TOKENS = 1_000;

/** A suggestion ready to stream: which model answers, and its text as it arrives. */
export type SuggestionStream = {
  source: AiSource;
  label: string;
  model: string;
  provider: AiProvider;
  pieces: AsyncIterable<string>;
};

async function providerOrRefuse(deps: AiDeps, accountId: string) {
  const { provider, settings } = await resolveAi(deps.db, deps.env, accountId);
  if (!provider) {
    const refusal = notConfigured(settings);
    throw conflict(refusal.message, refusal.code);
  }
  return { provider, knowledge: settings?.instructions ?? '' };
}

/** The model and the chat's context, read side by side (one round trip less before the model is asked). */
async function providerAndContext(deps: AiDeps, actor: AiActor, contact: Contact) {
  const [{ provider, knowledge }, context] = await Promise.all([
    providerOrRefuse(deps, actor.accountId),
    loadChatContext(deps.db, contact, actor.teamId),
  ]);
  return { provider, context: { ...context, knowledge: knowledge.trim() } };
}

/**
 * A drafted reply (or a rewrite of the agent's draft) for one chat, streamed: checks the actor may use
 * AI on this contact, reads the chat's context, and starts the model. Nothing is stored and nothing is
 * sent: the agent edits the text in the composer and sends it themself. Refusals (404 unknown contact,
 * 403, 409 `ai_not_configured`) are thrown before any text; the model's failures come out of `pieces`
 * as AiError.
 */
export async function startSuggestion(
  deps: AiDeps,
  actor: AiActor,
  input: AiSuggestInput,
  signal?: AbortSignal,
): Promise<SuggestionStream> {
  const contact = await loadContact(deps.db, actor.accountId, input.contactId);
  aiPolicy.authorize(actor, 'suggest', contact);
  const { provider, context } = await providerAndContext(deps, actor, contact);
  const prompt = suggestionPrompt(context, input.action, input.draft);
  return {
    source: provider.source,
    label: AI_SOURCE_LABELS[provider.source],
    model: provider.model,
    provider,
    pieces: provider.stream(prompt, { signal, maxTokens: MAX_REPLY_TOKENS }),
  };
}

async function completeText(
  deps: AiDeps,
  provider: AiProvider,
  prompt: ChatMessage[],
  what: string,
): Promise<AiTextResponse> {
  try {
    const text = await provider.complete(prompt, { maxTokens: MAX_REPLY_TOKENS });
    return {
      ok: true,
      text,
      source: provider.source,
      label: AI_SOURCE_LABELS[provider.source],
      model: provider.model,
    };
  } catch (error) {
    return { ok: false, error: logAiFailure(deps.log, provider, error, what).toBody() };
  }
}

/** "Summarise" in the contact panel: a few lines on what the customer wants and what was promised. */
export async function summariseContact(
  deps: AiDeps,
  actor: AiActor,
  contactId: string,
): Promise<AiTextResponse> {
  const contact = await loadContact(deps.db, actor.accountId, contactId);
  aiPolicy.authorize(actor, 'suggest', contact);
  const { provider, context } = await providerAndContext(deps, actor, contact);
  return completeText(deps, provider, summaryPrompt(context), 'summarise');
}

/** One message translated for reading (the original is kept and nothing is stored). */
export async function translateMessage(
  deps: AiDeps,
  actor: AiActor,
  input: { messageId: string; language?: string | undefined },
): Promise<AiTextResponse> {
  const [message] = await deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.id, input.messageId), eq(messages.accountId, actor.accountId)))
    .limit(1);
  if (!message) throw notFound('Message not found');
  aiPolicy.authorize(actor, 'suggest', message);
  const text = message.body.trim() || message.preview.trim();
  if (!text) throw conflict('This message has no text to translate.', 'nothing_to_translate');
  const { provider } = await providerOrRefuse(deps, actor.accountId);
  return completeText(deps, provider, translationPrompt(text, input.language ?? 'English'), 'translate');
}
