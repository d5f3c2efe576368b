import type { ChatMessage, Party } from '@common/api/sandbox';
import type { SandboxPhoneNumber } from '../state/accounts';
import type { CustomerSummary } from '../state/customers';
import type { MediaRef, MessagePayload, SandboxMessage } from '../state/messages';

/** What the customer phone page shows: sandbox rows turned into chat bubbles (types in common/api/sandbox.ts). */

const partyOf = (row: Pick<SandboxMessage, 'direction'>): Party =>
  row.direction === 'to_business' ? 'customer' : 'business';

const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;

function mediaOf(payload: MessagePayload): { kind: string; ref: MediaRef } | null {
  for (const kind of MEDIA_TYPES) {
    const ref = payload[kind];
    if (ref) return { kind, ref };
  }
  return null;
}

/** A template's image/video/document header, drawn on the phone like the media of a media message. */
function templateHeaderMedia(payload: MessagePayload): { kind: string; ref: MediaRef } | null {
  const header = payload.template?.rendered.header;
  if (!header || header.kind === 'text' || !header.mediaId) return null;
  return {
    kind: header.kind,
    ref: {
      id: header.mediaId,
      mime_type: header.mimeType ?? 'application/octet-stream',
      sha256: '',
      ...(header.filename ? { filename: header.filename } : {}),
    },
  };
}

/** An interactive message's image/video/document header, drawn like a media message's file. */
function interactiveHeaderMedia(payload: MessagePayload): { kind: string; ref: MediaRef } | null {
  const header = payload.interactive?.header;
  if (!header || header.type === 'text' || !header.mediaId) return null;
  return {
    kind: header.type,
    ref: {
      id: header.mediaId,
      mime_type: header.mimeType ?? 'application/octet-stream',
      sha256: '',
      ...(header.filename ? { filename: header.filename } : {}),
    },
  };
}

/** A business send whose media link could not be fetched never reached the phone. */
function neverArrived(row: SandboxMessage): boolean {
  if (row.direction !== 'to_customer' || row.status !== 'failed') return false;
  const payload = row.payload as MessagePayload;
  const media = mediaOf(payload);
  const templateHeader = payload.template?.rendered.header;
  const interactiveHeader = payload.interactive?.header;
  return (
    (media !== null && media.ref.id === '') ||
    (templateHeader != null && templateHeader.kind !== 'text' && !templateHeader.mediaId) ||
    (interactiveHeader != null && interactiveHeader.type !== 'text' && !interactiveHeader.mediaId)
  );
}

/** A one-line summary of a message (chat list, reply quotes). */
export function previewOf(row: SandboxMessage): string {
  const payload = row.payload as MessagePayload;
  if (payload.text) return payload.text.body;
  if (payload.template) return payload.template.rendered.body;
  if (payload.location) return `📍 ${payload.location.name ?? 'Location'}`;
  if (payload.interactive) return payload.interactive.body;
  if (payload.reply)
    return payload.reply.type === 'button_reply'
      ? payload.reply.button_reply.title
      : payload.reply.list_reply.title;
  if (payload.contacts) return `👤 ${payload.contacts.map((c) => c.name.formatted_name).join(', ')}`;
  if (payload.reaction)
    return payload.reaction.emoji ? `Reacted ${payload.reaction.emoji}` : 'Removed a reaction';
  const media = mediaOf(payload);
  if (media) {
    if (media.ref.caption) return media.ref.caption;
    const labels: Record<string, string> = {
      image: '📷 Photo',
      video: '🎥 Video',
      audio: media.ref.voice ? '🎤 Voice message' : '🎵 Audio',
      sticker: 'Sticker',
      document: `📄 ${media.ref.filename ?? 'Document'}`,
    };
    return labels[media.kind] ?? media.kind;
  }
  return row.type;
}

/** A chat's rows as bubbles: reactions fold into the message they react to (the latest per party wins). */
export function presentChat(rows: SandboxMessage[]): ChatMessage[] {
  const byWamid = new Map(rows.map((r) => [r.wamid, r]));
  const reactions = new Map<string, Map<Party, string>>();
  for (const row of rows) {
    const reaction = (row.payload as MessagePayload).reaction;
    if (row.type !== 'reaction' || !reaction || row.status === 'failed') continue;
    const forTarget = reactions.get(reaction.message_id) ?? new Map<Party, string>();
    forTarget.set(partyOf(row), reaction.emoji);
    reactions.set(reaction.message_id, forTarget);
  }

  return rows
    .filter((row) => row.type !== 'reaction' && !neverArrived(row))
    .map((row) => {
      const payload = row.payload as MessagePayload;
      const media = mediaOf(payload) ?? templateHeaderMedia(payload) ?? interactiveHeaderMedia(payload);
      const reply = payload.reply ?? null;
      const quoted = payload.context ? byWamid.get(payload.context.message_id) : undefined;
      return {
        id: row.wamid,
        from: partyOf(row),
        type: row.type,
        text:
          payload.text?.body ??
          (reply
            ? reply.type === 'button_reply'
              ? reply.button_reply.title
              : reply.list_reply.title
            : null),
        media: media
          ? {
              id: media.ref.id,
              url: `/sandbox/api/media/${media.ref.id}`,
              kind: media.kind,
              mimeType: media.ref.mime_type,
              filename: media.ref.filename ?? null,
              caption: media.ref.caption ?? null,
              voice: media.ref.voice === true,
            }
          : null,
        template: payload.template?.rendered ?? null,
        location: payload.location ?? null,
        interactive: payload.interactive ?? null,
        contacts: payload.contacts ?? null,
        reply,
        reactions: [...(reactions.get(row.wamid) ?? new Map<Party, string>()).entries()]
          .filter(([, emoji]) => emoji !== '')
          .map(([from, emoji]) => ({ emoji, from })),
        context: payload.context
          ? {
              id: payload.context.message_id,
              from: quoted ? partyOf(quoted) : 'business',
              preview: quoted ? previewOf(quoted) : 'Message',
            }
          : null,
        status: row.status,
        timestamp: row.createdAt.toISOString(),
      };
    });
}

export function presentPhoneNumber(phone: SandboxPhoneNumber) {
  return {
    id: phone.id,
    wabaId: phone.wabaId,
    businessId: phone.businessId,
    businessName: phone.wabaName,
    displayPhoneNumber: phone.displayPhoneNumber,
    verifiedName: phone.verifiedName,
    createdAt: phone.createdAt.toISOString(),
  };
}

export function presentCustomer(customer: CustomerSummary) {
  const last = customer.lastMessage;
  return {
    waId: customer.waId,
    name: customer.name,
    unread: customer.unread,
    lastMessage: last
      ? {
          preview: previewOf(last),
          from: partyOf(last),
          status: last.status,
          timestamp: last.createdAt.toISOString(),
        }
      : null,
  };
}
