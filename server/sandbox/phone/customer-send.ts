import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-errors';
import { displayDigits, type SandboxPhoneNumber } from '../state/accounts';
import type { SandboxCustomer } from '../state/customers';
import { wamid } from '../state/ids';
import { type MediaInfo, mediaKindOf } from '../state/media';
import { findChatMessage, insertMessage, type MessagePayload, type SandboxMessage } from '../state/messages';
import { getSettings, sandboxNow } from '../state/settings';
import { inboundMessageChange } from '../webhooks/build';
import { emitChanges } from '../webhooks/emit';

/** What a customer can do from the phone page. */
export type CustomerAction =
  | { type: 'text'; text: string; replyTo?: string }
  | { type: 'reaction'; messageId: string; emoji: string }
  | { type: 'interactive_reply'; messageId: string; optionId: string }
  | { type: 'media'; media: MediaInfo; asDocument: boolean; caption?: string; replyTo?: string };

function mediaPayload(action: Extract<CustomerAction, { type: 'media' }>): {
  type: string;
  payload: MessagePayload;
} {
  const kind = action.asDocument ? 'document' : (mediaKindOf(action.media.mimeType) ?? 'document');
  const ref = {
    id: action.media.id,
    mime_type: action.media.mimeType,
    sha256: action.media.sha256,
    ...(action.caption && kind !== 'audio' && kind !== 'sticker' ? { caption: action.caption } : {}),
    ...(kind === 'document' ? { filename: action.media.filename ?? 'document' } : {}),
  };
  return { type: kind, payload: { [kind]: ref } };
}

/**
 * The customer's tap on a reply button or list row: Meta's `button_reply` / `list_reply`, quoting the
 * message that held it (`context.id` = its wamid, `context.from` = the business number).
 */
function tapPayload(
  phone: SandboxPhoneNumber,
  target: SandboxMessage | null,
  optionId: string,
): MessagePayload {
  const interactive =
    target?.direction === 'to_customer' ? (target.payload as MessagePayload).interactive : undefined;
  if (!target || !interactive) throw notFound('That message has no buttons or list in this chat.');
  const context = { message_id: target.wamid, from: displayDigits(phone) };
  const button = interactive.buttons?.find((b) => b.id === optionId);
  if (button) return { reply: { type: 'button_reply', button_reply: { ...button } }, context };
  const row = interactive.list?.sections.flatMap((s) => s.rows).find((r) => r.id === optionId);
  if (row) {
    const list_reply = {
      id: row.id,
      title: row.title,
      ...(row.description ? { description: row.description } : {}),
    };
    return { reply: { type: 'list_reply', list_reply }, context };
  }
  throw badRequest('That message has no button or row with that id.', 'validation_failed', 'optionId');
}

/**
 * The customer sends something to the business: stored as their message (sandbox time) and delivered
 * to the app as an inbound webhook in the same transaction. It also reopens the 24-hour window.
 */
export async function customerSends(
  db: Database,
  phone: SandboxPhoneNumber,
  customer: SandboxCustomer,
  action: CustomerAction,
): Promise<SandboxMessage> {
  return db.transaction(async (tx) => {
    const settings = await getSettings(tx);
    const now = sandboxNow(settings);
    const chat = { phoneNumberId: phone.id, customerWaId: customer.waId };

    let type: string;
    let payload: MessagePayload;
    if (action.type === 'reaction') {
      const target = await findChatMessage(tx, chat, action.messageId);
      if (!target || target.type === 'reaction') throw notFound('That message is not in this chat.');
      type = 'reaction';
      payload = { reaction: { message_id: target.wamid, emoji: action.emoji } };
    } else if (action.type === 'interactive_reply') {
      type = 'interactive';
      payload = tapPayload(phone, await findChatMessage(tx, chat, action.messageId), action.optionId);
    } else {
      ({ type, payload } =
        action.type === 'text'
          ? { type: 'text', payload: { text: { body: action.text } } }
          : mediaPayload(action));
      if (action.replyTo) {
        const quoted = await findChatMessage(tx, chat, action.replyTo);
        if (!quoted || quoted.type === 'reaction')
          throw badRequest('The message to reply to is not in this chat.');
        payload.context = {
          message_id: quoted.wamid,
          from: quoted.direction === 'to_customer' ? displayDigits(phone) : customer.waId,
        };
      }
    }

    const row = await insertMessage(tx, {
      wamid: wamid(customer.waId, 'to_business'),
      ...chat,
      direction: 'to_business',
      type,
      payload,
      status: 'sent',
      createdAt: now,
    });
    await emitChanges(tx, [inboundMessageChange(phone, customer, row)], settings);
    return row;
  });
}
