import { INBOX_MSG, type InboxMessage, type MessageReaction, type MessageResponse } from '@common/api/inbox';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from './client';
import { type ConversationPages, markReadUpTo, setReactions, updateMessage } from './messageList';
import { messageKeys, tell, writeMessage } from './messages';
import { serverNow } from './serverClock';

/** The business's reactions and the read receipts of a conversation (the sends are in messages.ts). */

const BUSINESS = 'business';

/**
 * Reacts as the business: shown at once, replaced by what the server stored, rolled back with
 * 'Failed to send reaction' (or the server's reason) on failure. The same emoji again removes it.
 */
export async function react(client: QueryClient, message: InboxMessage, emoji: string): Promise<void> {
  const key = messageKeys.conversation(message.contactId);
  const mine = message.reactions.find((r) => r.reactor === BUSINESS);
  const next = mine?.emoji === emoji ? '' : emoji;
  const previous = message.reactions;
  const optimistic: MessageReaction[] = [
    ...previous.filter((r) => r.reactor !== BUSINESS),
    ...(next
      ? [
          {
            emoji: next,
            reactor: BUSINESS,
            direction: 'outgoing' as const,
            status: 'pending',
            sentBy: null,
            timestamp: new Date(serverNow()).toISOString(),
          },
        ]
      : []),
  ];
  const target = { messageId: message.id, targetExternalId: message.externalId ?? '' };
  client.setQueryData<ConversationPages>(key, (data) =>
    data ? setReactions(data, target, optimistic) : data,
  );
  try {
    const { message: updated } = await apiRequest<MessageResponse>(`/api/messages/${message.id}/reactions`, {
      method: 'POST',
      body: { emoji: next },
    });
    writeMessage(client, updated);
    tell({ kind: 'success', text: INBOX_MSG.sentSuccessfully.reaction });
  } catch (error) {
    client.setQueryData<ConversationPages>(key, (data) =>
      data ? setReactions(data, target, previous) : data,
    );
    tell({ kind: 'error', text: errorMessage(error, INBOX_MSG.failedToSend.reaction) });
  }
}

const READ_RETRY_MS = 30_000;
/** Message id → when a receipt was last asked for; one at a time, again only after a failure. */
const receipts = new Map<string, number>();

/** Sends the read receipt of an incoming message once (spec §4); a failure may be retried later. */
export async function markRead(client: QueryClient, message: InboxMessage): Promise<void> {
  if (!message.abilities.markRead || message.direction !== 'incoming' || !message.externalId) return;
  const last = receipts.get(message.id);
  if (last !== undefined && (last === Number.POSITIVE_INFINITY || Date.now() - last < READ_RETRY_MS)) return;
  receipts.set(message.id, Number.POSITIVE_INFINITY);
  try {
    const { message: updated } = await apiRequest<MessageResponse>(`/api/messages/${message.id}/read`, {
      method: 'POST',
    });
    writeMessage(client, updated);
    client.setQueryData<ConversationPages>(messageKeys.conversation(message.contactId), (data) =>
      data ? markReadUpTo(data, updated) : data,
    );
  } catch {
    receipts.set(message.id, Date.now());
    // Shown as read here anyway; the server keeps its own status (spec: the receipt is retried later).
    client.setQueryData<ConversationPages>(messageKeys.conversation(message.contactId), (data) =>
      data
        ? updateMessage(data, message.id, (m) => ({ ...m, abilities: { ...m.abilities, markRead: false } }))
        : data,
    );
  }
}
