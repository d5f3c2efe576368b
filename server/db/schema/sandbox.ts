import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/*
 * State of the built-in sandbox, which plays Meta's side of the wire. Ids look like Meta's (numeric
 * strings, wamid.…), so nothing in the app can tell it from the real Graph API.
 */

export const sandboxPhoneNumbers = pgTable('sandbox_phone_numbers', {
  id: text('id').primaryKey(),
  wabaId: text('waba_id').notNull(),
  businessId: text('business_id').notNull(),
  wabaName: text('waba_name').notNull(),
  displayPhoneNumber: text('display_phone_number').notNull(),
  verifiedName: text('verified_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Access tokens and embedded-signup codes the sandbox has issued. */
export const sandboxTokens = pgTable('sandbox_tokens', {
  token: text('token').primaryKey(),
  /** code: embedded-signup code; access_token: business (system-user) token; user_token: a long-lived user token. */
  kind: text('kind', { enum: ['code', 'access_token', 'user_token'] }).notNull(),
  /** The WABA and number this token (or code) grants. */
  wabaId: text('waba_id').notNull(),
  phoneNumberId: text('phone_number_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxCustomers = pgTable(
  'sandbox_customers',
  {
    waId: text('wa_id').notNull(),
    phoneNumberId: text('phone_number_id').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_customers_key').on(t.phoneNumberId, t.waId)],
);

/** Both directions of every sandbox chat, as the customer's phone shows them. */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    wamid: text('wamid').notNull(),
    phoneNumberId: text('phone_number_id').notNull(),
    customerWaId: text('customer_wa_id').notNull(),
    direction: text('direction', { enum: ['to_business', 'to_customer'] }).notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_messages_wamid_key').on(t.wamid),
    index('sandbox_messages_chat_idx').on(t.phoneNumberId, t.customerWaId, t.id),
  ],
);

export const sandboxMedia = pgTable('sandbox_media', {
  id: text('id').primaryKey(),
  phoneNumberId: text('phone_number_id').notNull(),
  mimeType: text('mime_type').notNull(),
  sha256: text('sha256').notNull(),
  filename: text('filename'),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Resumable Upload API sessions (`POST /{app-id}/uploads`): the bytes received so far and, once the
 * file is complete, the handle a template's media header quotes in `example.header_handle`.
 */
export const sandboxUploads = pgTable(
  'sandbox_uploads',
  {
    /** The session key: the id is `upload:<key>?sig=…`. */
    id: text('id').primaryKey(),
    appId: text('app_id').notNull(),
    /** The WABA of the token that opened the session; only its tokens may use the file. */
    wabaId: text('waba_id').notNull(),
    fileName: text('file_name'),
    fileType: text('file_type').notNull(),
    fileLength: integer('file_length').notNull(),
    data: bytea('data').notNull().default(sql`'\\x'::bytea`),
    /** Set when the last byte arrived. */
    handle: text('handle'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_uploads_handle_key').on(t.handle)],
);

export const sandboxTemplates = pgTable(
  'sandbox_templates',
  {
    id: text('id').primaryKey(),
    wabaId: text('waba_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    components: jsonb('components').notNull(),
    parameterFormat: text('parameter_format').notNull().default('POSITIONAL'),
    status: text('status').notNull(),
    /** Why the reviewer rejected it (INVALID_FORMAT…); null otherwise. */
    rejectedReason: text('rejected_reason'),
    /** When the sandbox's reviewer decides (approve or reject); null once decided. */
    reviewAt: timestamp('review_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_templates_key').on(t.wabaId, t.name, t.language)],
);

/** The sandbox's switches (duplicate deliveries, batching, out-of-order statuses, failing sends, clock). */
export const sandboxSettings = pgTable('sandbox_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull().default(sql`'null'::jsonb`),
});

/**
 * Sends per number in the current second, for the `messagesPerSecond` switch: one row per number,
 * its count restarted when a new second begins (sends over the limit get Meta's 130429).
 */
export const sandboxSendWindows = pgTable('sandbox_send_windows', {
  phoneNumberId: text('phone_number_id').primaryKey(),
  second: bigint('second', { mode: 'number' }).notNull(),
  sends: integer('sends').notNull(),
});

/**
 * Webhook changes waiting to be sent together while `batchUpdates` is on; a flush job turns them
 * into one POST. The value is kept as JSON text so its key order is exactly what the sandbox built.
 */
export const sandboxWebhookBatch = pgTable('sandbox_webhook_batch', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  wabaId: text('waba_id').notNull(),
  field: text('field').notNull(),
  valueJson: text('value_json').notNull(),
  /** wamids of customer messages in this change (marked delivered once the app has it). */
  inboundWamids: jsonb('inbound_wamids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The coming statuses (and replies) of business messages on the timeline path (realistic delays, or
 * the recipient shares of template sends): one row per step, due at `due_at`; the
 * `sandbox.status.sweep` job takes the due ones in bulk and sends them as batched webhooks.
 */
export const sandboxStatusSteps = pgTable(
  'sandbox_status_steps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    wamid: text('wamid').notNull(),
    /** sent | delivered | failed:<code> | read | reply */
    step: text('step').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_status_steps_due_idx').on(t.dueAt)],
);
