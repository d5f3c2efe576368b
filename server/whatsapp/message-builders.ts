/**
 * Request bodies for `POST /{phone_number_id}/messages`, exactly as the Cloud API expects them
 * (`shared/docs/whatsapp-cloud-api.md` §2). Media is always referenced by an uploaded media id, never by link.
 */

export type TemplateParameter =
  | { type: 'text'; text: string; parameter_name?: string }
  | {
      type: 'currency';
      currency: { fallback_value: string; code: string; amount_1000: number };
      parameter_name?: string;
    }
  | { type: 'date_time'; date_time: { fallback_value: string }; parameter_name?: string }
  | { type: 'image'; image: { id: string } }
  | { type: 'video'; video: { id: string } }
  | { type: 'document'; document: { id: string; filename?: string } }
  | { type: 'payload'; payload: string };

export type TemplateSendComponent =
  | { type: 'header' | 'body'; parameters: TemplateParameter[] }
  | {
      type: 'button';
      sub_type: 'quick_reply' | 'url' | 'copy_code' | 'flow';
      index: string;
      parameters: TemplateParameter[];
    };

type MessageEnvelope = {
  messaging_product: 'whatsapp';
  recipient_type: 'individual';
  to: string;
  context?: { message_id: string };
  biz_opaque_callback_data?: string;
};

export type OutboundMessage = MessageEnvelope &
  (
    | { type: 'text'; text: { body: string; preview_url: boolean } }
    | {
        type: 'template';
        template: { name: string; language: { code: string }; components?: TemplateSendComponent[] };
      }
    | { type: 'image'; image: { id: string; caption?: string } }
    | { type: 'video'; video: { id: string; caption?: string } }
    | { type: 'document'; document: { id: string; filename?: string; caption?: string } }
    | { type: 'audio'; audio: { id: string; voice?: boolean } }
    | { type: 'sticker'; sticker: { id: string } }
    | { type: 'reaction'; reaction: { message_id: string; emoji: string } }
    | { type: 'interactive'; interactive: InteractiveObject }
    | {
        type: 'location';
        location: { latitude: number; longitude: number; name?: string; address?: string };
      }
    | { type: 'contacts'; contacts: ContactObject[] }
  );

type InteractiveCommon = {
  /** A text, or (reply buttons only) a file by its uploaded media id. */
  header?:
    | { type: 'text'; text: string }
    | { type: 'image'; image: { id: string } }
    | { type: 'video'; video: { id: string } }
    | { type: 'document'; document: { id: string; filename?: string } };
  body: { text: string };
  footer?: { text: string };
};

/** `interactive` of a send: reply buttons, a list or a link button (doc §2, limits §9). */
export type InteractiveObject = InteractiveCommon &
  (
    | { type: 'button'; action: { buttons: { type: 'reply'; reply: { id: string; title: string } }[] } }
    | {
        type: 'list';
        action: {
          button: string;
          sections: {
            title?: string;
            rows: { id: string; title: string; description?: string }[];
          }[];
        };
      }
    | {
        type: 'cta_url';
        action: { name: 'cta_url'; parameters: { display_text: string; url: string } };
      }
  );

/** A contact card as Meta takes it (only the parts we send). */
export type ContactObject = {
  name: { formatted_name: string; first_name?: string; last_name?: string };
  phones?: { phone: string; type?: string; wa_id?: string }[];
  emails?: { email: string; type?: string }[];
  org?: { company?: string; title?: string };
};

export type OutboundMessageType = OutboundMessage['type'];

export type ReadReceipt = {
  messaging_product: 'whatsapp';
  status: 'read';
  message_id: string;
  typing_indicator?: { type: 'text' };
};

export type SendOptions = {
  /** Quote a previous message: its wamid goes into context.message_id. */
  replyToExternalId?: string;
  /** Echoed back by Meta in this message's status webhooks. */
  bizOpaqueCallbackData?: string;
};

/** Normalizes a recipient for Meta: trims it and removes one leading '+' (spec §7). */
export function normalizeRecipient(to: string): string {
  const trimmed = to.trim();
  return trimmed.startsWith('+') ? trimmed.slice(1) : trimmed;
}

function envelope(to: string, options: SendOptions): MessageEnvelope {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: normalizeRecipient(to),
    ...(options.replyToExternalId ? { context: { message_id: options.replyToExternalId } } : {}),
    ...(options.bizOpaqueCallbackData ? { biz_opaque_callback_data: options.bizOpaqueCallbackData } : {}),
  };
}

function withCaption(caption: string | undefined): { caption?: string } {
  return caption ? { caption } : {};
}

/** A text message; link previews stay off, as the product sends them. */
export function buildTextMessage(to: string, body: string, options: SendOptions = {}): OutboundMessage {
  return { ...envelope(to, options), type: 'text', text: { preview_url: false, body } };
}

/** A template message; components are omitted when the template has no parameters. */
export function buildTemplateMessage(
  to: string,
  template: { name: string; languageCode?: string; components?: TemplateSendComponent[] },
  options: SendOptions = {},
): OutboundMessage {
  return {
    ...envelope(to, options),
    type: 'template',
    template: {
      name: template.name,
      language: { code: template.languageCode ?? 'en_US' },
      ...(template.components && template.components.length > 0 ? { components: template.components } : {}),
    },
  };
}

/** An image by uploaded media id, with an optional caption. */
export function buildImageMessage(
  to: string,
  media: { mediaId: string; caption?: string },
  options: SendOptions = {},
): OutboundMessage {
  return {
    ...envelope(to, options),
    type: 'image',
    image: { id: media.mediaId, ...withCaption(media.caption) },
  };
}

/** A video by uploaded media id, with an optional caption. */
export function buildVideoMessage(
  to: string,
  media: { mediaId: string; caption?: string },
  options: SendOptions = {},
): OutboundMessage {
  return {
    ...envelope(to, options),
    type: 'video',
    video: { id: media.mediaId, ...withCaption(media.caption) },
  };
}

/** A document by uploaded media id, with its file name and an optional caption. */
export function buildDocumentMessage(
  to: string,
  media: { mediaId: string; filename?: string; caption?: string },
  options: SendOptions = {},
): OutboundMessage {
  return {
    ...envelope(to, options),
    type: 'document',
    document: {
      id: media.mediaId,
      ...(media.filename ? { filename: media.filename } : {}),
      ...withCaption(media.caption),
    },
  };
}

/**
 * An audio file, or with `voice` a voice note (the file must be OGG/Opus; the phone shows a voice
 * message with a mic, not a file), by uploaded media id. Audio takes no caption.
 */
export function buildAudioMessage(
  to: string,
  media: { mediaId: string; voice?: boolean },
  options: SendOptions = {},
): OutboundMessage {
  const audio = { id: media.mediaId, ...(media.voice ? { voice: true } : {}) };
  return { ...envelope(to, options), type: 'audio', audio };
}

/** A sticker by uploaded media id (webp). */
export function buildStickerMessage(
  to: string,
  media: { mediaId: string },
  options: SendOptions = {},
): OutboundMessage {
  return { ...envelope(to, options), type: 'sticker', sticker: { id: media.mediaId } };
}

/** A reaction to a message; an empty emoji removes the business's earlier reaction. */
export function buildReactionMessage(
  to: string,
  reaction: { targetExternalId: string; emoji: string },
  options: Pick<SendOptions, 'bizOpaqueCallbackData'> = {},
): OutboundMessage {
  return {
    ...envelope(to, options),
    type: 'reaction',
    reaction: { message_id: reaction.targetExternalId, emoji: reaction.emoji },
  };
}

/** An interactive message (reply buttons, a list or a link button) as Meta takes it. */
export function buildInteractiveMessage(
  to: string,
  interactive: InteractiveObject,
  options: SendOptions = {},
): OutboundMessage {
  return { ...envelope(to, options), type: 'interactive', interactive };
}

/** A location pin; name and address are left out when empty. */
export function buildLocationMessage(
  to: string,
  location: { latitude: number; longitude: number; name?: string | null; address?: string | null },
  options: SendOptions = {},
): OutboundMessage {
  return {
    ...envelope(to, options),
    type: 'location',
    location: {
      latitude: location.latitude,
      longitude: location.longitude,
      ...(location.name ? { name: location.name } : {}),
      ...(location.address ? { address: location.address } : {}),
    },
  };
}

/** One or more contact cards. */
export function buildContactsMessage(
  to: string,
  contacts: ContactObject[],
  options: SendOptions = {},
): OutboundMessage {
  return { ...envelope(to, options), type: 'contacts', contacts };
}

/** The mark-as-read body (also marks earlier messages of the thread read), optionally showing "typing…". */
export function buildReadReceipt(messageId: string, options: { showTyping?: boolean } = {}): ReadReceipt {
  return {
    messaging_product: 'whatsapp',
    status: 'read',
    message_id: messageId,
    ...(options.showTyping ? { typing_indicator: { type: 'text' as const } } : {}),
  };
}
