import { INTERACTIVE_MSG, type SendRich } from '@common/api/interactive';
import { media } from '../db/schema';
import { badRequest } from '../lib/http-errors';
import { findOutgoingMedia } from '../media/outgoing';
import type { ContactRow } from '../presenters/contact';
import { copySample } from '../templates/media';
import { removeStored } from './receive-upload';
import { type HeaderFile, richContentFor } from './rich-content';
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
 * A reply-buttons file header (an uploaded file of the account, maybe a saved message's) is copied
 * to the message's own media row, so each send uploads its own file to Meta (ids there expire).
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
  const headerSource = await headerSourceOf(deps, sender, input);
  const copy = headerSource ? await copySample(deps.env, headerSource) : null;
  const headerFile: HeaderFile | null = copy
    ? { id: copy.id, kind: copy.kind as HeaderFile['kind'], filename: copy.filename }
    : null;
  const { type, body, content } = richContentFor(input, headerFile);

  const row = await deps.events
    .transaction(async (tx, emit) => {
      if (copy) await tx.insert(media).values(copy);
      const row = await recordOutgoing(tx, sender, contact, {
        type,
        body,
        content,
        clientRef: input.clientRef,
        replyToExternalId,
        ...(copy ? { mediaId: copy.id } : {}),
        timestamp: now,
      });
      if (row) emit(...createdChanges(row));
      return row;
    })
    .catch(async (error: unknown) => {
      if (copy) await removeStored(deps.env, [copy.storageKey]);
      throw error;
    });
  if (!row)
    return { row: (await findByClientRef(deps.db, sender, contact.id, input.clientRef))!, created: false };
  return { row, created: true };
}

/** The uploaded file a reply-buttons header names: the account's, ready, of the header's kind. */
async function headerSourceOf(deps: Deps, sender: SendActor, input: SendRich) {
  if (input.type !== 'buttons' || !input.headerMedia) return null;
  const file = await findOutgoingMedia(deps.db, sender.accountId, input.headerMedia.mediaId);
  if (!file || file.kind !== input.headerMedia.type) {
    throw badRequest(INTERACTIVE_MSG.headerMediaNotFound, 'validation_failed', 'headerMedia');
  }
  return file;
}
