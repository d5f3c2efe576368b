import type {
  InboxMessage,
  MessageContent,
  MessageError,
  MessageMedia,
  MessageReaction,
  MessageReplyTarget,
  UserSummary,
} from '@common/api/inbox';
import { asc } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { accountAnyOf, anyOf, preparedPer } from '../db/named-statements';
import { media, messages, reactions } from '../db/schema';
import { anyTeammateOf } from '../policies/define-policy';
import { messagePolicy } from '../policies/message';
import { describeError, type ErrorContext } from '../whatsapp/error-map';
import { loadUserSummaries } from './users';

export type MessageRow = typeof messages.$inferSelect;
type MediaRow = typeof media.$inferSelect;
type ReactionRow = typeof reactions.$inferSelect;
type ReplyRow = Pick<MessageRow, 'id' | 'externalId' | 'direction' | 'type' | 'preview'>;

export function presentMedia(row: MediaRow): MessageMedia {
  return {
    id: row.id,
    kind: row.kind,
    mimeType: row.mimeType,
    filename: row.filename,
    fileSize: row.fileSize,
    status: row.status,
    url: row.status === 'ready' ? `/api/media/${row.id}` : null,
    thumbnailUrl: row.thumbnailId ? `/api/media/${row.thumbnailId}` : null,
  };
}

const ERROR_CONTEXTS = new Set<string>([
  'text',
  'image',
  'video',
  'document',
  'audio',
  'sticker',
  'reaction',
  'template',
]);

/**
 * The stored error as the user reads it. The send job stores `{code, message, action}` already in the
 * spec's words; a failed status webhook stores Meta's error list, explained here with the error map.
 */
export function presentMessageError(error: unknown, type: string): MessageError | null {
  if (error === null || error === undefined) return null;
  const context = (ERROR_CONTEXTS.has(type) ? type : 'text') as ErrorContext;
  if (Array.isArray(error)) {
    const described = describeError(error[0] ?? {}, context);
    return { code: described.code, message: described.message, action: described.action };
  }
  const stored = error as Partial<MessageError>;
  if (typeof stored.message === 'string') {
    return { code: stored.code ?? null, message: stored.message, action: stored.action ?? 'none' };
  }
  const described = describeError(error, context);
  return { code: described.code, message: described.message, action: described.action };
}

/** Reactions to show: removed ones ('' emoji) and business reactions Meta refused are left out. */
export function presentReactions(rows: ReactionRow[], users: Map<string, UserSummary>): MessageReaction[] {
  return rows
    .filter((r) => r.emoji !== '' && r.status !== 'failed')
    .map((r) => ({
      emoji: r.emoji,
      reactor: r.reactor,
      direction: r.direction,
      status: r.status,
      sentBy: r.sentBy ? (users.get(r.sentBy) ?? null) : null,
      timestamp: r.timestamp.toISOString(),
    }));
}

/** Everything the rows refer to, loaded with one query per kind (media, reactions, quoted messages, senders). */
type MessageExtras = {
  media: Map<string, MediaRow>;
  reactions: Map<string, ReactionRow[]>;
  replies: Map<string, ReplyRow>;
  users: Map<string, UserSummary>;
};

const mediaById = preparedPer((db) =>
  db
    .select()
    .from(media)
    .where(anyOf(media.id, 'ids', 'uuid'))
    .prepare('message_media_of'),
);

const reactionsOn = preparedPer((db) =>
  db
    .select()
    .from(reactions)
    // The leading columns of reactions_target_reactor_key, the table's only index besides its key.
    .where(accountAnyOf(reactions.accountId, reactions.targetExternalId, 'externalIds', 'text'))
    // The same order on every load, whichever plan PostgreSQL picked: the first reaction first.
    .orderBy(asc(reactions.timestamp), asc(reactions.id))
    .prepare('message_reactions_of'),
);

/** The messages replies quote, by wamid. */
const quotedMessages = preparedPer((db) =>
  db
    .select({
      id: messages.id,
      externalId: messages.externalId,
      direction: messages.direction,
      type: messages.type,
      preview: messages.preview,
    })
    .from(messages)
    .where(accountAnyOf(messages.accountId, messages.externalId, 'externalIds', 'text'))
    .prepare('message_replies_of'),
);

export async function loadMessageExtras(
  db: Executor,
  accountId: string,
  rows: MessageRow[],
): Promise<MessageExtras> {
  const mediaIds = [...new Set(rows.flatMap((r) => (r.mediaId ? [r.mediaId] : [])))];
  const externalIds = [...new Set(rows.flatMap((r) => (r.externalId ? [r.externalId] : [])))];
  const replyIds = [...new Set(rows.flatMap((r) => (r.replyToExternalId ? [r.replyToExternalId] : [])))];
  const [mediaRows, reactionRows, replyRows] = await Promise.all([
    mediaIds.length ? mediaById(db).execute({ ids: mediaIds }) : [],
    externalIds.length ? reactionsOn(db).execute({ accountId, externalIds }) : [],
    replyIds.length ? quotedMessages(db).execute({ accountId, externalIds: replyIds }) : [],
  ]);
  const users = await loadUserSummaries(db, [
    ...rows.map((r) => r.sentBy),
    ...reactionRows.map((r) => r.sentBy),
  ]);
  const byTarget = new Map<string, ReactionRow[]>();
  for (const r of reactionRows) {
    const list = byTarget.get(r.targetExternalId) ?? [];
    list.push(r);
    byTarget.set(r.targetExternalId, list);
  }
  return {
    media: new Map(mediaRows.map((m) => [m.id, m])),
    reactions: byTarget,
    replies: new Map(replyRows.map((m) => [m.externalId!, m])),
    users,
  };
}

function presentReplyTarget(
  externalId: string | null,
  replies: Map<string, ReplyRow>,
): MessageReplyTarget | null {
  if (!externalId) return null;
  const target = replies.get(externalId);
  if (!target) {
    return { externalId, messageId: null, direction: null, type: null, preview: null, deleted: true };
  }
  return {
    externalId,
    messageId: target.id,
    direction: target.direction,
    type: target.type,
    preview: target.preview,
    deleted: false,
  };
}

/** A message as the conversation shows it: reactions on their target, the quoted message, the sender. */
export function presentMessage(row: MessageRow, extras: MessageExtras, windowOpen: boolean): InboxMessage {
  const mediaRow = row.mediaId ? extras.media.get(row.mediaId) : undefined;
  return {
    id: row.id,
    contactId: row.contactId,
    direction: row.direction,
    type: row.type,
    body: row.body,
    preview: row.preview,
    content: row.content as MessageContent,
    externalId: row.externalId,
    status: row.status,
    error: presentMessageError(row.error, row.type),
    replyTo: presentReplyTarget(row.replyToExternalId, extras.replies),
    media: mediaRow ? presentMedia(mediaRow) : null,
    reactions: row.externalId
      ? presentReactions(extras.reactions.get(row.externalId) ?? [], extras.users)
      : [],
    sentBy: row.sentBy ? (extras.users.get(row.sentBy) ?? null) : null,
    // Only on the AI bot's messages (common/api/ai-bot.ts), so other messages read as before.
    ...(row.sentByBot ? { sentByBot: true } : {}),
    clientRef: row.clientRef,
    timestamp: row.timestamp.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    // Every teammate of the account sees the same message (lists, live frames): any teammate's abilities.
    abilities: messagePolicy.abilities(anyTeammateOf(row.accountId), { message: row, windowOpen }),
  };
}

/** Presents rows in their order. `windowOpen(contactId)`: canSendFreeform for the row's contact. */
export async function presentMessages(
  db: Executor,
  accountId: string,
  rows: MessageRow[],
  windowOpen: (contactId: string) => boolean,
): Promise<InboxMessage[]> {
  const extras = await loadMessageExtras(db, accountId, rows);
  return rows.map((row) => presentMessage(row, extras, windowOpen(row.contactId)));
}
