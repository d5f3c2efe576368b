import { randomUUID } from 'node:crypto';
import type { SendRich } from '@common/api/interactive';
import type { InboundContent, OutgoingInteractiveContent } from '@common/message-content';
import {
  buildContactsMessage,
  buildInteractiveMessage,
  buildLocationMessage,
  type ContactObject,
  type InteractiveObject,
  type OutboundMessage,
  type SendOptions,
} from '../whatsapp/message-builders';

/** What the inbox stores for a rich send: the content shapes both directions share (issue 17). */
export type RichContent =
  | OutgoingInteractiveContent
  | Extract<InboundContent, { kind: 'location' }>
  | Extract<InboundContent, { kind: 'contacts' }>;

/** The file a reply-buttons header carries: the message's own media row. */
export type HeaderFile = { id: string; kind: 'image' | 'video' | 'document'; filename: string | null };

/**
 * The message's stored type, body (what a person reads) and content, with the server's button/row
 * ids; `headerFile` is the media row of a reply-buttons file header.
 */
export function richContentFor(
  input: SendRich,
  headerFile: HeaderFile | null = null,
): { type: string; body: string; content: RichContent } {
  // A short token per message keeps ids distinct across messages; the index keeps them stable in it.
  const token = randomUUID().slice(0, 8);
  const header = input.type !== 'location' && input.type !== 'contacts' && input.header;
  const common = {
    header: headerFile
      ? { type: headerFile.kind, mediaId: headerFile.id, filename: headerFile.filename }
      : header
        ? { type: 'text' as const, text: header }
        : null,
    footer: (input.type !== 'location' && input.type !== 'contacts' && input.footer) || null,
  };
  switch (input.type) {
    case 'buttons':
      return {
        type: 'interactive',
        body: input.body,
        content: {
          kind: 'buttons',
          ...common,
          body: input.body,
          buttons: input.buttons.map((b, i) => ({ id: `${token}-b${i + 1}`, title: b.title })),
        },
      };
    case 'list': {
      let row = 0;
      return {
        type: 'interactive',
        body: input.body,
        content: {
          kind: 'list',
          ...common,
          body: input.body,
          button: input.button,
          sections: input.sections.map((s) => ({
            title: s.title ?? null,
            rows: s.rows.map((r) => ({
              id: `${token}-r${++row}`,
              title: r.title,
              description: r.description ?? null,
            })),
          })),
        },
      };
    }
    case 'cta_url':
      return {
        type: 'interactive',
        body: input.body,
        content: {
          kind: 'cta_url',
          ...common,
          body: input.body,
          displayText: input.displayText,
          url: input.url,
        },
      };
    case 'location':
      return {
        type: 'location',
        body: '',
        content: {
          kind: 'location',
          latitude: input.latitude,
          longitude: input.longitude,
          name: input.name ?? null,
          address: input.address ?? null,
          url: null,
        },
      };
    case 'contacts':
      return {
        type: 'contacts',
        body: '',
        content: {
          kind: 'contacts',
          cards: input.cards.map((card) => {
            const [first = card.name, ...rest] = card.name.split(/\s+/);
            return {
              formattedName: card.name,
              firstName: first,
              lastName: rest.length > 0 ? rest.join(' ') : null,
              phones: card.phones.map((p) => ({
                phone: p.phone,
                waId: p.waId ?? null,
                type: p.type ?? null,
              })),
              emails: (card.emails ?? []).map((e) => ({ email: e.email, type: e.type ?? null })),
              org:
                card.org?.company || card.org?.title
                  ? { company: card.org.company ?? null, department: null, title: card.org.title ?? null }
                  : null,
              urls: [],
              addresses: [],
              birthday: null,
            };
          }),
        },
      };
  }
}

/** Meta's header: the text, or the file by the id Meta gave it (a document keeps its name). */
function headerObject(
  header: OutgoingInteractiveContent['header'],
  file: ProviderFile | null,
): InteractiveObject['header'] {
  if (!header) return undefined;
  if (header.type === 'text') return { type: 'text', text: header.text };
  if (!file) throw new Error('an interactive file header needs its uploaded media id');
  if (header.type === 'image') return { type: 'image', image: { id: file.id } };
  if (header.type === 'video') return { type: 'video', video: { id: file.id } };
  const filename = file.filename ?? header.filename;
  return { type: 'document', document: { id: file.id, ...(filename ? { filename } : {}) } };
}

function interactiveObject(
  content: OutgoingInteractiveContent,
  file: ProviderFile | null,
): InteractiveObject {
  const header = headerObject(content.header, file);
  const common = {
    ...(header ? { header } : {}),
    body: { text: content.body },
    ...(content.footer ? { footer: { text: content.footer } } : {}),
  };
  switch (content.kind) {
    case 'buttons':
      return {
        ...common,
        type: 'button',
        action: {
          buttons: content.buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })),
        },
      };
    case 'list':
      return {
        ...common,
        type: 'list',
        action: {
          button: content.button,
          sections: content.sections.map((s) => ({
            ...(s.title ? { title: s.title } : {}),
            rows: s.rows.map((r) => ({
              id: r.id,
              title: r.title,
              ...(r.description ? { description: r.description } : {}),
            })),
          })),
        },
      };
    case 'cta_url':
      return {
        ...common,
        type: 'cta_url',
        action: { name: 'cta_url', parameters: { display_text: content.displayText, url: content.url } },
      };
  }
}

function contactObjects(content: Extract<RichContent, { kind: 'contacts' }>): ContactObject[] {
  return content.cards.map((card) => ({
    name: {
      formatted_name: card.formattedName,
      first_name: card.firstName ?? card.formattedName,
      ...(card.lastName ? { last_name: card.lastName } : {}),
    },
    ...(card.phones.length > 0
      ? {
          phones: card.phones.map((p) => ({
            phone: p.phone,
            ...(p.type ? { type: p.type } : {}),
            ...(p.waId ? { wa_id: p.waId } : {}),
          })),
        }
      : {}),
    ...(card.emails.length > 0
      ? { emails: card.emails.map((e) => ({ email: e.email, ...(e.type ? { type: e.type } : {}) })) }
      : {}),
    ...(card.org?.company || card.org?.title
      ? {
          org: {
            ...(card.org.company ? { company: card.org.company } : {}),
            ...(card.org.title ? { title: card.org.title } : {}),
          },
        }
      : {}),
  }));
}

export function isRichContent(content: { kind: string }): content is RichContent {
  return ['buttons', 'list', 'cta_url', 'location', 'contacts'].includes(content.kind);
}

/** A file uploaded to Meta: its media id there and the name a document shows. */
export type ProviderFile = { id: string; filename: string | null };

/** Meta's send body for a stored rich message; `file` is the uploaded header file of reply buttons. */
export function buildRichOutbound(
  content: RichContent,
  to: string,
  options: SendOptions,
  file: ProviderFile | null = null,
): OutboundMessage {
  if (content.kind === 'location') {
    return buildLocationMessage(
      to,
      {
        latitude: content.latitude ?? 0,
        longitude: content.longitude ?? 0,
        name: content.name,
        address: content.address,
      },
      options,
    );
  }
  if (content.kind === 'contacts') return buildContactsMessage(to, contactObjects(content), options);
  return buildInteractiveMessage(to, interactiveObject(content, file), options);
}
