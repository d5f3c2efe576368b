/**
 * Issue 17: the rich messages an agent sends from the inbox — reply buttons, lists, link buttons
 * (cta_url), locations and contact cards. Meta's limits (shared/docs/whatsapp-cloud-api.md §9, the
 * same ones the sandbox enforces in server/sandbox/graph/validate-send.ts) with our words for each,
 * so the server refuses an agent's mistake with a 400 before Meta sees it and the composer shows the
 * same words as you type.
 *
 * Sent with `POST /api/contacts/:contactId/messages`, the text route: a body with a `type` is one of
 * these (`sendRichSchema`); a body without one is a text (`sendTextSchema`). Button and row ids are
 * made by the server and kept in the stored content (a customer's tap answers with one of them).
 */

import { z } from 'zod';
import { clientRefSchema, sendTextSchema } from './inbox';

export const INTERACTIVE_LIMITS = {
  buttonsBody: 1024,
  listBody: 4096,
  ctaBody: 1024,
  header: 60,
  footer: 60,
  buttons: 3,
  buttonTitle: 20,
  listButton: 20,
  sections: 10,
  sectionTitle: 24,
  rowsInAll: 10,
  rowTitle: 24,
  rowDescription: 72,
  ctaLabel: 20,
  url: 2000,
  locationText: 1000,
  contactCards: 20,
  contactName: 256,
  contactPhones: 10,
  contactEmails: 10,
} as const;

const L = INTERACTIVE_LIMITS;

export const INTERACTIVE_MSG = {
  bodyRequired: 'Message text is required',
  bodyTooLong: (max: number) => `Message text cannot exceed ${max} characters`,
  headerTooLong: `Header cannot exceed ${L.header} characters`,
  footerTooLong: `Footer cannot exceed ${L.footer} characters`,
  buttonsCount: `Add 1 to ${L.buttons} buttons`,
  buttonTitleRequired: 'Button title is required',
  buttonTitleTooLong: `Button title cannot exceed ${L.buttonTitle} characters`,
  buttonTitleUnique: 'Button titles must be different',
  listButtonRequired: 'List button label is required',
  listButtonTooLong: `List button label cannot exceed ${L.listButton} characters`,
  sectionsCount: `Add 1 to ${L.sections} sections`,
  sectionTitleRequired: 'Each section needs a title when the list has more than one',
  sectionTitleTooLong: `Section title cannot exceed ${L.sectionTitle} characters`,
  sectionRowsRequired: 'Each section needs at least one row',
  rowsTooMany: `A list can have at most ${L.rowsInAll} rows in all`,
  rowTitleRequired: 'Row title is required',
  rowTitleTooLong: `Row title cannot exceed ${L.rowTitle} characters`,
  rowDescriptionTooLong: `Row description cannot exceed ${L.rowDescription} characters`,
  ctaLabelRequired: 'Button label is required',
  ctaLabelTooLong: `Button label cannot exceed ${L.ctaLabel} characters`,
  ctaUrlInvalid: 'Enter a link starting with http:// or https://',
  latitudeInvalid: 'Latitude must be a number between -90 and 90',
  longitudeInvalid: 'Longitude must be a number between -180 and 180',
  locationNameTooLong: `Place name cannot exceed ${L.locationText} characters`,
  locationAddressTooLong: `Address cannot exceed ${L.locationText} characters`,
  contactsCount: `Share 1 to ${L.contactCards} contacts`,
  contactNameRequired: 'Contact name is required',
  contactNameTooLong: `Contact name cannot exceed ${L.contactName} characters`,
  contactPhoneRequired: 'Add at least one phone number',
  contactPhonesTooMany: `A contact can have at most ${L.contactPhones} phone numbers`,
  contactPhoneInvalid: 'Please enter a valid phone number',
  contactEmailsTooMany: `A contact can have at most ${L.contactEmails} e-mail addresses`,
  contactEmailInvalid: 'Please enter a valid email address',
  typeUnknown: 'type must be text, buttons, list, cta_url, location or contacts',
  headerMediaInvalid: 'Choose an image, a video or a document for the header',
  headerTextAndMedia: 'A header is either a text or a file, not both',
  headerMediaNotFound: 'The header file was not found. Please choose it again.',
  savedKindUnknown: 'A saved message can keep reply buttons, a list or a link button',
} as const;

const M = INTERACTIVE_MSG;

/** Characters as a person counts them (an emoji is one), like Meta and the sandbox. */
export function charCount(value: string): number {
  return [...value].length;
}

/** A required text, trimmed, 1..max characters. */
function required(max: number, missing: string, tooLong: string) {
  return z
    .string({ error: missing })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, missing)
        .refine((v) => charCount(v) <= max, tooLong),
    );
}

/** An optional text, trimmed; '' is the same as absent (undefined after parsing). */
function optional(max: number, tooLong: string) {
  return z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(
      z
        .string()
        .refine((v) => charCount(v) <= max, tooLong)
        .optional(),
    );
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A coordinate typed in a form ('51.5') or sent as a number. */
function coordinate(limit: number, message: string) {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v.trim())) : v))
    .pipe(z.number({ error: message }).refine((v) => Number.isFinite(v) && Math.abs(v) <= limit, message));
}

const common = {
  header: optional(L.header, M.headerTooLong),
  footer: optional(L.footer, M.footerTooLong),
};

/** The header kinds Meta allows as a file on reply buttons (lists take a text header only). */
export const HEADER_MEDIA_KINDS = ['image', 'video', 'document'] as const;
export type HeaderMediaKind = (typeof HEADER_MEDIA_KINDS)[number];

/**
 * A reply-buttons header file: one uploaded with `POST /api/interactive/header-media` (our media
 * id), checked like the composer's media of that kind.
 */
export const headerMediaSchema = z.object(
  {
    type: z.enum(HEADER_MEDIA_KINDS, { error: M.headerMediaInvalid }),
    mediaId: z.uuid({ error: M.headerMediaInvalid }),
  },
  { error: M.headerMediaInvalid },
);
export type HeaderMediaInput = z.input<typeof headerMediaSchema>;

/** Reply buttons: the customer taps one; its title comes back as their reply. */
export const replyButtonsSchema = z
  .object({
    ...common,
    /** An image, video or document header instead of a text one. */
    headerMedia: headerMediaSchema.optional(),
    body: required(L.buttonsBody, M.bodyRequired, M.bodyTooLong(L.buttonsBody)),
    buttons: z
      .array(z.object({ title: required(L.buttonTitle, M.buttonTitleRequired, M.buttonTitleTooLong) }), {
        error: M.buttonsCount,
      })
      .min(1, M.buttonsCount)
      .max(L.buttons, M.buttonsCount)
      .refine((b) => new Set(b.map((x) => x.title)).size === b.length, M.buttonTitleUnique),
  })
  .refine((b) => !(b.header && b.headerMedia), { message: M.headerTextAndMedia, path: ['header'] });
export type ReplyButtonsInput = z.input<typeof replyButtonsSchema>;

const listRowSchema = z.object({
  title: required(L.rowTitle, M.rowTitleRequired, M.rowTitleTooLong),
  description: optional(L.rowDescription, M.rowDescriptionTooLong),
});

const listSectionSchema = z.object({
  title: optional(L.sectionTitle, M.sectionTitleTooLong),
  rows: z.array(listRowSchema, { error: M.sectionRowsRequired }).min(1, M.sectionRowsRequired),
});

/** A list: a button opens it, the customer picks one row. Text header only (Meta's rule for lists). */
export const listSchema = z
  .object({
    ...common,
    body: required(L.listBody, M.bodyRequired, M.bodyTooLong(L.listBody)),
    button: required(L.listButton, M.listButtonRequired, M.listButtonTooLong),
    sections: z
      .array(listSectionSchema, { error: M.sectionsCount })
      .min(1, M.sectionsCount)
      .max(L.sections, M.sectionsCount),
  })
  .superRefine((list, ctx) => {
    if (list.sections.length > 1) {
      list.sections.forEach((section, i) => {
        if (!section.title)
          ctx.addIssue({ code: 'custom', message: M.sectionTitleRequired, path: ['sections', i, 'title'] });
      });
    }
    const rows = list.sections.reduce((sum, s) => sum + s.rows.length, 0);
    if (rows > L.rowsInAll) ctx.addIssue({ code: 'custom', message: M.rowsTooMany, path: ['sections'] });
  });
export type ListInput = z.input<typeof listSchema>;

/** A link button: one button that opens a URL. */
export const ctaUrlSchema = z.object({
  ...common,
  body: required(L.ctaBody, M.bodyRequired, M.bodyTooLong(L.ctaBody)),
  displayText: required(L.ctaLabel, M.ctaLabelRequired, M.ctaLabelTooLong),
  url: z
    .string({ error: M.ctaUrlInvalid })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(L.url, M.ctaUrlInvalid)
        .refine((v) => isHttpUrl(v), M.ctaUrlInvalid),
    ),
});
export type CtaUrlInput = z.input<typeof ctaUrlSchema>;

export const locationSchema = z.object({
  latitude: coordinate(90, M.latitudeInvalid),
  longitude: coordinate(180, M.longitudeInvalid),
  name: optional(L.locationText, M.locationNameTooLong),
  address: optional(L.locationText, M.locationAddressTooLong),
});
export type LocationInput = z.input<typeof locationSchema>;

const phoneSchema = z.object({
  phone: z
    .string({ error: M.contactPhoneInvalid })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .max(40, M.contactPhoneInvalid)
        .refine(
          (v) => /^\+?[\d\s().-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 5,
          M.contactPhoneInvalid,
        ),
    ),
  /** 'CELL', 'WORK', 'HOME', 'MAIN'… as the phone shows it. */
  type: optional(20, M.contactPhoneInvalid),
  /** The number's WhatsApp id when known (our contacts): the customer's phone offers "Message". */
  waId: z
    .string()
    .regex(/^\d{5,20}$/, M.contactPhoneInvalid)
    .optional(),
});

const emailSchema = z.object({
  email: z
    .string({ error: M.contactEmailInvalid })
    .transform((v) => v.trim())
    .pipe(z.email(M.contactEmailInvalid).max(254, M.contactEmailInvalid)),
  type: optional(20, M.contactEmailInvalid),
});

/** One contact card: from our contacts (the composer fills it in) or typed. */
export const contactCardInputSchema = z.object({
  name: required(L.contactName, M.contactNameRequired, M.contactNameTooLong),
  phones: z
    .array(phoneSchema, { error: M.contactPhoneRequired })
    .min(1, M.contactPhoneRequired)
    .max(L.contactPhones, M.contactPhonesTooMany),
  emails: z.array(emailSchema).max(L.contactEmails, M.contactEmailsTooMany).optional(),
  org: z
    .object({
      company: optional(100, 'Company cannot exceed 100 characters'),
      title: optional(100, 'Job title cannot exceed 100 characters'),
    })
    .optional(),
});
export type ContactCardInput = z.input<typeof contactCardInputSchema>;

export const contactsSchema = z.object({
  cards: z
    .array(contactCardInputSchema, { error: M.contactsCount })
    .min(1, M.contactsCount)
    .max(L.contactCards, M.contactsCount),
});
export type ContactsInput = z.input<typeof contactsSchema>;

const sendFields = {
  clientRef: clientRefSchema,
  replyToMessageId: z.uuid().optional(),
};

/**
 * The body of `POST /api/contacts/:contactId/messages` for the rich types, by `type`. The composer
 * can check one part as you type with the per-type schemas above (same words).
 */
export const sendRichSchema = z.discriminatedUnion(
  'type',
  [
    replyButtonsSchema.safeExtend({ type: z.literal('buttons'), ...sendFields }),
    listSchema.safeExtend({ type: z.literal('list'), ...sendFields }),
    z.object({ type: z.literal('cta_url'), ...sendFields, ...ctaUrlSchema.shape }),
    z.object({ type: z.literal('location'), ...sendFields, ...locationSchema.shape }),
    z.object({ type: z.literal('contacts'), ...sendFields, ...contactsSchema.shape }),
  ],
  { error: M.typeUnknown },
);
export type SendRichInput = z.input<typeof sendRichSchema>;
export type SendRich = z.output<typeof sendRichSchema>;
export type RichMessageType = SendRich['type'];

/**
 * The whole body of `POST /api/contacts/:contactId/messages`: a text (`type` 'text' or absent, the
 * body of `sendTextSchema`) or one of the rich types.
 */
export const sendMessageSchema = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && !('type' in value)
      ? { ...value, type: 'text' }
      : value,
  z.discriminatedUnion(
    'type',
    [sendTextSchema.extend({ type: z.literal('text') }), ...sendRichSchema.options],
    { error: M.typeUnknown },
  ),
);
export type SendMessageInput = z.input<typeof sendMessageSchema>;
export type SendMessage = z.output<typeof sendMessageSchema>;

/**
 * The interactive content a saved message keeps (reply buttons, a list or a link button): the same
 * schemas as the send, so a saved one is refused with the same words and sent as it was saved.
 */
export const savedInteractiveSchema = z.discriminatedUnion(
  'type',
  [
    replyButtonsSchema.safeExtend({ type: z.literal('buttons') }),
    listSchema.safeExtend({ type: z.literal('list') }),
    z.object({ type: z.literal('cta_url'), ...ctaUrlSchema.shape }),
  ],
  { error: M.savedKindUnknown },
);
export type SavedInteractiveInput = z.input<typeof savedInteractiveSchema>;
export type SavedInteractive = z.output<typeof savedInteractiveSchema>;

/** The small label a saved interactive message carries in the '/' panel and the settings list. */
export const SAVED_INTERACTIVE_LABEL: Record<SavedInteractive['type'], string> = {
  buttons: 'Reply buttons',
  list: 'List',
  cta_url: 'Link button',
};

/** POST /api/interactive/header-media: the file a reply-buttons header carries. */
export type HeaderMediaFile = {
  id: string;
  kind: HeaderMediaKind;
  mimeType: string;
  filename: string | null;
  size: number | null;
  /** GET /api/media/:id */
  url: string;
};
export type HeaderMediaResponse = { media: HeaderMediaFile };
