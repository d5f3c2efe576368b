import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { findPhoneNumber } from '../state/accounts';
import { ensureCustomer } from '../state/customers';
import { storeMedia } from '../state/media';
import { findMessage, insertMessage, type MessagePayload } from '../state/messages';
import { getSettings } from '../state/settings';
import { statusChange } from '../webhooks/build';
import { emitChanges } from '../webhooks/emit';
import { scheduleSendStatuses } from '../webhooks/status.job';
import { fetchLink } from './link-fetch';
import { linkFailure } from './send-errors';

const mediaKind = z.enum(['image', 'video', 'audio', 'document', 'sticker']);

/**
 * A send with media by `link` was answered 200 with its wamid; this job fetches the file like Meta
 * does and then carries the send out: stored with its statuses (`sent`, `delivered`) once the file
 * is in, or stored as `failed` with a 131053 status webhook when the link cannot be fetched, is too
 * big or of the wrong type. One attempt: a failed fetch is the answer, not a reason to retry.
 */
export const linkFetchJob = defineJob({
  name: 'sandbox.media.fetch_link',
  maxAttempts: 1,
  schema: z.object({
    row: z.object({
      wamid: z.string().min(1),
      phoneNumberId: z.string().min(1),
      customerWaId: z.string().min(1),
      type: z.string().min(1),
      payload: z.record(z.string(), z.unknown()),
      createdAt: z.string(),
    }),
    pending: z.object({
      kind: mediaKind,
      link: z.string().min(1),
      target: z.enum(['message', 'templateHeader', 'interactiveHeader']),
      voice: z.boolean().optional(),
    }),
  }),
  async handler({ row, pending }, { db, log }) {
    if (await findMessage(db, row.wamid)) return;
    const phone = await findPhoneNumber(db, row.phoneNumberId);
    if (!phone) return;
    const settings = await getSettings(db);
    const result = await fetchLink(pending.link, pending.kind, {
      voice: pending.voice === true,
      timeoutMs: settings.linkFetchTimeoutSeconds * 1000,
    });
    const payload = structuredClone(row.payload) as MessagePayload;
    const createdAt = new Date(row.createdAt);

    await db.transaction(async (tx) => {
      await ensureCustomer(tx, phone.id, row.customerWaId, createdAt);
      if (!result.ok) {
        log.info(
          { wamid: row.wamid, kind: pending.kind },
          'sandbox media link could not be used; send failed',
        );
        const failed = await insertMessage(tx, {
          ...row,
          payload,
          direction: 'to_customer',
          status: 'failed',
          createdAt,
        });
        await emitChanges(
          tx,
          [statusChange(phone, failed, 'failed', new Date(), linkFailure(result.details))],
          settings,
        );
        return;
      }
      const media = await storeMedia(tx, {
        phoneNumberId: phone.id,
        mimeType: result.mimeType,
        filename: result.filename,
        data: result.data,
      });
      fillMedia(payload, pending, media, result.filename);
      const sent = await insertMessage(tx, {
        ...row,
        payload,
        direction: 'to_customer',
        status: 'sent',
        createdAt,
      });
      await scheduleSendStatuses(tx, settings, phone, sent);
    });
  },
});

/** Puts the fetched file where the send named it: the message's media or its header. */
function fillMedia(
  payload: MessagePayload,
  pending: { kind: z.infer<typeof mediaKind>; target: string },
  media: { id: string; mimeType: string; sha256: string },
  fetchedName: string | null,
): void {
  if (pending.target === 'message') {
    const ref = payload[pending.kind]!;
    Object.assign(ref, { id: media.id, mime_type: media.mimeType, sha256: media.sha256 });
    if (pending.kind === 'document' && ref.filename === 'document' && fetchedName) ref.filename = fetchedName;
    return;
  }
  if (pending.target === 'templateHeader' && payload.template) {
    const header = payload.template.rendered.header;
    if (header && header.kind !== 'text') {
      header.mediaId = media.id;
      header.mimeType = media.mimeType;
      if (header.kind === 'document') header.filename = header.filename ?? fetchedName ?? 'document';
    }
    return;
  }
  if (pending.target === 'interactiveHeader' && payload.interactive?.header) {
    const header = payload.interactive.header;
    if (header.type !== 'text') {
      header.mediaId = media.id;
      header.mimeType = media.mimeType;
      if (header.type === 'document') header.filename = header.filename ?? fetchedName ?? 'document';
    }
  }
}
