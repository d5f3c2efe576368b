import {
  AI_BOT_HANDOVER_LABELS,
  AI_BOT_PATHS,
  type AiBotResponse,
  type AiBotSettingsInput,
  type AiBotTestInput,
  type AiBotTestResponse,
  type ChatBotResponse,
  type ChatBotState,
} from '@common/api/ai-bot';
import type { ServerEventMap } from '@common/realtime';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { showToast } from '../ui/Toast';
import { apiRequest } from './client';
import type { ConversationPages } from './messageList';
import { messageKeys } from './messages';

export const AI_BOT_KEY = ['ai-bot'] as const;

/** Marketing → AI Bots: the bot's settings, the model it would use, whether it answers now, who may edit. */
export const aiBotQuery = queryOptions({
  queryKey: AI_BOT_KEY,
  queryFn: ({ signal }) => apiRequest<AiBotResponse>(AI_BOT_PATHS.settings, { signal }),
  staleTime: 30_000,
});

/** Owners: a partial update; the answer replaces the cached settings. */
export async function saveAiBot(client: QueryClient, body: AiBotSettingsInput): Promise<AiBotResponse> {
  const saved = await apiRequest<AiBotResponse>(AI_BOT_PATHS.settings, { method: 'PUT', body });
  client.setQueryData(AI_BOT_KEY, saved);
  return saved;
}

/** Owners: the bot's answer to a test conversation (nothing is sent or stored). */
export function testAiBot(body: AiBotTestInput, signal?: AbortSignal): Promise<AiBotTestResponse> {
  return apiRequest<AiBotTestResponse>(AI_BOT_PATHS.test, { method: 'POST', body, signal });
}

/** The chat's bot state in the open conversation's cache (its header reads it from there). */
export function applyChatBot(client: QueryClient, contactId: string, bot: ChatBotState): void {
  client.setQueryData<ConversationPages>(messageKeys.conversation(contactId), (data) => {
    const first = data?.pages[0];
    if (!data || !first) return data;
    return { ...data, pages: [{ ...first, contact: { ...first.contact, bot } }, ...data.pages.slice(1)] };
  });
}

/** Any teammate: pause the bot in one chat, or resume it (after a hand-over too). */
export async function setChatBotPaused(
  client: QueryClient,
  contactId: string,
  paused: boolean,
): Promise<ChatBotState> {
  const { bot } = await apiRequest<ChatBotResponse>(AI_BOT_PATHS.chat(contactId), {
    method: 'PUT',
    body: { paused },
  });
  applyChatBot(client, contactId, bot);
  return bot;
}

/** "the customer asked for a person" for a hand-over, in words. */
export function handOverWords(bot: ChatBotState): string {
  return bot.reason ? AI_BOT_HANDOVER_LABELS[bot.reason] : 'the bot stopped answering';
}

/**
 * The live frame: the chat's state in the cache, and a toast for every teammate when the bot hands a
 * chat over (it is left unassigned for someone to pick up).
 */
export function applyChatBotFrame(client: QueryClient, data: ServerEventMap['ai_bot.chat_changed']): void {
  applyChatBot(client, data.contactId, data.bot);
  if (data.notify && data.bot.state === 'handed_over')
    showToast(`AI bot handed ${data.contactName || data.phone} over to the team: ${handOverWords(data.bot)}`);
}
