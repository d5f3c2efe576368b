import {
  type ConversationResponse,
  INBOX_MSG,
  type InboxMessage,
  type MessageMedia,
  type MessageResponse,
} from '@common/api/inbox';
import type { ServerEventMap } from '@common/realtime';
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest, errorMessage, uploadForm } from './client';
import { loadRetry, loadRetryDelay } from './inbox';
import { type MediaSend, mediaPreview } from './mediaSend';
import {
  type ConversationPages,
  findMessage,
  newClientRef,
  setReactions,
  upsertMessage,
} from './messageList';
import { noteServerNow, serverNow } from './serverClock';

/**
 * A contact's conversation: its pages (newest first, older ones on scroll up), sending text and
 * media with an optimistic 'temp-…' row in the outbox, retries, reactions, read receipts, and what
 * live message events change.
 */

export const messageKeys = {
  conversation: (contactId: string) => ['messages', contactId] as const,
};

export function conversationQuery(contactId: string) {
  return infiniteQueryOptions({
    queryKey: messageKeys.conversation(contactId),
    queryFn: async ({ pageParam, signal }) => {
      const params = pageParam ? `?before=${encodeURIComponent(pageParam)}` : '';
      const page = await apiRequest<ConversationResponse>(`/api/contacts/${contactId}/messages${params}`, {
        signal,
      });
      noteServerNow(page.serverNow);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: loadRetry,
    retryDelay: loadRetryDelay,
    // Live events keep it current; a refetch on every mount would move the list under the reader.
    staleTime: 5 * 60_000,
  });
}

export function writeMessage(client: QueryClient, message: InboxMessage): void {
  client.setQueryData<ConversationPages>(messageKeys.conversation(message.contactId), (data) =>
    data ? upsertMessage(data, message) : data,
  );
}

/** Fetches the newest page and merges it in, keeping the older pages already loaded (silent refresh). */
export async function refreshConversationHead(client: QueryClient, contactId: string): Promise<void> {
  const key = messageKeys.conversation(contactId);
  if (!client.getQueryData(key)) return;
  const page = await apiRequest<ConversationResponse>(`/api/contacts/${contactId}/messages`);
  noteServerNow(page.serverNow);
  client.setQueryData<ConversationPages>(key, (data) => {
    if (!data?.pages[0]) return data;
    let next: ConversationPages = {
      ...data,
      pages: [{ ...data.pages[0], contact: page.contact, serverNow: page.serverNow }, ...data.pages.slice(1)],
    };
    for (const message of [...page.messages].reverse()) next = upsertMessage(next, message);
    return next;
  });
}

// ---------------------------------------------------------------------------------------------------
// The outbox: sends the server has not stored yet
// ---------------------------------------------------------------------------------------------------

export type OutboxEntry = {
  message: InboxMessage;
  /** Upload progress 0–1 while a file is going up; null otherwise. */
  progress: number | null;
  /** What to send again when the user retries a send the server never stored. */
  resend: () => void;
};

type OutboxState = ReadonlyMap<string, readonly OutboxEntry[]>;
let outboxState: OutboxState = new Map();
const outboxListeners = new Set<() => void>();

function setOutbox(contactId: string, update: (entries: readonly OutboxEntry[]) => readonly OutboxEntry[]) {
  const next = new Map(outboxState);
  const entries = update(outboxState.get(contactId) ?? []);
  if (entries.length === 0) next.delete(contactId);
  else next.set(contactId, entries);
  outboxState = next;
  for (const listener of outboxListeners) listener();
}

export const outbox = {
  subscribe(listener: () => void) {
    outboxListeners.add(listener);
    return () => outboxListeners.delete(listener);
  },
  get: (): OutboxState => outboxState,
  add(contactId: string, entry: OutboxEntry) {
    setOutbox(contactId, (entries) => [...entries.filter((e) => e.message.id !== entry.message.id), entry]);
  },
  patch(
    contactId: string,
    clientRef: string,
    patch: Partial<Omit<OutboxEntry, 'message'>> & {
      message?: Partial<InboxMessage>;
    },
  ) {
    setOutbox(contactId, (entries) =>
      entries.map((e) =>
        e.message.id === clientRef
          ? { ...e, ...patch, message: { ...e.message, ...(patch.message ?? {}) } }
          : e,
      ),
    );
  },
  remove(contactId: string, clientRef: string) {
    setOutbox(contactId, (entries) => entries.filter((e) => e.message.id !== clientRef));
  },
};

// ---------------------------------------------------------------------------------------------------
// Outcomes: toasts for sends and reactions (spec §8), told to whoever listens (the chats screen)
// ---------------------------------------------------------------------------------------------------

export type Outcome = { kind: 'success' | 'error'; text: string };
const outcomeListeners = new Set<(outcome: Outcome) => void>();

export function onOutcome(listener: (outcome: Outcome) => void): () => void {
  outcomeListeners.add(listener);
  return () => outcomeListeners.delete(listener);
}

/** Says how a send (or a reaction) went: the toasts `onOutcome` listens with. */
export function tell(outcome: Outcome): void {
  for (const listener of outcomeListeners) listener(outcome);
}

type SentKind = keyof typeof INBOX_MSG.failedToSend;
/** Stored ids (and clientRefs) of our sends still waiting for Meta's answer. */
const awaiting = new Map<string, SentKind>();

function kindOf(type: string): SentKind {
  return type in INBOX_MSG.failedToSend ? (type as SentKind) : 'text';
}

/** A send waiting for Meta reached sent or failed: say so once. */
function noteOutcome(message: InboxMessage): void {
  const kind = awaiting.get(message.id) ?? (message.clientRef ? awaiting.get(message.clientRef) : undefined);
  if (!kind || message.status === 'pending') return;
  awaiting.delete(message.id);
  if (message.clientRef) awaiting.delete(message.clientRef);
  if (message.status === 'failed') {
    tell({ kind: 'error', text: INBOX_MSG.failedToSend[kind] });
    return;
  }
  const success = (INBOX_MSG.sentSuccessfully as Record<string, string>)[kind];
  if (success) tell({ kind: 'success', text: success });
}

// ---------------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------------

/** A message the server stored for us by another path (a template send): show it and await Meta. */
export function addStoredMessage(client: QueryClient, message: InboxMessage): void {
  awaiting.set(message.id, kindOf(message.type));
  writeMessage(client, message);
}

type SendContext = { client: QueryClient; contactId: string; replyTo: InboxMessage | null };

export function tempMessage(
  contactId: string,
  clientRef: string,
  fields: Pick<InboxMessage, 'type' | 'body' | 'preview' | 'content'> & { media?: MessageMedia | null },
  replyTo: InboxMessage | null,
): InboxMessage {
  const now = new Date(serverNow()).toISOString();
  const { media, ...content } = fields;
  return {
    id: clientRef,
    contactId,
    direction: 'outgoing',
    externalId: null,
    status: 'pending',
    error: null,
    replyTo: replyTo?.externalId
      ? {
          externalId: replyTo.externalId,
          messageId: replyTo.id,
          direction: replyTo.direction,
          type: replyTo.type,
          preview: replyTo.preview,
          deleted: false,
        }
      : null,
    media: media ?? null,
    reactions: [],
    sentBy: null,
    clientRef,
    timestamp: now,
    createdAt: now,
    updatedAt: now,
    abilities: { react: false, retry: false, markRead: false },
    ...content,
  };
}

/** The error a failed request leaves on its bubble and in the toast. */
export function sendError(error: unknown, kind: SentKind): string {
  return errorMessage(error, INBOX_MSG.failedToSend[kind]);
}

export function isWindowClosedError(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === 'window_closed';
}

export async function runSend(
  { client, contactId }: SendContext,
  temp: InboxMessage,
  kind: SentKind,
  request: () => Promise<MessageResponse>,
): Promise<InboxMessage> {
  const clientRef = temp.id;
  outbox.patch(contactId, clientRef, { message: { status: 'pending', error: null }, progress: null });
  awaiting.set(clientRef, kind);
  try {
    const { message } = await request();
    awaiting.set(message.id, kind);
    writeMessage(client, message);
    outbox.remove(contactId, clientRef);
    noteOutcome(message);
    return message;
  } catch (error) {
    awaiting.delete(clientRef);
    // Outside the window a retry cannot help: point to templates instead.
    const windowClosed = isWindowClosedError(error);
    outbox.patch(contactId, clientRef, {
      progress: null,
      message: {
        status: 'failed',
        error: {
          code: null,
          message: sendError(error, kind),
          action: windowClosed ? 'use_template' : 'none',
        },
        abilities: { react: false, retry: !windowClosed, markRead: false },
      },
    });
    tell({ kind: 'error', text: sendError(error, kind) });
    throw error;
  }
}

/** Sends a text: pending at once, replaced in place by the stored row. Rejects with the API error. */
export function sendText(context: SendContext, text: string): Promise<InboxMessage> {
  const body = text.trim();
  const clientRef = newClientRef();
  const temp = tempMessage(
    context.contactId,
    clientRef,
    { type: 'text', body, preview: body, content: { kind: 'text', body } },
    context.replyTo,
  );
  const replyToMessageId = context.replyTo?.id;
  const request = () =>
    apiRequest<MessageResponse>(`/api/contacts/${context.contactId}/messages`, {
      method: 'POST',
      body: { clientRef, text: body, replyToMessageId },
    });
  const send = () => runSend(context, temp, 'text', request);
  outbox.add(context.contactId, { message: temp, progress: null, resend: () => void send().catch(() => {}) });
  return send();
}

/** Sends a photo, video, document or voice note; the bubble shows upload progress. */
export function sendMedia(context: SendContext, media: MediaSend): Promise<InboxMessage> {
  const clientRef = newClientRef();
  const caption = media.caption.trim();
  const preview = mediaPreview(media, caption);
  const mediaFields = {
    id: '',
    mimeType: media.file.type || null,
    sha256: null,
    caption: caption || null,
    filename: media.file.name,
    url: null,
  };
  const temp = tempMessage(
    context.contactId,
    clientRef,
    {
      type: media.kind,
      body: caption,
      preview,
      content:
        media.kind === 'audio'
          ? { kind: 'audio', media: mediaFields, isVoice: media.voice === true }
          : { kind: media.kind, media: mediaFields },
      media: {
        id: clientRef,
        kind: media.kind,
        mimeType: media.file.type || null,
        filename: media.file.name,
        fileSize: media.file.size,
        status: 'ready',
        url: media.kind === 'image' ? media.previewUrl : null,
        thumbnailUrl: media.kind === 'video' ? media.previewUrl : null,
      },
    },
    context.replyTo,
  );
  const replyToMessageId = context.replyTo?.id;
  const request = () => {
    const form = new FormData();
    form.set('clientRef', clientRef);
    form.set('kind', media.kind);
    if (media.voice) form.set('voice', 'true');
    if (caption) form.set('caption', caption);
    if (replyToMessageId) form.set('replyToMessageId', replyToMessageId);
    // Fields first: the server reads them before the file streams in.
    form.set('file', media.file, media.file.name);
    if (media.thumbnail) form.set('thumbnail', media.thumbnail, 'thumbnail.jpg');
    outbox.patch(context.contactId, clientRef, { progress: 0 });
    return uploadForm<MessageResponse>(`/api/contacts/${context.contactId}/messages/media`, form, (p) =>
      outbox.patch(context.contactId, clientRef, { progress: p }),
    );
  };
  const send = () => runSend(context, temp, media.kind, request);
  outbox.add(context.contactId, { message: temp, progress: 0, resend: () => void send().catch(() => {}) });
  return send();
}

/** Sends a failed stored message again (a new attempt at Meta, same row). */
export async function retryStoredMessage(client: QueryClient, message: InboxMessage): Promise<void> {
  try {
    const { message: updated } = await apiRequest<MessageResponse>(`/api/messages/${message.id}/retry`, {
      method: 'POST',
    });
    awaiting.set(updated.id, kindOf(updated.type));
    writeMessage(client, updated);
  } catch (error) {
    tell({ kind: 'error', text: sendError(error, kindOf(message.type)) });
  }
}

// ---------------------------------------------------------------------------------------------------
// Live message events → the cache
// ---------------------------------------------------------------------------------------------------

type ApplierContext = {
  client: QueryClient;
  /** A customer wrote (not an echo of our own send): notifications, title badge. */
  onIncoming?: (message: InboxMessage) => void;
};

function applyMessage(client: QueryClient, message: InboxMessage): void {
  writeMessage(client, message);
  if (message.clientRef) outbox.remove(message.contactId, message.clientRef);
  noteOutcome(message);
}

export const messageAppliers = {
  'message.created': ({ client, onIncoming }: ApplierContext, data: ServerEventMap['message.created']) => {
    const seen = findMessage(
      client.getQueryData<ConversationPages>(messageKeys.conversation(data.contactId)),
      data.messageId,
    );
    applyMessage(client, data.message);
    if (!seen && data.notify) onIncoming?.(data.message);
  },
  'message.updated': ({ client }: ApplierContext, data: ServerEventMap['message.updated']) =>
    applyMessage(client, data.message),
  'reaction.changed': ({ client }: ApplierContext, data: ServerEventMap['reaction.changed']) => {
    client.setQueryData<ConversationPages>(messageKeys.conversation(data.contactId), (pages) =>
      pages ? setReactions(pages, data, data.reactions) : pages,
    );
  },
} as const;
