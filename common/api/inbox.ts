/**
 * The inbox API (`/api/inbox/*`, `/api/contacts/*`, `/api/messages/*`): request schemas, response
 * types and the spec's user-facing texts for the chats screen. The server validates with these schemas
 * and the web imports the same types, so the two never drift.
 *
 * Errors come back as `{ error: code, message, field? }` with a 4xx status; `message` is always safe
 * to show. Codes worth a branch in the UI: `window_closed` (409: open the template modal),
 * `not_found` (404), `validation_failed` / `media_*` (400: show `message` as is), `owner_only` (403).
 */

import { z } from 'zod';
import type { InboundContent, OutgoingInteractiveContent } from '../message-content';
import type { ChatBotState } from './ai-bot';
import type { ContactConsent } from './consent';

// Limits and texts live in inbox-limits.ts; the schemas below use some of them.
export * from './inbox-limits';

import {
  CAPTION_MAX_LENGTH,
  CONTACT_PAGE_SIZE,
  INBOX_MSG,
  MESSAGE_PAGE_SIZE,
  TEXT_MAX_LENGTH,
} from './inbox-limits';

// ---------------------------------------------------------------------------------------------------
// Contact list
// ---------------------------------------------------------------------------------------------------

/**
 * Unassigned: nobody; mine: the caller; team: a teammate other than the caller (only with the
 * `viewTeam` ability: owners). Archived contacts are in no tab but in the `archived` view (a new
 * message from them brings them back).
 */
export const INBOX_TABS = ['unassigned', 'mine', 'team'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

/**
 * What `GET /api/contacts?tab=` lists: one of the three tabs, or `archived` — the archived contacts,
 * newest message first, under the same search and tag filters. Like the tabs, it shows contacts
 * assigned to other teammates only to a caller with the team-wide view (`viewTeam`).
 */
export const CONTACT_LIST_VIEWS = [...INBOX_TABS, 'archived'] as const;
export type ContactListView = (typeof CONTACT_LIST_VIEWS)[number];

const uuid = z.uuid();
/** `tagIds=a,b,c`: up to 50 tag ids, each once (the inbox: contacts carrying ANY of them). */
export const tagIdList = z
  .string()
  .max(37 * 50)
  .optional()
  .transform((v) => (v ? [...new Set(v.split(',').filter(Boolean))] : []))
  .pipe(z.array(uuid, { error: 'tagIds must be tag ids separated by commas' }).max(50));
/** Name or phone, case-insensitive, anywhere in the text ('maya', 'pat', '+1 650', '0199'). */
const searchQuery = z
  .string()
  .max(100)
  .optional()
  .transform((v) => v?.trim() ?? '');

export const inboxFilterQuerySchema = z.object({ q: searchQuery, tagIds: tagIdList });
export type InboxFilterQuery = z.input<typeof inboxFilterQuerySchema>;

export const contactListQuerySchema = inboxFilterQuerySchema.extend({
  tab: z
    .enum(CONTACT_LIST_VIEWS, { error: 'tab must be unassigned, mine, team or archived' })
    .default('unassigned'),
  /** `nextCursor` of the previous page; opaque. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(CONTACT_PAGE_SIZE),
});
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

export type TagSummary = { id: string; name: string };
export type UserSummary = {
  id: string;
  /** The part of the e-mail before the @ (spec §6 "Assignee label"). */
  label: string;
};

/** The teammate who sent a contact's last message, for the list's 'Sam:' (the UI says 'You:' for the caller). */
export type LastMessageSender = {
  id: string;
  /** The first word of their profile name, else the start of their e-mail ('sam.lee@…' → 'Sam'). */
  firstName: string;
};

/** Role-dependent abilities for the whole inbox, sent with the tab counts (the server is still the judge). */
export type InboxAbilities = {
  /** The Assigned to Team tab (owners). */
  viewTeam: boolean;
  /** Assign contacts to teammates other than yourself (owners). */
  assignToOthers: boolean;
  /** Delete a contact and its messages (owners). */
  deleteContacts: boolean;
};

/** What the caller may do with a contact; the UI reads these and never re-derives rules. */
export type ContactAbilities = {
  /** Inside the 24-hour window: text and media may be sent. Otherwise only a template. */
  sendFreeform: boolean;
};

/** A row of the contact list; also the `contact` of `contact.updated` live events. */
export type ContactListItem = {
  id: string;
  waId: string;
  /** The name the team typed, else WhatsApp's profile name; '' stays '' (the UI shows 'Unknown'). */
  name: string;
  /** With a leading '+'. */
  phone: string;
  tags: TagSummary[];
  assignee: UserSummary | null;
  lastMessageAt: string | null;
  lastMessagePreview: string | null;
  lastMessageDirection: 'incoming' | 'outgoing' | null;
  /** Who sent the last message when it is outgoing; null for the customer's, the system's or unknown. */
  lastMessageSentBy: LastMessageSender | null;
  unreadCount: number;
  /** The customer's latest message: the window runs 24 h from here. Null: no timer. */
  lastIncomingAt: string | null;
  /** lastIncomingAt + 24 h, or null. Compare with `serverNow` (the sandbox can move its clock). */
  windowClosesAt: string | null;
  archived: boolean;
  blocked: boolean;
  createdAt: string;
  updatedAt: string;
  abilities: ContactAbilities;
};

/**
 * The conversation header: the list item plus what only the open chat needs, with the contact's
 * custom field values by key (fields without a value are left out; common/api/contact-fields.ts).
 */
export type ContactDetail = ContactListItem & {
  profileName: string;
  notes: string;
  fields: Record<string, string>;
  /** Marketing consent (issue 14, ./consent.ts). */
  consent: ContactConsent;
  /** The AI bot in this chat (./ai-bot.ts); absent from older servers. */
  bot?: ChatBotState;
};

export type ContactListResponse = {
  contacts: ContactListItem[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /**
   * The server's clock for the messaging window (ISO). It is the sandbox clock when the account talks
   * to the built-in sandbox; compute window timers as `windowClosesAt - serverNow` shifted by the
   * time elapsed since the response, not against the browser's clock alone.
   */
  serverNow: string;
};

/** GET /api/inbox/counts (accepts the list's `q` and `tagIds` too). */
export type InboxCountsResponse = {
  unassigned: number;
  mine: number;
  /** Null when the caller has no team-wide view (the tab is hidden). */
  team: number | null;
  abilities: InboxAbilities;
};

// ---------------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------------

export const messageListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(MESSAGE_PAGE_SIZE),
  /** `nextCursor` of the previous (newer) page: older messages come next. */
  before: z
    .string()
    .regex(/^\d{4}-\d\d-\d\dT[\d:.]+Z_[0-9a-f-]{36}$/, 'Invalid cursor')
    .optional(),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

export type MessageDirection = 'incoming' | 'outgoing';
/** pending: clock; sent: one check; delivered: two grey; read/played: two blue; failed: red alert. */
export type MessageStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'played' | 'failed';

export type MessageMedia = {
  id: string;
  kind: 'image' | 'video' | 'audio' | 'document' | 'sticker';
  mimeType: string | null;
  filename: string | null;
  fileSize: number | null;
  /** pending: incoming media still downloading ('Downloading...'); failed: could not be fetched. */
  status: 'pending' | 'ready' | 'failed';
  /** Same-origin URL of the file once ready (`?download=1` for an attachment). */
  url: string | null;
  /** The browser-made thumbnail of an outgoing image or video, when one was uploaded. */
  thumbnailUrl: string | null;
};

export type MessageReaction = {
  emoji: string;
  /** 'business' (the team reacts as the business) or 'customer:<wa_id>'. */
  reactor: string;
  direction: MessageDirection;
  /** The business's own reactions: pending until Meta accepts, then sent/delivered/read. */
  status: string;
  sentBy: UserSummary | null;
  timestamp: string;
};

export type MessageError = {
  /** Meta's error code when there was one (131047…). */
  code: number | null;
  /** The user-facing text (spec §8), e.g. 'Failed to send message: No message ID received'. */
  message: string;
  /** What the UI can offer next to it. */
  action: 'reconnect' | 'use_template' | 'retry_later' | 'none';
};

/** The quoted message of a reply. `deleted`: not found, show 'This message was deleted.'. */
export type MessageReplyTarget = {
  externalId: string;
  messageId: string | null;
  direction: MessageDirection | null;
  type: string | null;
  preview: string | null;
  deleted: boolean;
};

export type MessageAbilities = {
  /** Has a provider id and the window is open. Otherwise: 'Cannot react to non-existent message'. */
  react: boolean;
  /** A failed outgoing message: POST /api/messages/:id/retry. */
  retry: boolean;
  /** Incoming, not read yet, with a provider id: POST /api/messages/:id/read once it is >50 % visible. */
  markRead: boolean;
};

/**
 * The typed content of a message, by `kind` (the same for both directions; outgoing media carries the
 * caption and file name here and the file in `media`). Extra keys: `context` (reply/forward info),
 * `referral` (click-to-WhatsApp ad) and `errors` (Meta's errors on an unsupported message).
 * Reactions are never messages: they arrive on their target's `reactions`.
 */
export type MessageContent = (
  | Exclude<InboundContent, { kind: 'reaction' }>
  /** Reply buttons, lists and link buttons the team sent (./interactive.ts); location/contacts reuse the inbound shapes. */
  | OutgoingInteractiveContent
  | {
      kind: 'template';
      name: string;
      language: string;
      body: string;
      /** The campaign this message was sent by (the chat labels it). */
      campaign?: { id: string; name: string };
    }
) & {
  context?: {
    replyToExternalId: string | null;
    isForwarded: boolean;
    isFrequentlyForwarded: boolean;
  } | null;
  referral?: Record<string, unknown> | null;
};

/** A message as the conversation shows it; also the `message` of message.created/updated live events. */
export type InboxMessage = {
  id: string;
  contactId: string;
  direction: MessageDirection;
  /** text, image, video, document, audio, sticker, location, contacts, interactive, button, order, system, unsupported, template… */
  type: string;
  /** The text or caption (what a person reads). */
  body: string;
  /** One line for lists and notifications ('📷 Photo'). */
  preview: string;
  content: MessageContent;
  /** Meta's wamid; null while an outgoing message is pending (or failed before Meta accepted it). */
  externalId: string | null;
  /** Incoming messages have no status icon (stored as delivered/read). */
  status: MessageStatus;
  error: MessageError | null;
  replyTo: MessageReplyTarget | null;
  media: MessageMedia | null;
  /** Reactions on this message; removed ones ('' emoji) and failed business reactions are left out. */
  reactions: MessageReaction[];
  /** The teammate who sent an outgoing message. */
  sentBy: UserSummary | null;
  /** Sent by the AI bot (./ai-bot.ts; `sentBy` is null): the chat labels it "AI bot". */
  sentByBot?: boolean;
  /** The browser's 'temp-…' id of the send that created this row: replace the optimistic one in place. */
  clientRef: string | null;
  /** Meta's timestamp for incoming, the send time for outgoing: order by this. */
  timestamp: string;
  createdAt: string;
  updatedAt: string;
  abilities: MessageAbilities;
};

export type ConversationResponse = {
  contact: ContactDetail;
  /** Newest first. */
  messages: InboxMessage[];
  /** Pass as `before` to load older messages; null when there are none. */
  nextCursor: string | null;
  serverNow: string;
};

export type ContactResponse = { contact: ContactDetail; serverNow: string };

/** The browser's temporary id of an optimistic message (spec §4: prefixed temp-). */
export const clientRefSchema = z
  .string()
  .trim()
  .min(6)
  .max(100)
  .regex(/^temp-[A-Za-z0-9_.:-]+$/, 'clientRef must look like temp-…');

const replyToMessageId = z.uuid().optional();

/** POST /api/contacts/:contactId/messages */
export const sendTextSchema = z.object({
  clientRef: clientRefSchema,
  text: z
    .string({ error: INBOX_MSG.textRequired })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, INBOX_MSG.textRequired).max(TEXT_MAX_LENGTH, INBOX_MSG.textTooLong)),
  replyToMessageId,
});
export type SendTextInput = z.input<typeof sendTextSchema>;

/**
 * POST /api/contacts/:contactId/messages/media, multipart/form-data with these fields plus `file` (the
 * attachment) and optionally `thumbnail` (a JPEG/PNG the browser made). `kind` says which button was
 * used; when given, the file's bytes must be of that kind (else that kind's message), when absent the
 * bytes decide. A document's name gets the extension its bytes call for ('invoice.jpg' holding a PDF is
 * sent as 'invoice.pdf'). Errors: 400 with code `media_type` or `media_too_large` and the spec's text;
 * a voice note that cannot be converted: 400 `media_type` with INBOX_MSG.voiceNoteUnconvertible.
 */
export const sendMediaFieldsSchema = z
  .object({
    clientRef: clientRefSchema,
    kind: z.enum(['image', 'video', 'document', 'audio']).optional(),
    caption: z
      .string()
      .optional()
      .transform((v) => v?.trim() ?? '')
      .pipe(z.string().max(CAPTION_MAX_LENGTH, INBOX_MSG.captionTooLong)),
    replyToMessageId,
    /**
     * 'true': a recording from the composer's microphone, sent as a WhatsApp voice note (`voice: true`).
     * The server converts it to Ogg/Opus (WebM, Ogg or MP4 recordings); `kind` must be audio or absent.
     */
    voice: z
      .enum(['true', 'false'], { message: "voice must be 'true' or 'false'" })
      .optional()
      .transform((v) => v === 'true'),
  })
  .refine((fields) => !fields.voice || fields.kind === undefined || fields.kind === 'audio', {
    message: 'A voice note is audio: send it with kind audio.',
    path: ['kind'],
  });
export type SendMediaFields = z.input<typeof sendMediaFieldsSchema>;

/** POST /api/messages/:messageId/reactions — '' removes the business's reaction. */
export const reactSchema = z.object({
  emoji: z
    .string()
    .max(32)
    .refine((v) => v === '' || !/\s/.test(v), 'Invalid emoji'),
});
export type ReactInput = z.input<typeof reactSchema>;

/** 202 from the send, media, retry and reaction routes; 200 from read. */
export type MessageResponse = { message: InboxMessage };
