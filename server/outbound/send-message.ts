import { randomUUID } from 'node:crypto';
import { INBOX_MSG, type MediaKind } from '@common/api/inbox';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { contacts, media, messages } from '../db/schema';
import type { Env } from '../env';
import type { EventBus } from '../events/bus';
import type { DomainEvent } from '../events/types';
import { enqueue } from '../jobs/queue';
import type { Clock } from '../lib/clock';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { contactPolicy } from '../policies/contact';
import type { PolicyActor } from '../policies/define-policy';
import { messagePolicy } from '../policies/message';
import type { ContactRow } from '../presenters/contact';
import type { MessageRow } from '../presenters/message';
import { previewFor } from '../whatsapp/message-preview';
import type { InboundContent, OutgoingInteractiveContent } from '../whatsapp/types';
import { checkAttachment } from './attachment-rules';
import { messageSendJob } from './message-send.job';
import { keepUpload, type ReceivedFile, removeStored, uploadedSize } from './receive-upload';
import type { TemplateSendContent } from './send-content';
import { documentFilename, sniffMedia } from './sniff';
import { convertVoiceUpload } from './voice-upload';
import { canSendFreeform } from './window';

export type Deps = { db: Database; env: Env; events: EventBus; clock: Clock };
/** The teammate sending, in the account they act in (id null: the AI bot, server/ai/bot). */
export type Sender = { id: string | null; accountId: string };
/** The acting user of a send command: the policies judge them against the contact or message row. */
export type SendActor = NonNullable<PolicyActor> & Sender;
export type SendOutcome = { row: MessageRow; created: boolean };

/** The row an earlier request with the same clientRef created (a repeated POST is not a second send). */
export async function findByClientRef(db: Executor, sender: Sender, contactId: string, clientRef: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, sender.accountId), eq(messages.clientRef, clientRef)))
    .limit(1);
  if (row && row.contactId !== contactId) {
    throw conflict('This clientRef was already used for another conversation.', 'client_ref_conflict');
  }
  return row ?? null;
}

/**
 * Authorizes a free-form send to the contact (contactPolicy `sendFreeform`: a teammate of its account,
 * inside the 24-hour window), before anything is stored or sent. Returns the messaging clock's now.
 */
export async function requireWindowOpen(deps: Deps, actor: PolicyActor, contact: ContactRow): Promise<Date> {
  const now = await deps.clock.now(deps.db);
  contactPolicy.authorize(actor, 'sendFreeform', { contact, windowOpen: canSendFreeform(contact, now) });
  return now;
}

/** The wamid to quote: the target must be in the same conversation and already accepted by Meta. */
export async function quotedExternalId(
  db: Executor,
  contact: ContactRow,
  replyToMessageId: string | undefined,
) {
  if (!replyToMessageId) return null;
  const [target] = await db
    .select({ externalId: messages.externalId })
    .from(messages)
    .where(
      and(
        eq(messages.id, replyToMessageId),
        eq(messages.accountId, contact.accountId),
        eq(messages.contactId, contact.id),
      ),
    )
    .limit(1);
  if (!target) throw notFound('The message you are replying to was not found.');
  if (!target.externalId) throw conflict(INBOX_MSG.replyNotSent, 'reply_not_sent');
  return target.externalId;
}

type OutgoingValues = {
  type: string;
  body: string;
  content: InboundContent | OutgoingInteractiveContent | TemplateSendContent;
  /** The list line; derived from the content unless given. */
  preview?: string;
  clientRef: string;
  replyToExternalId: string | null;
  mediaId?: string;
  timestamp: Date;
  /** The AI bot's reply (issue 16): labelled in the chat, no teammate as sender. */
  sentByBot?: boolean;
};

/**
 * Stores a pending outgoing message, moves the contact's last message forward and queues the send,
 * all in the caller's transaction. Null when a concurrent request with the same clientRef won.
 */
export async function recordOutgoing(
  tx: Executor,
  sender: Sender,
  contact: ContactRow,
  values: OutgoingValues,
) {
  const preview =
    values.preview ?? (values.content.kind === 'template' ? values.body : previewFor(values.content));
  const [row] = await tx
    .insert(messages)
    .values({
      accountId: sender.accountId,
      contactId: contact.id,
      direction: 'outgoing',
      status: 'pending',
      sentBy: sender.id,
      preview,
      ...values,
    })
    .onConflictDoNothing({
      target: [messages.accountId, messages.clientRef],
      where: sql`client_ref is not null`,
    })
    .returning();
  if (!row) return null;
  await tx
    .update(contacts)
    .set({
      lastMessagePreview: sql`case when ${contacts.lastMessageAt} is null or ${contacts.lastMessageAt} <= ${values.timestamp} then ${preview} else ${contacts.lastMessagePreview} end`,
      lastMessageDirection: sql`case when ${contacts.lastMessageAt} is null or ${contacts.lastMessageAt} <= ${values.timestamp} then 'outgoing' else ${contacts.lastMessageDirection} end`,
      lastMessageSentBy: sql`case when ${contacts.lastMessageAt} is null or ${contacts.lastMessageAt} <= ${values.timestamp} then ${sender.id}::uuid else ${contacts.lastMessageSentBy} end`,
      lastMessageAt: sql`greatest(${contacts.lastMessageAt}, ${values.timestamp})`,
      updatedAt: new Date(),
    })
    .where(eq(contacts.id, contact.id));
  await enqueue(
    tx,
    messageSendJob,
    { messageId: row.id },
    { dedupeKey: `message.send:${row.id}:${randomUUID()}` },
  );
  return row;
}

export function createdChanges(row: MessageRow): DomainEvent[] {
  return [
    { kind: 'message.created', accountId: row.accountId, contactId: row.contactId, messageId: row.id },
    { kind: 'contact.updated', accountId: row.accountId, contactId: row.contactId },
  ];
}

/**
 * Sends a text (optionally quoting a message): stores it as pending with the browser's clientRef and
 * queues `message.send` in one transaction. The same clientRef again returns the same row.
 */
export async function sendTextMessage(
  deps: Deps,
  sender: SendActor,
  contact: ContactRow,
  input: { clientRef: string; text: string; replyToMessageId?: string },
): Promise<SendOutcome> {
  const earlier = await findByClientRef(deps.db, sender, contact.id, input.clientRef);
  if (earlier) return { row: earlier, created: false };
  const now = await requireWindowOpen(deps, sender, contact);
  const replyToExternalId = await quotedExternalId(deps.db, contact, input.replyToMessageId);

  const row = await deps.events.transaction(async (tx, emit) => {
    const row = await recordOutgoing(tx, sender, contact, {
      type: 'text',
      body: input.text,
      content: { kind: 'text', body: input.text },
      clientRef: input.clientRef,
      replyToExternalId,
      timestamp: now,
    });
    if (row) emit(...createdChanges(row));
    return row;
  });
  if (!row)
    return { row: (await findByClientRef(deps.db, sender, contact.id, input.clientRef))!, created: false };
  return { row, created: true };
}

/** What a media send carries besides the file; `voice`: a recording to send as a voice note. */
export type MediaInput = {
  clientRef: string;
  kind?: MediaKind;
  caption: string;
  replyToMessageId?: string;
  voice?: boolean;
};

function mediaContent(
  kind: MediaKind,
  caption: string,
  filename: string | null,
  mimeType: string,
  isVoice: boolean,
): InboundContent {
  const fields = { id: '', mimeType, sha256: null, caption: caption || null, filename, url: null };
  if (kind === 'audio') return { kind: 'audio', media: { ...fields, caption: null }, isVoice };
  return { kind, media: fields };
}

/**
 * Sends an image, video, document or audio file the route has streamed to disk: checks the type by
 * its bytes and the size (spec §5 messages), keeps the file (and the browser's thumbnail) in the media
 * store, and records the pending message and its send job in one transaction.
 */
export async function sendMediaMessage(
  deps: Deps,
  sender: SendActor,
  contact: ContactRow,
  input: MediaInput,
  files: {
    file: ReceivedFile;
    thumbnail: ReceivedFile | null;
    declaredSize: number | null;
    log?: FastifyBaseLogger;
  },
): Promise<SendOutcome> {
  const earlier = await findByClientRef(deps.db, sender, contact.id, input.clientRef);
  if (earlier) return { row: earlier, created: false };
  const now = await requireWindowOpen(deps, sender, contact);
  const replyToExternalId = await quotedExternalId(deps.db, contact, input.replyToMessageId);

  const { file, thumbnail } = files;
  const voice = input.voice === true;
  // A microphone recording (WebM, Ogg, MP4) becomes the Ogg/Opus file WhatsApp plays as a voice note.
  if (voice) await convertVoiceUpload(deps.env, sender.accountId, file, files.declaredSize, files.log);
  const size = uploadedSize(file, files.declaredSize);
  const verdict = checkAttachment(sniffMedia(file.head, file.filename), size, voice ? 'audio' : input.kind);
  if (!verdict.ok) throw badRequest(verdict.message, verdict.code, 'file');
  const { kind, mimeType } = verdict;
  const thumbnailType = thumbnail && !thumbnail.truncated ? sniffMedia(thumbnail.head).kind : null;
  const keepThumbnail =
    thumbnail && thumbnailType === 'image' && thumbnail.size <= 1024 * 1024 && kind !== 'document';
  const filename = kind === 'document' ? documentFilename(file.filename, mimeType) : file.filename || null;
  const caption = kind === 'audio' ? '' : input.caption;

  const mediaId = randomUUID();
  const thumbnailId = keepThumbnail ? randomUUID() : null;
  const keys = [
    `${sender.accountId}/${mediaId}`,
    ...(thumbnailId ? [`${sender.accountId}/${thumbnailId}`] : []),
  ];
  await keepUpload(deps.env, file, keys[0]!);
  if (thumbnailId && thumbnail) await keepUpload(deps.env, thumbnail, keys[1]!);

  let row: MessageRow | null;
  try {
    row = await deps.events.transaction(async (tx, emit) => {
      if (thumbnailId && thumbnail) {
        await tx.insert(media).values({
          id: thumbnailId,
          accountId: sender.accountId,
          direction: 'outgoing',
          kind: 'image',
          mimeType: sniffMedia(thumbnail.head).mimeType,
          fileSize: thumbnail.size,
          filename: 'thumbnail',
          storageKey: keys[1],
          status: 'ready',
        });
      }
      await tx.insert(media).values({
        id: mediaId,
        accountId: sender.accountId,
        direction: 'outgoing',
        kind,
        mimeType,
        fileSize: file.size,
        filename,
        storageKey: keys[0],
        status: 'ready',
        thumbnailId,
      });
      const row = await recordOutgoing(tx, sender, contact, {
        type: kind,
        body: caption,
        content: mediaContent(kind, caption, filename, mimeType, voice),
        clientRef: input.clientRef,
        replyToExternalId,
        mediaId,
        timestamp: now,
      });
      if (row) emit(...createdChanges(row));
      return row;
    });
  } catch (error) {
    await removeStored(deps.env, keys);
    throw error;
  }
  if (!row) {
    await removeStored(deps.env, keys);
    return { row: (await findByClientRef(deps.db, sender, contact.id, input.clientRef))!, created: false };
  }
  return { row, created: true };
}

/**
 * Sends a failed message again as a new send (it gets a new provider id). Only failed outgoing
 * messages; the window applies as for a first send, except to templates, which go at any time.
 */
export async function retryMessage(
  deps: Deps,
  actor: SendActor,
  message: MessageRow,
  contact: ContactRow,
): Promise<MessageRow> {
  messagePolicy.authorize(actor, 'retry', { message });
  if (message.type !== 'template') await requireWindowOpen(deps, actor, contact);
  const row = await deps.events.transaction(async (tx, emit) => {
    const [reset] = await tx
      .update(messages)
      .set({ status: 'pending', error: null, externalId: null, sendStartedAt: null, updatedAt: new Date() })
      .where(and(eq(messages.id, message.id), eq(messages.status, 'failed')))
      .returning();
    if (!reset) return null;
    await enqueue(
      tx,
      messageSendJob,
      { messageId: reset.id },
      { dedupeKey: `message.send:${reset.id}:${randomUUID()}` },
    );
    emit({ kind: 'message.updated', accountId: reset.accountId, messageId: reset.id });
    return reset;
  });
  if (!row) throw conflict(INBOX_MSG.onlyFailedRetry, 'not_failed');
  return row;
}
