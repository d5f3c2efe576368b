import type { SendRich } from '@common/api/interactive';
import type { ContactRow } from '../presenters/contact';
import { richContentFor } from './rich-content';
import {
  createdChanges,
  type Deps,
  findByClientRef,
  quotedExternalId,
  recordOutgoing,
  requireWindowOpen,
  type SendActor,
  type SendOutcome,
} from './send-message';

/**
 * Sends reply buttons, a list, a link button, a location or contact cards (issue 17), checked by
 * common/api/interactive.ts: inside the 24-hour window like text (contactPolicy `sendFreeform`),
 * optionally quoting a message, stored as pending with its content (button and row ids made here)
 * and queued through `message.send` in one transaction. The same clientRef again returns the same row.
 */
export async function sendRichMessage(
  deps: Deps,
  sender: SendActor,
  contact: ContactRow,
  input: SendRich,
): Promise<SendOutcome> {
  const earlier = await findByClientRef(deps.db, sender, contact.id, input.clientRef);
  if (earlier) return { row: earlier, created: false };
  const now = await requireWindowOpen(deps, sender, contact);
  const replyToExternalId = await quotedExternalId(deps.db, contact, input.replyToMessageId);
  const { type, body, content } = richContentFor(input);

  const row = await deps.events.transaction(async (tx, emit) => {
    const row = await recordOutgoing(tx, sender, contact, {
      type,
      body,
      content,
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
