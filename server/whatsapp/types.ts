/**
 * Types for the WhatsApp Cloud API webhook: the wire shapes Meta sends (`Wire*`, snake_case, as in
 * `shared/docs/whatsapp-cloud-api.md` §1) and the normalized events the parser turns them into.
 * The wire types describe well-formed deliveries; the parser never trusts them and checks every field.
 */

import type {
  ContactCard,
  InboundContent,
  InboundMedia,
  InteractiveReply,
  MetaError,
  OrderItem,
  OutgoingInteractiveContent,
} from '@common/message-content';

export type {
  ContactCard,
  InboundContent,
  InboundMedia,
  InteractiveReply,
  MetaError,
  OrderItem,
  OutgoingInteractiveContent,
};

// ---------------------------------------------------------------------------------------------------------------
// Wire shapes (what arrives in POST /webhooks/whatsapp)
// ---------------------------------------------------------------------------------------------------------------

export type WireError = {
  code: number;
  title?: string;
  message?: string;
  error_data?: { details?: string; messaging_product?: string };
  href?: string;
};

export type WireMedia = {
  id: string;
  mime_type?: string;
  sha256?: string;
  caption?: string;
  filename?: string;
  url?: string;
  voice?: boolean;
  animated?: boolean;
};

export type WireContext = {
  from?: string;
  id?: string;
  forwarded?: boolean;
  frequently_forwarded?: boolean;
  referred_product?: { catalog_id?: string; product_retailer_id?: string };
};

export type WireReferral = {
  source_url?: string;
  source_id?: string;
  source_type?: string;
  body?: string;
  headline?: string;
  media_type?: string;
  image_url?: string;
  video_url?: string;
  thumbnail_url?: string;
  ctwa_clid?: string;
  welcome_message?: { text?: string };
};

export type WireContactCard = {
  name?: {
    formatted_name?: string;
    first_name?: string;
    last_name?: string;
    middle_name?: string;
    suffix?: string;
    prefix?: string;
  };
  phones?: { phone?: string; wa_id?: string; type?: string }[];
  emails?: { email?: string; type?: string }[];
  addresses?: {
    street?: string;
    city?: string;
    state?: string;
    zip?: string;
    country?: string;
    country_code?: string;
    type?: string;
  }[];
  org?: { company?: string; department?: string; title?: string };
  urls?: { url?: string; type?: string }[];
  birthday?: string;
};

export type WireInboundMessage = {
  from?: string;
  id: string;
  timestamp: string;
  type: string;
  context?: WireContext;
  referral?: WireReferral;
  errors?: WireError[];
  identity?: { acknowledged?: boolean; created_timestamp?: number | string; hash?: string };
  text?: { body: string };
  image?: WireMedia;
  video?: WireMedia;
  document?: WireMedia;
  audio?: WireMedia;
  sticker?: WireMedia;
  location?: { latitude: number; longitude: number; name?: string; address?: string; url?: string };
  contacts?: WireContactCard[];
  interactive?: {
    type: string;
    button_reply?: { id: string; title: string };
    list_reply?: { id: string; title: string; description?: string };
    nfm_reply?: { name?: string; body?: string; response_json?: string };
  };
  button?: { payload?: string; text?: string };
  reaction?: { message_id: string; emoji?: string };
  order?: {
    catalog_id?: string;
    text?: string;
    product_items?: {
      product_retailer_id?: string;
      quantity?: number;
      item_price?: number;
      currency?: string;
    }[];
  };
  system?: {
    body?: string;
    type?: string;
    wa_id?: string;
    new_wa_id?: string;
    customer?: string;
    identity?: string;
    user_id?: string;
    previous_user_id?: string;
  };
  unsupported?: { type?: string };
};

export type WireStatus = {
  id: string;
  status: string;
  timestamp: string;
  recipient_id?: string;
  recipient_type?: string;
  recipient_participant_id?: string;
  recipient_identity_key_hash?: string;
  biz_opaque_callback_data?: string;
  conversation?: { id?: string; expiration_timestamp?: string; origin?: { type?: string } };
  pricing?: { billable?: boolean; pricing_model?: string; type?: string; category?: string };
  errors?: WireError[];
};

export type WireMessagesValue = {
  messaging_product: 'whatsapp';
  metadata: { display_phone_number: string; phone_number_id: string };
  contacts?: {
    profile?: { name?: string };
    wa_id: string;
    user_id?: string;
    parent_user_id?: string;
    identity_key_hash?: string;
  }[];
  messages?: WireInboundMessage[];
  statuses?: WireStatus[];
  errors?: WireError[];
};

export type WireTemplateStatusValue = {
  event: string;
  message_template_id: number | string;
  message_template_name?: string;
  message_template_language?: string;
  message_template_category?: string;
  reason?: string | null;
  disable_info?: { disable_date?: number | string };
  other_info?: { title?: string; description?: string };
  rejection_info?: { reason?: string; recommendation?: string };
};

export type WireChange =
  | { field: 'messages'; value: WireMessagesValue }
  | { field: 'message_template_status_update'; value: WireTemplateStatusValue }
  | { field: string; value: Record<string, unknown> };

export type WireWebhookBody = {
  object: 'whatsapp_business_account' | (string & {});
  entry: { id: string; time?: number; changes: WireChange[] }[];
};

// ---------------------------------------------------------------------------------------------------------------
// Normalized events (what parseWebhook returns)
// ---------------------------------------------------------------------------------------------------------------

/** Where an event came from: the WABA (entry.id) and the business number (value.metadata). */
export type WebhookSource = {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
};

export type InboundContact = {
  waId: string;
  /** Meta's profile name exactly as sent; '' stays '' (the UI shows 'Unknown'). */
  profileName: string;
  userId: string | null;
  parentUserId: string | null;
  identityKeyHash: string | null;
};

export type MessageContext = {
  /** The wamid of the message this one replies to (or of the business message that held the buttons). */
  replyToExternalId: string | null;
  from: string | null;
  isForwarded: boolean;
  isFrequentlyForwarded: boolean;
  referredProduct: { catalogId: string; productRetailerId: string } | null;
};

export type Referral = {
  sourceUrl: string | null;
  sourceId: string | null;
  sourceType: string | null;
  body: string | null;
  headline: string | null;
  mediaType: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  ctwaClid: string | null;
  welcomeMessageText: string | null;
};

/** The wire `type` values the parser recognises; anything else arrives as 'unknown'. */
export type InboundMessageType =
  | 'text'
  | 'image'
  | 'video'
  | 'document'
  | 'audio'
  | 'sticker'
  | 'location'
  | 'contacts'
  | 'interactive'
  | 'button'
  | 'reaction'
  | 'order'
  | 'system'
  | 'unsupported'
  | 'unknown';

export type InboundMessageEvent = WebhookSource & {
  kind: 'message.inbound';
  /** Meta's wamid; unique per message (but see dedupeKey for reactions). */
  externalId: string;
  /** Idempotency key for this event: the wamid, or for reactions wamid + timestamp + emoji. */
  dedupeKey: string;
  /** The customer's wa_id; null only for system messages that carry no `from` (user_changed_user_id). */
  from: string | null;
  contact: InboundContact | null;
  /** Meta's timestamp (seconds precision); order messages by this, not by arrival. */
  timestamp: Date;
  type: InboundMessageType;
  /** The wire type as sent, e.g. 'poll' for a type this parser does not know. */
  wireType: string;
  /** What the customer wrote (body, caption, button title…); '' when the message has no text of its own. */
  text: string;
  /** A one-line, always non-empty summary for the inbox list: '📍 Philz Coffee', '👤 Contact: John Doe'… */
  preview: string;
  content: InboundContent;
  context: MessageContext | null;
  referral: Referral | null;
  errors: MetaError[];
};

export type MessageStatusValue = 'sent' | 'delivered' | 'read' | 'failed' | 'played';

export type MessageStatusEvent = WebhookSource & {
  kind: 'message.status';
  /** The wamid of the business message this status is about. */
  externalId: string;
  /** Idempotency key: `${wamid}:${status}`. */
  dedupeKey: string;
  status: MessageStatusValue;
  timestamp: Date;
  recipientId: string | null;
  recipientType: string | null;
  errors: MetaError[];
  conversation: { id: string | null; expiresAt: Date | null; originType: string | null } | null;
  pricing: {
    billable: boolean | null;
    pricingModel: string | null;
    type: string | null;
    category: string | null;
  } | null;
  bizOpaqueCallbackData: string | null;
};

export type TemplateStatusEvent = {
  kind: 'template.status';
  wabaId: string;
  phoneNumberId: null;
  displayPhoneNumber: null;
  /** Always a string (Meta sends a number here and a string everywhere else). */
  templateId: string;
  name: string | null;
  language: string | null;
  category: string | null;
  /** APPROVED, REJECTED, PAUSED… as sent. */
  event: string;
  reason: string | null;
  /** entry.time when present. */
  timestamp: Date | null;
  rejectionInfo: { reason: string | null; recommendation: string | null } | null;
  otherInfo: { title: string | null; description: string | null } | null;
  disableDate: Date | null;
};

export type AccountErrorEvent = {
  kind: 'account.error';
  wabaId: string;
  phoneNumberId: string | null;
  displayPhoneNumber: string | null;
  /** The change's value-level `errors[]` (one event per change that has any). */
  errors: MetaError[];
};

export type WebhookEvent = InboundMessageEvent | MessageStatusEvent | TemplateStatusEvent | AccountErrorEvent;

/** Something in the delivery the parser skipped, with enough context to log it. */
export type IgnoredItem = {
  /** e.g. 'entry[0].changes[1]' or 'entry[0].changes[0].value.statuses[3]'. */
  path: string;
  field: string | null;
  wabaId: string | null;
  reason: string;
};

export type ParsedWebhook = {
  events: WebhookEvent[];
  ignored: IgnoredItem[];
};
