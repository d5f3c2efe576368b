import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './accounts';
import { whatsappAccounts } from './teams';

/** Contacts with messages first, newest first; the ones without any last (never null, so keysets work). */
export const CONTACT_SORT_KEY = sql.raw(`(coalesce(last_message_at, '-infinity'::timestamptz))`);
/** The Contacts table's name sort key: the shown name lowercased, in byte order; null when empty. */
export const CONTACT_NAME_KEY = sql.raw(
  `(nullif(lower(coalesce(custom_name, profile_name)), '') collate "C")`,
);
/** What 'Search contacts...' matches: the shown name (lowercased) and the phone digits. */
export const CONTACT_SEARCH_TEXT = sql.raw(`(lower(coalesce(custom_name, profile_name)) || ' ' || phone)`);

const accountId = () =>
  uuid('account_id')
    .notNull()
    .references(() => whatsappAccounts.id, { onDelete: 'cascade' });

/** A customer of the business, one per WhatsApp id per connected number. The contact is the thread. */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: accountId(),
    waId: text('wa_id').notNull(),
    /** The number in E.164 digits without '+' (the UI shows it with a leading +). */
    phone: text('phone').notNull(),
    /** WhatsApp's profile name, refreshed by every inbound message; may be ''. */
    profileName: text('profile_name').notNull().default(''),
    /** A name the team typed; wins over the profile name when set. */
    customName: text('custom_name'),
    notes: text('notes').notNull().default(''),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessagePreview: text('last_message_preview'),
    lastMessageDirection: text('last_message_direction', { enum: ['incoming', 'outgoing'] }),
    /** The teammate who sent the last message when it is outgoing; null for the customer's or unknown. */
    lastMessageSentBy: uuid('last_message_sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** Start of the 24-hour customer service window. */
    lastIncomingAt: timestamp('last_incoming_at', { withTimezone: true }),
    unreadCount: integer('unread_count').notNull().default(0),
    /** Marketing consent (common/api/consent.ts): opted_in | opted_out | unknown. */
    consent: text('consent', { enum: ['opted_in', 'opted_out', 'unknown'] })
      .notNull()
      .default('unknown'),
    /** When and how consent last changed (manual | import | keyword | meta); null while never changed. */
    consentChangedAt: timestamp('consent_changed_at', { withTimezone: true }),
    consentSource: text('consent_source', { enum: ['manual', 'import', 'keyword', 'meta'] }),
    /** The teammate who set it by hand. */
    consentChangedBy: uuid('consent_changed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Derived, never written by commands: the contact's tag ids (sorted) and custom field values
     * (field id → value: lower-cased text, JSON numbers, yyyy-mm-dd dates), kept equal to
     * contact_tags and contact_field_values by the statement triggers of migration
     * contact_filter_columns (a CSV import fills a new contact's on insert with the same SQL; see
     * db/filter-columns.ts). They let the Contacts table's filters and segment counts test a
     * contact on its own row, AND-ing GIN bitmaps instead of probing two tables per candidate.
     */
    tagIds: uuid('tag_ids').array().notNull().default(sql`'{}'::uuid[]`),
    fieldValues: jsonb('field_values')
      .$type<Record<string, string | number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('contacts_account_wa_id_key').on(t.accountId, t.waId),
    // The inbox tabs, each walked newest first by (sort key, id) — see contactSortKey in
    // server/routes/contacts/list-query.ts. Archived contacts are in no tab, only in the Archived view.
    index('contacts_inbox_unassigned_idx')
      .on(t.accountId, sql`${CONTACT_SORT_KEY} desc`, sql`id desc`)
      .where(sql`archived_at is null and assigned_to is null`),
    index('contacts_inbox_assigned_idx')
      .on(t.accountId, sql`${CONTACT_SORT_KEY} desc`, sql`id desc`)
      .where(sql`archived_at is null and assigned_to is not null`),
    index('contacts_inbox_assignee_idx')
      .on(t.accountId, t.assignedTo, sql`${CONTACT_SORT_KEY} desc`, sql`id desc`)
      .where(sql`archived_at is null`),
    // The Archived view: archived contacts only, in the same order.
    index('contacts_archived_idx')
      .on(t.accountId, sql`${CONTACT_SORT_KEY} desc`, sql`id desc`)
      .where(sql`archived_at is not null`),
    // 'Search contacts...': name or phone, anywhere in the text (trigrams; pg_trgm).
    index('contacts_search_idx').using('gin', sql`${CONTACT_SEARCH_TEXT} gin_trgm_ops`),
    // The Contacts table's sorts (server/routes/contact-table/query.ts orderColumns), unarchived only
    // (its default): last message newest first, first contact either way, name per direction.
    index('contacts_table_last_message_idx')
      .on(t.accountId, sql`(last_message_at is not null)`, CONTACT_SORT_KEY, t.id)
      .where(sql`archived_at is null`),
    // The table's tag filter (&&, @>) and field equality (@>) over the derived columns above.
    index('contacts_tag_ids_idx').using('gin', t.tagIds),
    index('contacts_field_values_idx').using('gin', sql`field_values jsonb_path_ops`),
    index('contacts_table_created_idx').on(t.accountId, t.createdAt, t.id).where(sql`archived_at is null`),
    index('contacts_table_name_asc_idx')
      .on(
        t.accountId,
        sql`(${CONTACT_NAME_KEY} is null)`,
        sql`coalesce(${CONTACT_NAME_KEY}, (''::text collate "C"))`,
        t.id,
      )
      .where(sql`archived_at is null`),
    index('contacts_table_name_desc_idx')
      .on(
        t.accountId,
        sql`(${CONTACT_NAME_KEY} is not null)`,
        sql`coalesce(${CONTACT_NAME_KEY}, (''::text collate "C"))`,
        t.id,
      )
      .where(sql`archived_at is null`),
  ],
);

/** Per-account tags (spec §3); issue 5 manages them, the inbox filters and shows them. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: accountId(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_account_name_key').on(t.accountId, sql`lower(name)`)],
);

/** Which contact carries which tag (spec §3). */
export const contactTags = pgTable(
  'contact_tags',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.tagId] }),
    index('contact_tags_tag_idx').on(t.tagId, t.contactId),
  ],
);

/** Stored files: media a customer sent (downloaded by a job) and media the team sends. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: accountId(),
    providerMediaId: text('provider_media_id'),
    direction: text('direction', { enum: ['incoming', 'outgoing'] }).notNull(),
    kind: text('kind', { enum: ['image', 'video', 'audio', 'document', 'sticker'] }).notNull(),
    mimeType: text('mime_type'),
    sha256: text('sha256'),
    fileSize: bigint('file_size', { mode: 'number' }),
    filename: text('filename'),
    /** Path under DATA_DIR/media once the file is stored. */
    storageKey: text('storage_key'),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    error: text('error'),
    /** A small preview the browser made for an outgoing image or video (a media row of its own). */
    thumbnailId: uuid('thumbnail_id').references((): AnyPgColumn => media.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('media_account_provider_id_key').on(t.accountId, t.providerMediaId)],
);

/** One row per WhatsApp message, in either direction (the spec's "conversations"). */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: accountId(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['incoming', 'outgoing'] }).notNull(),
    type: text('type').notNull(),
    /** What a person reads: the text, the caption, the rendered template. */
    body: text('body').notNull().default(''),
    /** A one-line summary for lists and notifications. */
    preview: text('preview').notNull().default(''),
    /** The typed content (location, contact cards, interactive reply, template parameters…). */
    content: jsonb('content').notNull().default(sql`'{}'::jsonb`),
    /** Meta's wamid; unique per account. Null while an outgoing message is not yet accepted. */
    externalId: text('external_id'),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'delivered', 'read', 'played'] }).notNull(),
    error: jsonb('error'),
    replyToExternalId: text('reply_to_external_id'),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** Sent by the AI bot (issue 16; `sent_by` is null): the chat labels it. */
    sentByBot: boolean('sent_by_bot').notNull().default(false),
    /** The browser's temporary id of an optimistic send, so the real row replaces it in place. */
    clientRef: text('client_ref'),
    /**
     * Set (committed) just before the send job calls Meta and cleared once Meta's answer is stored. Still
     * set when a job starts means an earlier run died mid-call: Meta may have the message, so never resend.
     */
    sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
    /** Meta's timestamp for incoming messages, creation time for outgoing: messages are ordered by it. */
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('messages_account_external_id_key').on(t.accountId, t.externalId),
    // One row per optimistic send: a repeated POST with the same clientRef gets the same message.
    uniqueIndex('messages_account_client_ref_key')
      .on(t.accountId, t.clientRef)
      .where(sql`client_ref is not null`),
    index('messages_contact_timestamp_idx').on(t.contactId, t.timestamp.desc(), t.id.desc()),
  ],
);

/** One reaction per reactor per message; a new emoji replaces the old one, removal deletes the row. */
export const reactions = pgTable(
  'reactions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: accountId(),
    targetExternalId: text('target_external_id').notNull(),
    /** `customer:<wa_id>` or `business` (the team reacts as the business). */
    reactor: text('reactor').notNull(),
    emoji: text('emoji').notNull(),
    direction: text('direction', { enum: ['incoming', 'outgoing'] }).notNull(),
    externalId: text('external_id'),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('sent'),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('reactions_target_reactor_key').on(t.accountId, t.targetExternalId, t.reactor)],
);

/**
 * Every status webhook, kept by (wamid, status). A status that arrives before its message is applied
 * when the message gets its wamid, so none is lost.
 */
export const messageStatusEvents = pgTable(
  'message_status_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountId(),
    externalId: text('external_id').notNull(),
    status: text('status').notNull(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull(),
    errors: jsonb('errors'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_status_events_key').on(t.accountId, t.externalId, t.status)],
);

/** Message templates, cached from Meta with their review status. */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: accountId(),
    providerId: text('provider_id'),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull(),
    components: jsonb('components').notNull().default(sql`'[]'::jsonb`),
    rejectedReason: text('rejected_reason'),
    /**
     * The sample file of an image/video/document header, kept when the template was created here: the
     * preview shows it and a send without a chosen file sends a copy of it.
     */
    headerMediaId: uuid('header_media_id').references(() => media.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('templates_account_name_language_key').on(t.accountId, t.name, t.language),
    index('templates_provider_id_idx').on(t.providerId),
  ],
);

/**
 * Raw webhook deliveries, stored before the 200 goes back: the body exactly as received, for
 * processing, replay and audit. Processed by the webhook processor; a crash after the answer loses nothing.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'processed', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('webhook_events_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`)],
);
