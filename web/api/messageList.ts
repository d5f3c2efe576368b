import type { ConversationResponse, InboxMessage, MessageReaction } from '@common/api/inbox';
import type { InfiniteData } from '@tanstack/react-query';

/**
 * The conversation's message list as pure functions: what the server sent (pages, newest first),
 * what live events change in it, and the browser's own not-yet-stored sends (the outbox, 'temp-…'
 * ids) merged in. Spec §4: a temp record is replaced in place by the real one, matched by id, by
 * clientRef / external id, or by the same content, contact, type, direction and media type within
 * 30 seconds; a row is never shown twice.
 */

export type ConversationPages = InfiniteData<ConversationResponse, string | null>;

/** Temp-to-real match window (spec §9). */
export const TEMP_MATCH_WINDOW_MS = 30_000;
export const TEMP_ID_PREFIX = 'temp-';

export function isTempId(id: string): boolean {
  return id.startsWith(TEMP_ID_PREFIX);
}

/** A new browser id for an optimistic message: 'temp-<time>-<random>' (the server's clientRef format). */
export function newClientRef(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '').slice(0, 12)
      : Math.random().toString(36).slice(2, 14);
  return `${TEMP_ID_PREFIX}${Date.now().toString(36)}-${random}`;
}

function isNewer(candidate: InboxMessage, current: InboxMessage): boolean {
  return Date.parse(candidate.updatedAt) >= Date.parse(current.updatedAt);
}

/** Same content, contact, type, direction and media type, stamped within 30 s of each other. */
export function sameContent(a: InboxMessage, b: InboxMessage): boolean {
  return (
    a.contactId === b.contactId &&
    a.direction === b.direction &&
    a.type === b.type &&
    a.body === b.body &&
    (a.media?.kind ?? null) === (b.media?.kind ?? null) &&
    Math.abs(Date.parse(a.timestamp) - Date.parse(b.timestamp)) <= TEMP_MATCH_WINDOW_MS
  );
}

/** Whether a stored message is the real row of the optimistic `temp`. */
export function isRealOf(real: InboxMessage, temp: InboxMessage): boolean {
  if (isTempId(real.id)) return false;
  if (real.id === temp.id) return true;
  const ref = temp.clientRef ?? temp.id;
  if (real.clientRef) return real.clientRef === ref;
  if (temp.externalId && real.externalId === temp.externalId) return true;
  return sameContent(real, temp);
}

function samePlace(a: InboxMessage, b: InboxMessage): boolean {
  return a.id === b.id || (a.externalId !== null && a.externalId === b.externalId);
}

/**
 * Writes a stored message into the pages: it replaces the same row (by id or provider id) where it
 * is, unless the cached one is newer; a message not seen before goes on top of the newest page.
 */
export function upsertMessage(data: ConversationPages, message: InboxMessage): ConversationPages {
  let found = false;
  const pages = data.pages.map((page) => {
    let changed = false;
    const messages = page.messages.map((current) => {
      if (!samePlace(current, message)) return current;
      found = true;
      if (!isNewer(message, current)) return current;
      changed = true;
      return message;
    });
    return changed ? { ...page, messages } : page;
  });
  if (found) return { ...data, pages };
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return { ...data, pages: [{ ...first, messages: [message, ...first.messages] }, ...rest] };
}

/** Replaces the reactions of the target message (found by id, else by provider id). */
export function setReactions(
  data: ConversationPages,
  target: { messageId: string | null; targetExternalId: string },
  reactions: MessageReaction[],
): ConversationPages {
  const matches = (m: InboxMessage) =>
    (target.messageId !== null && m.id === target.messageId) || m.externalId === target.targetExternalId;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.messages.some(matches)
        ? { ...page, messages: page.messages.map((m) => (matches(m) ? { ...m, reactions } : m)) }
        : page,
    ),
  };
}

/** Changes one message wherever it is (optimistic reactions, marking read). */
export function updateMessage(
  data: ConversationPages,
  messageId: string,
  update: (message: InboxMessage) => InboxMessage,
): ConversationPages {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.messages.some((m) => m.id === messageId)
        ? { ...page, messages: page.messages.map((m) => (m.id === messageId ? update(m) : m)) }
        : page,
    ),
  };
}

/** After a read receipt: the customer's messages up to `message` are read (the server marks them too). */
export function markReadUpTo(data: ConversationPages, message: InboxMessage): ConversationPages {
  const until = Date.parse(message.timestamp);
  const isCovered = (m: InboxMessage) =>
    m.direction === 'incoming' && m.abilities.markRead && Date.parse(m.timestamp) <= until;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.messages.some(isCovered)
        ? {
            ...page,
            messages: page.messages.map((m) =>
              isCovered(m) ? { ...m, status: 'read', abilities: { ...m.abilities, markRead: false } } : m,
            ),
          }
        : page,
    ),
  };
}

export function findMessage(data: ConversationPages | undefined, messageId: string): InboxMessage | null {
  for (const page of data?.pages ?? []) {
    const hit = page.messages.find((m) => m.id === messageId);
    if (hit) return hit;
  }
  return null;
}

function compareByTime(a: InboxMessage, b: InboxMessage): number {
  const diff = Date.parse(a.timestamp) - Date.parse(b.timestamp);
  if (diff !== 0) return diff;
  // Meta's timestamps have whole seconds: within one, a pending send goes last and stored rows keep
  // the order they arrived in; the id only makes the order stable.
  if (isTempId(a.id) !== isTempId(b.id)) return isTempId(a.id) ? 1 : -1;
  const arrival = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (arrival !== 0) return arrival;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Everything the conversation shows, oldest first: stored messages (each once, the newest version
 * of a row wins) and the outbox's sends that have no stored row yet.
 */
export function mergeConversation(stored: InboxMessage[], outbox: InboxMessage[]): InboxMessage[] {
  const byKey = new Map<string, InboxMessage>();
  const byExternal = new Map<string, string>();
  for (const message of stored) {
    const key = (message.externalId && byExternal.get(message.externalId)) || message.id;
    const current = byKey.get(key);
    if (!current || isNewer(message, current)) byKey.set(key, message);
    if (message.externalId) byExternal.set(message.externalId, key);
  }
  const rows = [...byKey.values()];
  const claimed = new Set<string>();
  for (const temp of outbox) {
    const real = rows.find((m) => !claimed.has(m.id) && isRealOf(m, temp));
    if (real) {
      claimed.add(real.id);
      continue;
    }
    rows.push(temp);
  }
  return rows.sort(compareByTime);
}

/** The stable React key of a message: its clientRef, so the real row takes the temp row's place. */
export function messageKey(message: InboxMessage): string {
  return message.clientRef ?? message.id;
}
