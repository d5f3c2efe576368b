import type { InboxMessage, MessageContent, MessageResponse } from '@common/api/inbox';
import type {
  ContactsInput,
  CtaUrlInput,
  HeaderMediaKind,
  HeaderMediaResponse,
  ListInput,
  LocationInput,
  ReplyButtonsInput,
} from '@common/api/interactive';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest, uploadForm } from './client';
import { newClientRef } from './messageList';
import { outbox, runSend, tempMessage } from './messages';

/**
 * Sending reply buttons, lists, link buttons, locations and contact cards (issue 17) through the
 * text route, like a text: a pending bubble at once, replaced in place by the stored row; a failure
 * leaves the bubble failed with its retry (or the template hint when the window closed).
 */

type SendContext = { client: QueryClient; contactId: string; replyTo: InboxMessage | null };

export type RichSend =
  | ({ type: 'buttons' } & ReplyButtonsInput)
  | ({ type: 'list' } & ListInput)
  | ({ type: 'cta_url' } & CtaUrlInput)
  | ({ type: 'location' } & LocationInput)
  | ({ type: 'contacts' } & ContactsInput);

const clean = (value: string | null | undefined) => value?.trim() || null;
const header = (value: string | null | undefined) => {
  const text = clean(value);
  return text ? { type: 'text' as const, text } : null;
};

/** What the pending bubble shows until the server's row replaces it (ids are the server's). */
export function pendingContent(send: RichSend): { type: string; preview: string; content: MessageContent } {
  switch (send.type) {
    case 'buttons':
      return {
        type: 'interactive',
        preview: `🔘 ${send.body.trim()}`,
        content: {
          kind: 'buttons',
          header: send.headerMedia
            ? { type: send.headerMedia.type, mediaId: send.headerMedia.mediaId, filename: null }
            : header(send.header),
          body: send.body.trim(),
          footer: clean(send.footer),
          buttons: send.buttons.map((b, i) => ({ id: `pending-${i}`, title: b.title.trim() })),
        },
      };
    case 'list':
      return {
        type: 'interactive',
        preview: `📋 ${send.body.trim()}`,
        content: {
          kind: 'list',
          header: header(send.header),
          body: send.body.trim(),
          footer: clean(send.footer),
          button: send.button.trim(),
          sections: send.sections.map((s, si) => ({
            title: clean(s.title),
            rows: s.rows.map((r, ri) => ({
              id: `pending-${si}-${ri}`,
              title: r.title.trim(),
              description: clean(r.description),
            })),
          })),
        },
      };
    case 'cta_url':
      return {
        type: 'interactive',
        preview: `🔗 ${send.body.trim()}`,
        content: {
          kind: 'cta_url',
          header: header(send.header),
          body: send.body.trim(),
          footer: clean(send.footer),
          displayText: send.displayText.trim(),
          url: send.url.trim(),
        },
      };
    case 'location': {
      const name = clean(send.name);
      return {
        type: 'location',
        preview: `📍 ${name ?? 'Location'}`,
        content: {
          kind: 'location',
          latitude: Number(send.latitude),
          longitude: Number(send.longitude),
          name,
          address: clean(send.address),
          url: null,
        },
      };
    }
    case 'contacts':
      return {
        type: 'contacts',
        preview: `👤 Contact: ${send.cards[0]?.name.trim() ?? ''}`,
        content: {
          kind: 'contacts',
          cards: send.cards.map((card) => ({
            formattedName: card.name.trim(),
            firstName: null,
            lastName: null,
            phones: card.phones.map((p) => ({
              phone: p.phone.trim(),
              waId: p.waId ?? null,
              type: clean(p.type),
            })),
            emails: (card.emails ?? []).map((e) => ({ email: e.email.trim(), type: clean(e.type) })),
            org:
              card.org?.company || card.org?.title
                ? { company: clean(card.org.company), department: null, title: clean(card.org.title) }
                : null,
            urls: [],
            addresses: [],
            birthday: null,
          })),
        },
      };
  }
}

/** Sends one rich message. Rejects with the API error (the bubble and a toast already say it). */
export function sendRich(context: SendContext, send: RichSend): Promise<InboxMessage> {
  const clientRef = newClientRef();
  const shown = pendingContent(send);
  const temp = tempMessage(context.contactId, clientRef, { ...shown, body: '' }, context.replyTo);
  const replyToMessageId = context.replyTo?.id;
  const request = () =>
    apiRequest<MessageResponse>(`/api/contacts/${context.contactId}/messages`, {
      method: 'POST',
      body: { ...send, clientRef, replyToMessageId },
    });
  const run = () => runSend(context, temp, 'text', request);
  outbox.add(context.contactId, { message: temp, progress: null, resend: () => void run().catch(() => {}) });
  return run();
}

/** Uploads the file a reply-buttons header carries; the server checks its bytes for that kind. */
export function uploadHeaderMedia(
  kind: HeaderMediaKind,
  file: File,
  onProgress: (fraction: number) => void = () => {},
): Promise<HeaderMediaResponse> {
  const form = new FormData();
  form.append('file', file);
  return uploadForm<HeaderMediaResponse>(`/api/interactive/header-media?kind=${kind}`, form, onProgress);
}
