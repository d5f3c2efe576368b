import { openAsBlob } from 'node:fs';
import type { MessageError } from '@common/api/inbox';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { WhatsAppChannel } from '../channel/channel';
import { MARKETING_STOPPED, optOutAfterRefusedSend } from '../consent/meta-opt-out';
import { contacts, media, messages } from '../db/schema';
import type { EventBus } from '../events/bus';
import { applyPendingStatuses } from '../inbound/apply-status';
import { defineJob, type JobContext } from '../jobs/define';
import { mediaPath } from '../media/storage';
import type { MessageRow } from '../presenters/message';
import { GraphConfigError } from '../whatsapp/graph-errors';
import {
  buildAudioMessage,
  buildDocumentMessage,
  buildImageMessage,
  buildTemplateMessage,
  buildTextMessage,
  buildVideoMessage,
  type OutboundMessage,
  type SendOptions,
  type TemplateParameter,
  type TemplateSendComponent,
} from '../whatsapp/message-builders';
import { buildRichOutbound, isRichContent } from './rich-content';
import type { TemplateSendContent } from './send-content';
import { ambiguousSendError, classifySendFailure, errorContextFor, sendError } from './send-errors';

export const SEND_MAX_ATTEMPTS = 6;

/** 1 s, 4 s, 16 s, 64 s, 256 s (+ up to 20 %): Meta's 4^n advice for the pair rate limit, fine for 429/5xx. */
export function sendBackoffMs(attempt: number): number {
  const base = 1000 * 4 ** Math.max(0, attempt - 1);
  return base + Math.floor(Math.random() * base * 0.2);
}

async function markFailed(events: EventBus, row: MessageRow, error: MessageError): Promise<void> {
  await events.transaction(async (tx, emit) => {
    await tx
      .update(messages)
      .set({ status: 'failed', error, sendStartedAt: null, updatedAt: new Date() })
      .where(and(eq(messages.id, row.id), eq(messages.status, 'pending')));
    emit({ kind: 'message.updated', accountId: row.accountId, messageId: row.id });
    // 131050: the customer stopped the business's marketing messages (issue 14).
    if (error.code === MARKETING_STOPPED) await optOutAfterRefusedSend(tx, row, new Date(), emit);
  });
}

/**
 * Uploads a file to Meta once (its media id is kept, so a retry or the next campaign send does not
 * upload it again).
 */
export async function uploadedMedia(
  ctx: Pick<JobContext, 'db' | 'env'>,
  channel: WhatsAppChannel,
  mediaId: string,
): Promise<{ id: string; filename: string | null }> {
  const [file] = await ctx.db.select().from(media).where(eq(media.id, mediaId)).limit(1);
  if (!file?.storageKey) throw new Error(`media ${mediaId} has no stored file`);
  if (file.providerMediaId) return { id: file.providerMediaId, filename: file.filename };
  const mimeType = file.mimeType ?? 'application/octet-stream';
  const uploaded = await channel.uploadMedia({
    // Streamed from disk: a 100 MB document is never held in memory.
    data: await openAsBlob(mediaPath(ctx.env, file.storageKey), { type: mimeType }),
    filename: file.filename ?? file.kind,
    mimeType,
  });
  await ctx.db
    .update(media)
    .set({ providerMediaId: uploaded.id, updatedAt: new Date() })
    .where(eq(media.id, mediaId));
  return { id: uploaded.id, filename: file.filename };
}

/**
 * A template send from its stored content: the name, the language and the values, positional; an
 * image/video/document header carries the message's file by the id Meta gave it.
 */
function buildTemplateSend(
  row: MessageRow,
  to: string,
  options: SendOptions,
  header: { providerId: string | null; filename: string | null },
): OutboundMessage {
  const content = row.content as TemplateSendContent;
  const text = (values: string[] | undefined) =>
    (values ?? []).map((value) => ({ type: 'text' as const, text: value }));
  const components: TemplateSendComponent[] = [];
  const { providerId: id, filename } = header;
  if (content.headerMedia && id) {
    const parameter: TemplateParameter =
      content.headerMedia === 'image'
        ? { type: 'image', image: { id } }
        : content.headerMedia === 'video'
          ? { type: 'video', video: { id } }
          : { type: 'document', document: { id, ...(filename ? { filename } : {}) } };
    components.push({ type: 'header', parameters: [parameter] });
  } else if (content.parameters?.header?.length) {
    components.push({ type: 'header', parameters: text(content.parameters.header) });
  }
  if (content.parameters?.body?.length)
    components.push({ type: 'body', parameters: text(content.parameters.body) });
  return buildTemplateMessage(
    to,
    { name: content.name, languageCode: content.language, components },
    options,
  );
}

function buildOutbound(
  row: MessageRow,
  to: string,
  providerId: string | null,
  filename: string | null,
): OutboundMessage {
  const options: SendOptions = {
    ...(row.replyToExternalId ? { replyToExternalId: row.replyToExternalId } : {}),
    bizOpaqueCallbackData: row.id,
  };
  const caption = row.body || undefined;
  if (row.type === 'template') return buildTemplateSend(row, to, options, { providerId, filename });
  const content = row.content as { kind: string };
  if (isRichContent(content)) {
    // A reply-buttons file header is the message's media, uploaded above.
    const file = providerId === null ? null : { id: providerId, filename };
    return buildRichOutbound(content, to, options, file);
  }
  if (providerId === null) return buildTextMessage(to, row.body, options);
  if (row.type === 'image') return buildImageMessage(to, { mediaId: providerId, caption }, options);
  if (row.type === 'video') return buildVideoMessage(to, { mediaId: providerId, caption }, options);
  if (row.type === 'audio') {
    const voice = content.kind === 'audio' && (content as { isVoice?: boolean }).isVoice === true;
    return buildAudioMessage(to, { mediaId: providerId, voice }, options);
  }
  return buildDocumentMessage(to, { mediaId: providerId, caption, filename: filename ?? undefined }, options);
}

/**
 * Sends one pending outgoing message through the account's WhatsApp channel, at most once:
 * `send_started_at` is committed before the call and cleared with Meta's answer, so a run that finds
 * it set knows an earlier run died mid-call and fails the message instead of sending it twice.
 * Meta's definite refusals to take it now (429, 5xx, throttling, 131056) are retried with backoff;
 * a timeout after the request went out is ambiguous and never resent automatically.
 */
export async function sendPendingMessage(ctx: JobContext, messageId: string): Promise<void> {
  const { db, attempt, channels } = ctx;
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  if (!row) return;
  if (row.direction !== 'outgoing' || row.status !== 'pending' || row.externalId) return;
  const context = errorContextFor(row.type);
  if (row.sendStartedAt) {
    ctx.log.warn({ messageId }, 'an earlier send attempt ended without an answer; not sending again');
    await markFailed(ctx.events, row, ambiguousSendError(context));
    return;
  }
  const [contact] = await db.select().from(contacts).where(eq(contacts.id, row.contactId)).limit(1);
  if (!contact) return;
  const channel = await channels.forAccount(db, row.accountId);
  if (!channel) {
    await markFailed(
      ctx.events,
      row,
      sendError(new GraphConfigError('The account has no access token'), context),
    );
    return;
  }

  let providerId: string | null = null;
  let filename: string | null = null;
  if (row.mediaId) {
    try {
      ({ id: providerId, filename } = await uploadedMedia(ctx, channel, row.mediaId));
    } catch (error) {
      // Uploading twice only leaves an unused file at Meta, so any transient failure is retried.
      const kind = classifySendFailure(error);
      if (kind !== 'fail' && attempt < SEND_MAX_ATTEMPTS) throw error;
      await markFailed(ctx.events, row, sendError(error, 'media_upload'));
      return;
    }
  }

  const [claimed] = await db
    .update(messages)
    .set({ sendStartedAt: new Date() })
    .where(and(eq(messages.id, row.id), eq(messages.status, 'pending'), isNull(messages.sendStartedAt)))
    .returning({ id: messages.id });
  if (!claimed) return;

  let externalId: string;
  try {
    ({ externalId } = await channel.send(buildOutbound(row, contact.waId, providerId, filename)));
  } catch (error) {
    const kind = classifySendFailure(error);
    if (kind === 'retry' && attempt < SEND_MAX_ATTEMPTS) {
      await db.update(messages).set({ sendStartedAt: null }).where(eq(messages.id, row.id));
      throw error;
    }
    await markFailed(
      ctx.events,
      row,
      kind === 'ambiguous' ? ambiguousSendError(context) : sendError(error, context),
    );
    return;
  }

  await ctx.events.transaction(async (tx, emit) => {
    await tx
      .update(messages)
      .set({ externalId, status: 'sent', error: null, sendStartedAt: null, updatedAt: new Date() })
      .where(eq(messages.id, row.id));
    // Status webhooks for this wamid may have arrived before we stored it.
    await applyPendingStatuses(tx, row.accountId, externalId);
    emit({ kind: 'message.updated', accountId: row.accountId, messageId: row.id });
  });
}

export const messageSendJob = defineJob({
  name: 'message.send',
  schema: z.object({ messageId: z.uuid() }),
  maxAttempts: SEND_MAX_ATTEMPTS,
  backoffMs: sendBackoffMs,
  handler: ({ messageId }, ctx) => sendPendingMessage(ctx, messageId),
});
