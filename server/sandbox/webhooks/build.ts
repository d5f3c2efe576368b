import type { SandboxPhoneNumber } from '../state/accounts';
import { displayDigits } from '../state/accounts';
import type { SandboxCustomer } from '../state/customers';
import { sha256Base64 } from '../state/media';
import type { MediaRef, SandboxMessage } from '../state/messages';
import { unixSeconds } from '../state/settings';
import type { SandboxTemplate } from '../state/templates';

/**
 * Webhook bodies in the exact Cloud API shape (shared/docs/whatsapp-cloud-api.md §1.4 to §1.8): one
 * change per update, grouped into entries per WABA when several go out in one POST.
 */

type Json = Record<string, unknown>;

export type SandboxChange = {
  wabaId: string;
  field: 'messages' | 'message_template_status_update';
  value: Json;
  /** entry.time (integer seconds), present for template updates. */
  entryTime?: number;
  /** Customer messages carried by this change; marked delivered once the app answers 200. */
  inboundWamids?: string[];
};

export type WebhookBody = {
  object: 'whatsapp_business_account';
  entry: { id: string; time?: number; changes: { value: Json; field: string }[] }[];
};

type Phone = Pick<SandboxPhoneNumber, 'id' | 'wabaId' | 'displayPhoneNumber'>;

function metadata(phone: Phone) {
  return { display_phone_number: displayDigits(phone), phone_number_id: phone.id };
}

function wireMedia(media: MediaRef, withFilename: boolean): Json {
  return {
    ...(media.caption ? { caption: media.caption } : {}),
    ...(withFilename ? { filename: media.filename ?? 'file' } : {}),
    mime_type: media.mime_type,
    sha256: sha256Base64(media.sha256),
    id: media.id,
  };
}

/** A customer message as `value.messages[]` carries it. */
export function wireInboundMessage(message: SandboxMessage): Json {
  const payload = message.payload as import('../state/messages').MessagePayload;
  const wire: Json = {};
  if (payload.context) wire.context = { from: payload.context.from, id: payload.context.message_id };
  Object.assign(wire, {
    from: message.customerWaId,
    id: message.wamid,
    timestamp: String(unixSeconds(message.createdAt)),
    type: message.type,
  });
  if (payload.text) wire.text = { body: payload.text.body };
  if (payload.image) wire.image = wireMedia(payload.image, false);
  if (payload.video) wire.video = wireMedia(payload.video, false);
  if (payload.document) wire.document = wireMedia(payload.document, true);
  if (payload.audio) wire.audio = { ...wireMedia(payload.audio, false), voice: payload.audio.voice === true };
  if (payload.reply) wire.interactive = payload.reply;
  if (payload.contacts) wire.contacts = payload.contacts;
  if (payload.sticker) wire.sticker = { ...wireMedia(payload.sticker, false), animated: false };
  if (payload.location) wire.location = payload.location;
  if (payload.reaction) {
    // Meta leaves the emoji out when the customer removes their reaction.
    wire.reaction = payload.reaction.emoji
      ? { message_id: payload.reaction.message_id, emoji: payload.reaction.emoji }
      : { message_id: payload.reaction.message_id };
  }
  return wire;
}

export function inboundMessageChange(
  phone: Phone,
  customer: Pick<SandboxCustomer, 'waId' | 'name'>,
  message: SandboxMessage,
): SandboxChange {
  return {
    wabaId: phone.wabaId,
    field: 'messages',
    value: {
      messaging_product: 'whatsapp',
      metadata: metadata(phone),
      contacts: [{ profile: { name: customer.name }, wa_id: customer.waId }],
      messages: [wireInboundMessage(message)],
    },
    inboundWamids: [message.wamid],
  };
}

export type StatusValue = 'sent' | 'delivered' | 'read' | 'failed';

/**
 * A status of a business message as `value.statuses[]` carries it. v22 puts `conversation` and
 * `pricing` on `sent` (with the expiration) and again on `delivered`; `read` has neither.
 */
export type StatusError = { code: number; title: string; details: string };

export function wireStatus(
  message: SandboxMessage,
  status: StatusValue,
  at: Date,
  error?: StatusError,
): Json {
  const payload = message.payload as import('../state/messages').MessagePayload;
  const wire: Json = {
    id: message.wamid,
    status,
    timestamp: String(unixSeconds(at)),
    recipient_id: message.customerWaId,
  };
  const billing = payload.billing;
  if (billing && (status === 'sent' || status === 'delivered')) {
    wire.conversation = {
      id: billing.conversationId,
      ...(status === 'sent' ? { expiration_timestamp: String(billing.expiresAt) } : {}),
      origin: { type: billing.category },
    };
    wire.pricing = {
      billable: billing.billable,
      pricing_model: 'PMP',
      type: billing.type,
      category: billing.category,
    };
  }
  if (payload.biz_opaque_callback_data) wire.biz_opaque_callback_data = payload.biz_opaque_callback_data;
  if (status === 'failed' && error) {
    wire.errors = [
      {
        code: error.code,
        title: error.title,
        message: error.title,
        error_data: { details: error.details },
        href: '/documentation/business-messaging/whatsapp/support/error-codes',
      },
    ];
  }
  return wire;
}

export function statusChange(
  phone: Phone,
  message: SandboxMessage,
  status: StatusValue,
  at: Date,
  error?: StatusError,
): SandboxChange {
  return {
    wabaId: phone.wabaId,
    field: 'messages',
    value: {
      messaging_product: 'whatsapp',
      metadata: metadata(phone),
      statuses: [wireStatus(message, status, at, error)],
    },
  };
}

export function templateStatusChange(
  template: SandboxTemplate,
  decision: { event: 'APPROVED' | 'REJECTED'; reason: string; recommendation?: string },
  at: Date,
): SandboxChange {
  return {
    wabaId: template.wabaId,
    field: 'message_template_status_update',
    entryTime: unixSeconds(at),
    value: {
      event: decision.event,
      // The only place Meta sends a template id as a number.
      message_template_id: Number(template.id),
      message_template_name: template.name,
      message_template_language: template.language,
      reason: decision.reason,
      message_template_category: template.category,
      ...(decision.event === 'REJECTED' && decision.reason === 'INVALID_FORMAT'
        ? { rejection_info: { reason: decision.reason, recommendation: decision.recommendation ?? '' } }
        : {}),
    },
  };
}

function mergeKey(change: SandboxChange): string | null {
  if (change.field !== 'messages') return null;
  const phoneId = (change.value.metadata as { phone_number_id?: string } | undefined)?.phone_number_id;
  const kind = Array.isArray(change.value.statuses) ? 'statuses' : 'messages';
  return `${phoneId}:${kind}`;
}

/**
 * One POST body for several changes: an entry per WABA; within it, updates of one number and kind
 * (customer messages, or statuses) share one change with several items, as Meta batches them.
 */
export function buildWebhookBody(changes: SandboxChange[]): WebhookBody {
  const entries = new Map<string, { id: string; time?: number; changes: { value: Json; field: string }[] }>();
  const merged = new Map<string, Json>();
  for (const change of changes) {
    let entry = entries.get(change.wabaId);
    if (!entry) {
      entry = { id: change.wabaId, changes: [] };
      entries.set(change.wabaId, entry);
    }
    if (change.entryTime !== undefined) entry.time = Math.max(entry.time ?? 0, change.entryTime);

    const key = mergeKey(change);
    const into = key ? merged.get(`${change.wabaId}:${key}`) : undefined;
    if (into) {
      for (const list of ['contacts', 'messages', 'statuses'] as const) {
        const items = change.value[list];
        if (!Array.isArray(items)) continue;
        const target = (into[list] as Json[] | undefined) ?? [];
        for (const item of items as Json[]) {
          const duplicateContact = list === 'contacts' && target.some((c) => c.wa_id === item.wa_id);
          if (!duplicateContact) target.push(item);
        }
        into[list] = target;
      }
      continue;
    }
    const value = structuredClone(change.value);
    if (key) merged.set(`${change.wabaId}:${key}`, value);
    entry.changes.push({ value, field: change.field });
  }
  return {
    object: 'whatsapp_business_account',
    entry: [...entries.values()].map((e) =>
      e.time === undefined
        ? { id: e.id, changes: e.changes }
        : { id: e.id, time: e.time, changes: e.changes },
    ),
  };
}
