import { previewFor, readableText } from './message-preview';
import type {
  ContactCard,
  InboundContact,
  InboundContent,
  InboundMedia,
  InboundMessageEvent,
  InboundMessageType,
  InteractiveReply,
  MessageContext,
  MetaError,
  OrderItem,
  Referral,
  WebhookSource,
} from './types';
import {
  arrayOf,
  booleanOrNull,
  dateFromUnixSeconds,
  isRecord,
  type JsonRecord,
  nonEmptyOrNull,
  numberOrNull,
  recordOf,
  stringOrNull,
} from './wire-guards';

const KNOWN_TYPES: ReadonlySet<string> = new Set<InboundMessageType>([
  'text',
  'image',
  'video',
  'document',
  'audio',
  'sticker',
  'location',
  'contacts',
  'interactive',
  'button',
  'reaction',
  'order',
  'system',
  'unsupported',
  'unknown',
]);

/** Reads one error object of any level (message, status, value) into a MetaError. */
export function readMetaError(raw: unknown): MetaError {
  const error = recordOf(raw);
  const message = stringOrNull(error.message) ?? '';
  const title = stringOrNull(error.title) ?? message;
  return {
    code: numberOrNull(error.code),
    title,
    message: message || title,
    details: stringOrNull(recordOf(error.error_data).details) ?? '',
    href: nonEmptyOrNull(error.href),
  };
}

/** Reads an `errors` array, skipping entries that are not objects. */
export function readMetaErrors(raw: unknown): MetaError[] {
  return arrayOf(raw).filter(isRecord).map(readMetaError);
}

function readMedia(raw: unknown): InboundMedia {
  const media = recordOf(raw);
  return {
    id: stringOrNull(media.id) ?? '',
    mimeType: nonEmptyOrNull(media.mime_type),
    sha256: nonEmptyOrNull(media.sha256),
    caption: nonEmptyOrNull(media.caption),
    filename: nonEmptyOrNull(media.filename),
    url: nonEmptyOrNull(media.url),
  };
}

function readContactCard(raw: unknown): ContactCard {
  const card = recordOf(raw);
  const name = recordOf(card.name);
  const firstName = nonEmptyOrNull(name.first_name);
  const lastName = nonEmptyOrNull(name.last_name);
  const orgRaw = isRecord(card.org) ? card.org : null;
  const phones = arrayOf(card.phones)
    .filter(isRecord)
    .map((p) => ({
      phone: stringOrNull(p.phone) ?? '',
      waId: nonEmptyOrNull(p.wa_id),
      type: nonEmptyOrNull(p.type),
    }))
    .filter((p) => p.phone !== '' || p.waId !== null);
  return {
    formattedName:
      nonEmptyOrNull(name.formatted_name) ??
      ([firstName, lastName].filter(Boolean).join(' ') || phones[0]?.phone || ''),
    firstName,
    lastName,
    phones,
    emails: arrayOf(card.emails)
      .filter(isRecord)
      .map((e) => ({ email: stringOrNull(e.email) ?? '', type: nonEmptyOrNull(e.type) }))
      .filter((e) => e.email !== ''),
    org: orgRaw
      ? {
          company: nonEmptyOrNull(orgRaw.company),
          department: nonEmptyOrNull(orgRaw.department),
          title: nonEmptyOrNull(orgRaw.title),
        }
      : null,
    urls: arrayOf(card.urls)
      .filter(isRecord)
      .map((u) => ({ url: stringOrNull(u.url) ?? '', type: nonEmptyOrNull(u.type) }))
      .filter((u) => u.url !== ''),
    addresses: arrayOf(card.addresses)
      .filter(isRecord)
      .map((a) => ({
        street: nonEmptyOrNull(a.street),
        city: nonEmptyOrNull(a.city),
        state: nonEmptyOrNull(a.state),
        zip: nonEmptyOrNull(a.zip),
        country: nonEmptyOrNull(a.country),
        countryCode: nonEmptyOrNull(a.country_code),
        type: nonEmptyOrNull(a.type),
      })),
    birthday: nonEmptyOrNull(card.birthday),
  };
}

function parseJsonSafely(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function readInteractive(raw: unknown): InteractiveReply {
  const interactive = recordOf(raw);
  const type = stringOrNull(interactive.type);
  if (type === 'button_reply' && isRecord(interactive.button_reply)) {
    const reply = interactive.button_reply;
    return { type, id: stringOrNull(reply.id) ?? '', title: stringOrNull(reply.title) ?? '' };
  }
  if (type === 'list_reply' && isRecord(interactive.list_reply)) {
    const reply = interactive.list_reply;
    return {
      type,
      id: stringOrNull(reply.id) ?? '',
      title: stringOrNull(reply.title) ?? '',
      description: nonEmptyOrNull(reply.description),
    };
  }
  if (type === 'nfm_reply' && isRecord(interactive.nfm_reply)) {
    const reply = interactive.nfm_reply;
    const responseJsonRaw = stringOrNull(reply.response_json);
    return {
      type,
      name: nonEmptyOrNull(reply.name),
      body: nonEmptyOrNull(reply.body),
      responseJson: parseJsonSafely(responseJsonRaw),
      responseJsonRaw,
    };
  }
  return { type: 'unknown', rawType: type };
}

function readOrderItems(raw: unknown): OrderItem[] {
  return arrayOf(raw)
    .filter(isRecord)
    .map((item) => ({
      productRetailerId: stringOrNull(item.product_retailer_id) ?? '',
      quantity: numberOrNull(item.quantity) ?? 1,
      itemPrice: numberOrNull(item.item_price),
      currency: nonEmptyOrNull(item.currency),
    }));
}

function readContent(type: InboundMessageType, wireType: string, message: JsonRecord): InboundContent {
  const payload = message[type];
  switch (type) {
    case 'text':
      return { kind: 'text', body: stringOrNull(recordOf(payload).body) ?? '' };
    case 'image':
    case 'video':
    case 'document':
      return { kind: type, media: readMedia(payload) };
    case 'audio':
      return {
        kind: 'audio',
        media: readMedia(payload),
        isVoice: booleanOrNull(recordOf(payload).voice) ?? false,
      };
    case 'sticker':
      return {
        kind: 'sticker',
        media: readMedia(payload),
        isAnimated: booleanOrNull(recordOf(payload).animated) ?? false,
      };
    case 'location': {
      const location = recordOf(payload);
      return {
        kind: 'location',
        latitude: numberOrNull(location.latitude),
        longitude: numberOrNull(location.longitude),
        name: nonEmptyOrNull(location.name),
        address: nonEmptyOrNull(location.address),
        url: nonEmptyOrNull(location.url),
      };
    }
    case 'contacts':
      return { kind: 'contacts', cards: arrayOf(payload).filter(isRecord).map(readContactCard) };
    case 'interactive':
      return { kind: 'interactive', reply: readInteractive(payload) };
    case 'button': {
      const button = recordOf(payload);
      return {
        kind: 'button',
        payload: stringOrNull(button.payload) ?? '',
        text: stringOrNull(button.text) ?? '',
      };
    }
    case 'reaction': {
      const reaction = recordOf(payload);
      // Removal arrives either as "emoji": "" or with no emoji key at all; both mean "no reaction now".
      return {
        kind: 'reaction',
        targetExternalId: stringOrNull(reaction.message_id) ?? '',
        emoji: nonEmptyOrNull(reaction.emoji),
      };
    }
    case 'order': {
      const order = recordOf(payload);
      return {
        kind: 'order',
        catalogId: nonEmptyOrNull(order.catalog_id),
        text: stringOrNull(order.text) ?? '',
        items: readOrderItems(order.product_items),
      };
    }
    case 'system': {
      const system = recordOf(payload);
      return {
        kind: 'system',
        systemType: nonEmptyOrNull(system.type),
        body: stringOrNull(system.body) ?? '',
        newWaId: nonEmptyOrNull(system.wa_id) ?? nonEmptyOrNull(system.new_wa_id),
        customer: nonEmptyOrNull(system.customer),
        userId: nonEmptyOrNull(system.user_id),
        previousUserId: nonEmptyOrNull(system.previous_user_id),
        identityHash: nonEmptyOrNull(system.identity) ?? nonEmptyOrNull(recordOf(message.identity).hash),
      };
    }
    case 'unsupported':
    case 'unknown':
      return {
        kind: 'unsupported',
        unsupportedType:
          nonEmptyOrNull(recordOf(message.unsupported).type) ??
          (type === 'unknown' ? wireTypeOrNull(wireType) : null),
        errors: readMetaErrors(message.errors),
      };
  }
}

function wireTypeOrNull(wireType: string): string | null {
  return wireType === '' || wireType === 'unknown' ? null : wireType;
}

function readContext(raw: unknown): MessageContext | null {
  if (!isRecord(raw)) return null;
  const product = isRecord(raw.referred_product) ? raw.referred_product : null;
  return {
    replyToExternalId: nonEmptyOrNull(raw.id),
    from: nonEmptyOrNull(raw.from),
    isForwarded: raw.forwarded === true,
    isFrequentlyForwarded: raw.frequently_forwarded === true,
    referredProduct: product
      ? {
          catalogId: stringOrNull(product.catalog_id) ?? '',
          productRetailerId: stringOrNull(product.product_retailer_id) ?? '',
        }
      : null,
  };
}

function readReferral(raw: unknown): Referral | null {
  if (!isRecord(raw)) return null;
  return {
    sourceUrl: nonEmptyOrNull(raw.source_url),
    sourceId: nonEmptyOrNull(raw.source_id),
    sourceType: nonEmptyOrNull(raw.source_type),
    body: nonEmptyOrNull(raw.body),
    headline: nonEmptyOrNull(raw.headline),
    mediaType: nonEmptyOrNull(raw.media_type),
    imageUrl: nonEmptyOrNull(raw.image_url),
    videoUrl: nonEmptyOrNull(raw.video_url),
    thumbnailUrl: nonEmptyOrNull(raw.thumbnail_url),
    ctwaClid: nonEmptyOrNull(raw.ctwa_clid),
    welcomeMessageText: nonEmptyOrNull(recordOf(raw.welcome_message).text),
  };
}

function readContact(rawContacts: unknown, from: string | null): InboundContact | null {
  const contacts = arrayOf(rawContacts).filter(isRecord);
  // Match the sender by wa_id; a lone contact is the sender even when wa_id differs from `from` (BSUID era).
  const match =
    contacts.find((c) => from !== null && stringOrNull(c.wa_id) === from) ??
    (contacts.length === 1 ? contacts[0] : undefined);
  if (!match) return null;
  return {
    waId: stringOrNull(match.wa_id) ?? from ?? '',
    profileName: stringOrNull(recordOf(match.profile).name) ?? '',
    userId: nonEmptyOrNull(match.user_id),
    parentUserId: nonEmptyOrNull(match.parent_user_id),
    identityKeyHash: nonEmptyOrNull(match.identity_key_hash),
  };
}

export type InboundReadResult = { ok: true; event: InboundMessageEvent } | { ok: false; reason: string };

/** Normalizes one `value.messages[]` item; returns a reason instead of an event when it has no usable id. */
export function readInboundMessage(
  raw: unknown,
  source: WebhookSource,
  rawContacts: unknown,
  fallbackTime: Date,
): InboundReadResult {
  if (!isRecord(raw)) return { ok: false, reason: 'message is not an object' };

  const externalId = nonEmptyOrNull(raw.id);
  if (externalId === null) return { ok: false, reason: 'message has no id' };

  const wireType = stringOrNull(raw.type) ?? '';
  const type: InboundMessageType = KNOWN_TYPES.has(wireType) ? (wireType as InboundMessageType) : 'unknown';
  const from = nonEmptyOrNull(raw.from);
  const rawTimestamp = stringOrNull(raw.timestamp) ?? '';
  const content = readContent(type, wireType, raw);

  const dedupeKey =
    content.kind === 'reaction'
      ? // Meta may reuse one wamid for a reaction and its removal; the emoji and time tell them apart.
        `${externalId}:reaction:${rawTimestamp}:${content.emoji ?? ''}`
      : externalId;

  return {
    ok: true,
    event: {
      kind: 'message.inbound',
      ...source,
      externalId,
      dedupeKey,
      from,
      contact: readContact(rawContacts, from),
      timestamp: dateFromUnixSeconds(raw.timestamp) ?? fallbackTime,
      type,
      wireType,
      text: readableText(content),
      preview: previewFor(content),
      content,
      context: readContext(raw.context),
      referral: readReferral(raw.referral),
      errors: readMetaErrors(raw.errors),
    },
  };
}
