import { readInboundMessage, readMetaErrors } from './inbound-message';
import type {
  AccountErrorEvent,
  IgnoredItem,
  MessageStatusEvent,
  MessageStatusValue,
  ParsedWebhook,
  TemplateStatusEvent,
  WebhookEvent,
  WebhookSource,
} from './types';
import {
  arrayOf,
  booleanOrNull,
  dateFromUnixSeconds,
  isRecord,
  type JsonRecord,
  nonEmptyOrNull,
  recordOf,
  stringOrNull,
} from './wire-guards';

export { type DeliveryStatus, isStatusForward, statusRank } from './status-order';

const STATUS_VALUES: ReadonlySet<string> = new Set<MessageStatusValue>([
  'sent',
  'delivered',
  'read',
  'failed',
  'played',
]);

export type ParseWebhookOptions = {
  /** Used only when a message or status carries no readable timestamp; defaults to the current time. */
  now?: Date;
};

type Sink = {
  events: WebhookEvent[];
  ignored: IgnoredItem[];
  now: Date;
};

function readStatus(raw: unknown, source: WebhookSource, now: Date): MessageStatusEvent | string {
  if (!isRecord(raw)) return 'status is not an object';
  const externalId = nonEmptyOrNull(raw.id);
  if (externalId === null) return 'status has no id';
  const status = stringOrNull(raw.status) ?? '';
  if (!STATUS_VALUES.has(status)) return `unknown status '${status}'`;

  const conversation = isRecord(raw.conversation) ? raw.conversation : null;
  const pricing = isRecord(raw.pricing) ? raw.pricing : null;
  return {
    kind: 'message.status',
    ...source,
    externalId,
    dedupeKey: `${externalId}:${status}`,
    status: status as MessageStatusValue,
    timestamp: dateFromUnixSeconds(raw.timestamp) ?? now,
    recipientId: nonEmptyOrNull(raw.recipient_id),
    recipientType: nonEmptyOrNull(raw.recipient_type),
    errors: readMetaErrors(raw.errors),
    conversation: conversation
      ? {
          id: nonEmptyOrNull(conversation.id),
          expiresAt: dateFromUnixSeconds(conversation.expiration_timestamp),
          originType: nonEmptyOrNull(recordOf(conversation.origin).type),
        }
      : null,
    pricing: pricing
      ? {
          billable: booleanOrNull(pricing.billable),
          pricingModel: nonEmptyOrNull(pricing.pricing_model),
          type: nonEmptyOrNull(pricing.type),
          category: nonEmptyOrNull(pricing.category),
        }
      : null,
    bizOpaqueCallbackData: stringOrNull(raw.biz_opaque_callback_data),
  };
}

function readMessagesChange(value: JsonRecord, wabaId: string, path: string, sink: Sink): void {
  const metadata = recordOf(value.metadata);
  const phoneNumberId = nonEmptyOrNull(metadata.phone_number_id);
  const displayPhoneNumber = stringOrNull(metadata.display_phone_number) ?? '';

  // Value-level errors are about the account or app, so they are reported even without metadata.
  const errors = readMetaErrors(value.errors);
  if (errors.length > 0) {
    const event: AccountErrorEvent = {
      kind: 'account.error',
      wabaId,
      phoneNumberId,
      displayPhoneNumber: phoneNumberId === null ? null : displayPhoneNumber,
      errors,
    };
    sink.events.push(event);
  }

  const messages = arrayOf(value.messages);
  const statuses = arrayOf(value.statuses);
  if (phoneNumberId === null) {
    if (messages.length + statuses.length > 0) {
      sink.ignored.push({ path, field: 'messages', wabaId, reason: 'no metadata.phone_number_id' });
    }
    return;
  }
  const source: WebhookSource = { wabaId, phoneNumberId, displayPhoneNumber };

  messages.forEach((raw, index) => {
    const result = readInboundMessage(raw, source, value.contacts, sink.now);
    if (result.ok) sink.events.push(result.event);
    else
      sink.ignored.push({
        path: `${path}.value.messages[${index}]`,
        field: 'messages',
        wabaId,
        reason: result.reason,
      });
  });

  statuses.forEach((raw, index) => {
    const result = readStatus(raw, source, sink.now);
    if (typeof result !== 'string') sink.events.push(result);
    else
      sink.ignored.push({
        path: `${path}.value.statuses[${index}]`,
        field: 'messages',
        wabaId,
        reason: result,
      });
  });
}

function readTemplateStatus(
  value: JsonRecord,
  wabaId: string,
  entryTime: unknown,
): TemplateStatusEvent | string {
  const templateId = nonEmptyOrNull(value.message_template_id);
  if (templateId === null) return 'template status has no message_template_id';
  const event = nonEmptyOrNull(value.event);
  if (event === null) return 'template status has no event';

  const rejection = isRecord(value.rejection_info) ? value.rejection_info : null;
  const other = isRecord(value.other_info) ? value.other_info : null;
  return {
    kind: 'template.status',
    wabaId,
    phoneNumberId: null,
    displayPhoneNumber: null,
    templateId,
    name: nonEmptyOrNull(value.message_template_name),
    language: nonEmptyOrNull(value.message_template_language),
    category: nonEmptyOrNull(value.message_template_category),
    event,
    reason: nonEmptyOrNull(value.reason),
    timestamp: dateFromUnixSeconds(entryTime),
    rejectionInfo: rejection
      ? { reason: nonEmptyOrNull(rejection.reason), recommendation: nonEmptyOrNull(rejection.recommendation) }
      : null,
    otherInfo: other
      ? { title: nonEmptyOrNull(other.title), description: nonEmptyOrNull(other.description) }
      : null,
    disableDate: dateFromUnixSeconds(recordOf(value.disable_info).disable_date),
  };
}

/**
 * Turns a webhook body into a flat list of normalized events: every entry, every change, every message,
 * status and error, in delivery order. Never throws; anything it cannot use (unknown fields, malformed
 * items) is listed in `ignored` for logging instead.
 */
export function parseWebhook(body: unknown, options: ParseWebhookOptions = {}): ParsedWebhook {
  const sink: Sink = { events: [], ignored: [], now: options.now ?? new Date() };

  if (!isRecord(body)) {
    sink.ignored.push({ path: '', field: null, wabaId: null, reason: 'body is not a JSON object' });
    return { events: sink.events, ignored: sink.ignored };
  }
  if (body.object !== 'whatsapp_business_account') {
    sink.ignored.push({
      path: 'object',
      field: null,
      wabaId: null,
      reason: `unexpected object '${String(body.object)}'`,
    });
    return { events: sink.events, ignored: sink.ignored };
  }

  arrayOf(body.entry).forEach((entryRaw, entryIndex) => {
    const entryPath = `entry[${entryIndex}]`;
    const entry = recordOf(entryRaw);
    const wabaId = nonEmptyOrNull(entry.id);
    if (wabaId === null) {
      sink.ignored.push({ path: entryPath, field: null, wabaId: null, reason: 'entry has no id' });
      return;
    }

    arrayOf(entry.changes).forEach((changeRaw, changeIndex) => {
      const path = `${entryPath}.changes[${changeIndex}]`;
      const change = recordOf(changeRaw);
      const field = stringOrNull(change.field);
      if (!isRecord(change.value)) {
        sink.ignored.push({ path, field, wabaId, reason: 'change has no value object' });
        return;
      }

      if (field === 'messages') {
        readMessagesChange(change.value, wabaId, path, sink);
      } else if (field === 'message_template_status_update') {
        const result = readTemplateStatus(change.value, wabaId, entry.time);
        if (typeof result === 'string') sink.ignored.push({ path, field, wabaId, reason: result });
        else sink.events.push(result);
      } else {
        sink.ignored.push({ path, field, wabaId, reason: `field '${field ?? ''}' is not handled` });
      }
    });
  });

  return { events: sink.events, ignored: sink.ignored };
}
