import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { isOggOpus } from '../../media/ogg-opus';
import type { SandboxPhoneNumber } from '../state/accounts';
import { baseMime, canSendAs, findMediaInfo, type MediaInfo, mediaHead } from '../state/media';
import type { MessagePayload } from '../state/messages';
import { findTemplate } from '../state/templates';
import { type RenderedTemplate, renderTemplate, type sendComponentSchema } from '../templates/render';
import { graphErrors } from './errors';
import { SEND_TEXTS, sendErrors } from './send-errors';
import type { MediaSendType, SendMessageBody } from './send-schemas';
import {
  checkContacts,
  checkInteractive,
  checkLocation,
  type MediaSource,
  mediaSource,
} from './validate-send';

/**
 * What a send stores: the message's type and payload, its pricing category, and, for media sent by
 * `link`, the file still to fetch (the send answers at once; `link-fetch.job.ts` fetches it).
 */
export type PendingLink = {
  kind: MediaSendType;
  link: string;
  /** Where the fetched file goes: the message's own media, or a template/interactive header. */
  target: 'message' | 'templateHeader' | 'interactiveHeader';
  voice?: boolean;
};

export type Content = {
  type: string;
  payload: MessagePayload;
  category: string;
  free: boolean;
  pendingLink: PendingLink | null;
};

const service = (type: string, payload: MessagePayload, pendingLink: PendingLink | null = null): Content => ({
  type,
  payload,
  category: 'service',
  free: true,
  pendingLink,
});

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
 * A template's image/video/document header: the `header` parameter names a file uploaded to this
 * number, or a link fetched after the send is accepted.
 */
async function withHeaderMedia(
  db: Executor,
  phone: SandboxPhoneNumber,
  rendered: RenderedTemplate,
  components: z.infer<typeof sendComponentSchema>[],
): Promise<{ rendered: RenderedTemplate; pendingLink: PendingLink | null }> {
  const header = rendered.header;
  if (!header || header.kind === 'text') return { rendered, pendingLink: null };
  const parameter = (components.find((c) => c.type.toLowerCase() === 'header')?.parameters ?? []).find(
    (p) => p.type === header.kind,
  );
  const object = (parameter?.[header.kind] ?? {}) as { id?: string; link?: string; filename?: string };
  const source = mediaSource(object, `header ${header.kind}`);
  const filename = header.kind === 'document' ? (object.filename ?? null) : null;
  if (source.link !== undefined) {
    return {
      rendered: { ...rendered, header: { kind: header.kind, mediaId: null, filename } },
      pendingLink: { kind: header.kind, link: source.link, target: 'templateHeader' },
    };
  }
  const media = await uploadedMedia(db, phone, header.kind, source.id);
  return {
    rendered: {
      ...rendered,
      header: {
        kind: header.kind,
        mediaId: media.id,
        mimeType: media.mimeType,
        filename: header.kind === 'document' ? (filename ?? media.filename ?? 'document') : null,
      },
    },
    pendingLink: null,
  };
}

type MediaObject = { id?: string; link?: string; caption?: string; filename?: string; voice?: boolean };

async function mediaContent(
  db: Executor,
  phone: SandboxPhoneNumber,
  type: MediaSendType,
  object: MediaObject,
): Promise<Content> {
  const source: MediaSource = mediaSource(object as Record<string, unknown>, type);
  const withCaption = type === 'image' || type === 'video' || type === 'document';
  const voice = type === 'audio' && object.voice === true;
  const extras = {
    ...(withCaption && object.caption ? { caption: object.caption } : {}),
    ...(voice ? { voice: true } : {}),
  };
  if (source.link !== undefined) {
    // Filled in by the link fetch; until then the message waits (Meta answers 200 at once too).
    const ref = {
      id: '',
      mime_type: '',
      sha256: '',
      ...extras,
      ...(type === 'document' ? { filename: object.filename ?? 'document' } : {}),
    };
    return service(type, { [type]: ref }, { kind: type, link: source.link, target: 'message', voice });
  }
  const media = await uploadedMedia(db, phone, type, source.id);
  if (voice && baseMime(media.mimeType) !== 'audio/ogg')
    throw sendErrors.media(SEND_TEXTS.voiceNotOgg(media.mimeType));
  // Meta plays a voice note only from Opus: the bytes, not the declared type, must say so.
  if (voice && !isOggOpus(await mediaHead(db, media.id))) throw sendErrors.media(SEND_TEXTS.voiceNotOpus);
  return service(type, {
    [type]: {
      id: media.id,
      mime_type: media.mimeType,
      sha256: media.sha256,
      ...extras,
      ...(type === 'document' ? { filename: object.filename ?? media.filename ?? 'document' } : {}),
    },
  });
}

async function interactiveContent(db: Executor, phone: SandboxPhoneNumber, raw: unknown): Promise<Content> {
  const { content, headerMedia } = checkInteractive(raw);
  if (!headerMedia) return service('interactive', { interactive: content });
  if (headerMedia.source.link !== undefined) {
    return service(
      'interactive',
      { interactive: content },
      { kind: headerMedia.kind, link: headerMedia.source.link, target: 'interactiveHeader' },
    );
  }
  const media = await uploadedMedia(db, phone, headerMedia.kind, headerMedia.source.id);
  const header = {
    type: headerMedia.kind,
    mediaId: media.id,
    mimeType: media.mimeType,
    filename: headerMedia.kind === 'document' ? (headerMedia.filename ?? media.filename ?? 'document') : null,
  };
  return service('interactive', { interactive: { ...content, header } });
}

/** The stored form of a send, after every check Meta makes before answering. */
export async function contentOf(
  db: Executor,
  phone: SandboxPhoneNumber,
  message: SendMessageBody,
  windowOpen: boolean,
): Promise<Content> {
  switch (message.type) {
    case 'text':
      return service('text', { text: { body: message.text.body } });
    case 'location':
      checkLocation(message.location);
      return service('location', { location: message.location });
    case 'contacts':
      return service('contacts', { contacts: checkContacts(message.contacts) });
    case 'interactive':
      return interactiveContent(db, phone, message.interactive);
    case 'reaction':
      return service('reaction', {
        reaction: { message_id: message.reaction.message_id, emoji: message.reaction.emoji },
      });
    case 'template': {
      const { name, language, components } = message.template;
      const template = await findTemplate(db, phone.wabaId, name, language.code);
      if (template?.status !== 'APPROVED') throw graphErrors.templateMissing(name, language.code);
      const { rendered, pendingLink } = await withHeaderMedia(
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
        pendingLink,
      };
    }
    default: {
      const object = (message as unknown as Record<string, MediaObject>)[message.type]!;
      return mediaContent(db, phone, message.type, object);
    }
  }
}
