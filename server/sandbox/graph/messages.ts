import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { normalizeRecipient } from '../../whatsapp/message-builders';
import { displayDigits, type SandboxPhoneNumber } from '../state/accounts';
import { defaultCustomerName, ensureCustomer } from '../state/customers';
import { conversationId, wamid } from '../state/ids';
import { canSendAs, findMediaInfo, type MediaInfo } from '../state/media';
import {
  type Billing,
  findChatMessage,
  findMessage,
  insertMessage,
  lastInboundAt,
  type MessagePayload,
  markCustomerMessagesRead,
} from '../state/messages';
import { type SandboxSettings, takeSendFailure, takeSendSlot, unixSeconds } from '../state/settings';
import { insertPlannedMessage } from '../state/steps';
import { findTemplate } from '../state/templates';
import { type RenderedTemplate, renderTemplate, type sendComponentSchema } from '../templates/render';
import { planSteps, sharesAreSet } from '../timeline/plan';
import { sweepJobs } from '../timeline/sweep.job';
import { statusChange } from '../webhooks/build';
import { emitChanges } from '../webhooks/emit';
import { scheduleSendStatuses } from '../webhooks/status.job';
import type { GraphContext } from './context';
import { graphErrors } from './errors';
import {
  describeIssue,
  type MediaSendType,
  readReceiptBody,
  type SendMessageBody,
  sendMessageBody,
} from './send-schemas';

/**
 * Whether a send's statuses go through the timeline (planned steps, swept in bulk): with realistic
 * delays, or for a template while recipient shares are set. Otherwise, as always: `sent` at once and
 * `delivered` ~300 ms later, one webhook each. Reactions only ever get `sent`.
 */
function onTimeline(settings: SandboxSettings, type: string): boolean {
  if (type === 'reaction') return false;
  return settings.statusDelays === 'realistic' || (type === 'template' && sharesAreSet(settings));
}

/** The customer service window: free-form messages only within 24 h of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

const failureFor = {
  429: graphErrors.rateLimit,
  500: graphErrors.unknownError,
  131047: graphErrors.reengagement,
};

function recipientDigits(to: string): string {
  return normalizeRecipient(to).replace(/[\s\-().]/g, '');
}

async function windowIsOpen(
  db: Executor,
  ctx: GraphContext,
  phoneId: string,
  waId: string,
): Promise<boolean> {
  const last = await lastInboundAt(db, phoneId, waId);
  return last !== null && ctx.now.getTime() - last.getTime() <= SERVICE_WINDOW_MS;
}

type Content = { type: string; payload: MessagePayload; category: string; free: boolean };

async function contentOf(
  db: Executor,
  _ctx: GraphContext,
  phone: SandboxPhoneNumber,
  message: SendMessageBody,
  windowOpen: boolean,
): Promise<Content> {
  switch (message.type) {
    case 'text':
      return {
        type: 'text',
        payload: { text: { body: message.text.body } },
        category: 'service',
        free: true,
      };
    case 'location':
      return { type: 'location', payload: { location: message.location }, category: 'service', free: true };
    case 'reaction':
      return {
        type: 'reaction',
        payload: { reaction: { message_id: message.reaction.message_id, emoji: message.reaction.emoji } },
        category: 'service',
        free: true,
      };
    case 'template': {
      const { name, language, components } = message.template;
      const template = await findTemplate(db, phone.wabaId, name, language.code);
      if (template?.status !== 'APPROVED') throw graphErrors.templateMissing(name, language.code);
      const rendered = await withHeaderMedia(
        db,
        phone,
        renderTemplate(template, components ?? []),
        components ?? [],
      );
      const category = template.category.toLowerCase();
      return {
        type: 'template',
        payload: { template: { name, language: language.code, category: template.category, rendered } },
        category,
        // Utility templates inside an open customer service window are free (per-message pricing).
        free: category === 'utility' && windowOpen,
      };
    }
    default:
      return { ...(await mediaContent(db, phone, message.type, message)), category: 'service', free: true };
  }
}

/** A file uploaded to this number that may be sent as `type`, or Meta's 131053 for anything else. */
async function uploadedMedia(
  db: Executor,
  phone: SandboxPhoneNumber,
  type: MediaSendType,
  id: string,
): Promise<MediaInfo> {
  const media = await findMediaInfo(db, id);
  if (!media || media.phoneNumberId !== phone.id) {
    throw graphErrors.media(`Media ${id} was not found for this phone number, or it has expired.`);
  }
  if (!canSendAs(type, media.mimeType)) {
    throw graphErrors.media(`Media ${id} has type ${media.mimeType}, which cannot be sent as ${type}.`);
  }
  return media;
}

/**
 * A template's image/video/document header: the `header` parameter must name a file uploaded to this
 * number (by id, as for media messages); the rendered template keeps its type and name for the phone.
 */
async function withHeaderMedia(
  db: Executor,
  phone: SandboxPhoneNumber,
  rendered: RenderedTemplate,
  components: z.infer<typeof sendComponentSchema>[],
): Promise<RenderedTemplate> {
  const header = rendered.header;
  if (!header || header.kind === 'text') return rendered;
  const parameter = (components.find((c) => c.type.toLowerCase() === 'header')?.parameters ?? []).find(
    (p) => p.type === header.kind,
  );
  const object = (parameter?.[header.kind] ?? {}) as { id?: string; link?: string; filename?: string };
  if (!object.id) {
    throw graphErrors.invalidParameter(
      object.link
        ? `The sandbox does not fetch ${header.kind} links; upload the file to /{phone_number_id}/media and send its id.`
        : `The parameter header ${header.kind}['id'] is required.`,
    );
  }
  const media = await uploadedMedia(db, phone, header.kind, object.id);
  return {
    ...rendered,
    header: {
      kind: header.kind,
      mediaId: media.id,
      mimeType: media.mimeType,
      filename: header.kind === 'document' ? (object.filename ?? media.filename ?? 'document') : null,
    },
  };
}

async function mediaContent(
  db: Executor,
  phone: SandboxPhoneNumber,
  type: MediaSendType,
  message: SendMessageBody,
): Promise<Pick<Content, 'type' | 'payload'>> {
  const object = (message as Record<string, unknown>)[type] as {
    id?: string;
    link?: string;
    caption?: string;
    filename?: string;
  };
  if (!object.id) {
    throw graphErrors.invalidParameter(
      object.link
        ? `The sandbox does not fetch ${type} links; upload the file to /{phone_number_id}/media and send its id.`
        : `The parameter ${type}['id'] is required.`,
    );
  }
  const media = await uploadedMedia(db, phone, type, object.id);
  const withCaption = type === 'image' || type === 'video' || type === 'document';
  return {
    type,
    payload: {
      [type]: {
        id: media.id,
        mime_type: media.mimeType,
        sha256: media.sha256,
        ...(withCaption && object.caption ? { caption: object.caption } : {}),
        ...(type === 'document' ? { filename: object.filename ?? media.filename ?? 'document' } : {}),
      },
    },
  };
}

function billingFor(content: Content, now: Date): Billing {
  return {
    conversationId: conversationId(),
    expiresAt: unixSeconds(now) + SERVICE_WINDOW_MS / 1000,
    category: content.category,
    type: content.free ? 'free_customer_service' : 'regular',
    billable: !content.free,
  };
}

/** `{status:'read', message_id}`: the business read a customer message (and every earlier one). */
async function markRead(ctx: GraphContext, phone: SandboxPhoneNumber, rawBody: unknown) {
  const parsed = readReceiptBody.safeParse(rawBody);
  if (!parsed.success) throw graphErrors.invalidParameter(describeIssue(parsed.error));
  const target = await findMessage(ctx.db, parsed.data.message_id);
  if (!target || target.phoneNumberId !== phone.id || target.direction !== 'to_business')
    throw graphErrors.invalidParameter(
      `Message ${parsed.data.message_id} was not found for this phone number.`,
    );
  await markCustomerMessagesRead(ctx.db, target);
  return { success: true };
}

/**
 * POST /{phone_number_id}/messages: validates like Meta (24-hour window, approved templates and their
 * parameter count, uploaded media of the right type), stores the message and schedules its statuses.
 */
export async function postMessage(ctx: GraphContext, phone: SandboxPhoneNumber, rawBody: unknown) {
  const body = (rawBody ?? {}) as Record<string, unknown>;
  if (body.status === 'read') return markRead(ctx, phone, body);
  const withType = body.type === undefined && body.text !== undefined ? { ...body, type: 'text' } : body;
  const parsed = sendMessageBody.safeParse(withType);
  if (!parsed.success) throw graphErrors.invalidParameter(describeIssue(parsed.error));
  const message = parsed.data;

  // Both switches were read with the settings: when off, a send writes nothing for them.
  const failure = ctx.settings.failNextSends ? await takeSendFailure(ctx.db) : null;
  if (failure !== null) throw failureFor[failure]();
  if (ctx.settings.messagesPerSecond !== null && !(await takeSendSlot(ctx.db, phone.id)))
    throw graphErrors.rateLimit();

  const waId = recipientDigits(message.to);
  if (!/^\d{7,15}$/.test(waId))
    throw graphErrors.invalidParameter(`Invalid recipient phone number '${message.to}'.`);
  if (waId === displayDigits(phone)) throw graphErrors.recipientIsSender();

  const id = wamid(waId, 'to_customer');
  const steps = onTimeline(ctx.settings, message.type)
    ? planSteps(
        { wamid: id, customerWaId: waId, isTemplate: message.type === 'template' },
        ctx.settings,
        Date.now(),
      )
    : null;

  // Reads first, outside any transaction: a refused send writes nothing.
  const windowOpen = await windowIsOpen(ctx.db, ctx, phone.id, waId);
  if (message.type !== 'template' && !windowOpen) throw graphErrors.reengagement();
  const content = await contentOf(ctx.db, ctx, phone, message, windowOpen);
  const chat = { phoneNumberId: phone.id, customerWaId: waId };
  const quoted = message.context ? await findChatMessage(ctx.db, chat, message.context.message_id) : null;
  const reactionTarget =
    message.type === 'reaction' ? await findChatMessage(ctx.db, chat, message.reaction.message_id) : null;
  const newRow = {
    wamid: id,
    ...chat,
    direction: 'to_customer' as const,
    type: content.type,
    payload: {
      ...content.payload,
      ...(quoted
        ? {
            context: {
              message_id: quoted.wamid,
              from: quoted.direction === 'to_customer' ? displayDigits(phone) : waId,
            },
          }
        : {}),
      billing: billingFor(content, ctx.now),
      ...(message.biz_opaque_callback_data
        ? { biz_opaque_callback_data: message.biz_opaque_callback_data }
        : {}),
    },
    status: message.type === 'reaction' && !reactionTarget ? 'failed' : 'sent',
    createdAt: ctx.now,
  };
  const accepted = {
    messaging_product: 'whatsapp',
    contacts: [{ input: message.to, wa_id: waId }],
    messages: [{ id }],
  };

  if (steps) {
    // The campaign path: customer, message, its steps and their sweeps in one statement.
    await insertPlannedMessage(
      ctx.db,
      { name: defaultCustomerName(waId), ...newRow },
      steps,
      sweepJobs(steps),
    );
    return accepted;
  }

  return ctx.db.transaction(async (tx) => {
    await ensureCustomer(tx, phone.id, waId, ctx.now);
    const row = await insertMessage(tx, newRow);

    if (row.status === 'failed') {
      // Meta accepts a reaction to an unknown message and reports 131009 in a status webhook.
      await emitChanges(
        tx,
        [
          statusChange(phone, row, 'failed', ctx.now, {
            code: 131009,
            title: 'Parameter value is not valid',
            details: `Message ${message.type === 'reaction' ? message.reaction.message_id : ''} to react to was not found in this chat.`,
          }),
        ],
        ctx.settings,
      );
    } else {
      await scheduleSendStatuses(tx, ctx.settings, phone, row);
    }

    return accepted;
  });
}
