import { sql } from 'drizzle-orm';
import {
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
import { contacts } from './inbox';
import { whatsappAccounts } from './teams';

/** Custom contact fields an account's owners define (issue 14): label, stable key, type, order. */
export const contactFields = pgTable(
  'contact_fields',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    label: text('label').notNull(),
    /** text | number | date | select | url | email (common/api/contact-fields.ts); never changes. */
    type: text('type').notNull(),
    /** The choices of a select field; empty for the other types. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contact_fields_account_key').on(t.accountId, t.key)],
);

/**
 * One value of one field on one contact, stored as validated text (numbers in their JSON form, dates
 * as yyyy-mm-dd). A row per value rather than a jsonb column on contacts: filtering 100,000 contacts
 * by a field is an index range on (field_id, value) instead of a GIN scan over every contact's blob;
 * deleting a field cascades here and its usage count is a count by field_id; a value write touches
 * one small row, not the contact row the inbox list keeps hot. Numeric range filters can cast the
 * text per field (or get a typed expression index) when the filter slice lands.
 */
export const contactFieldValues = pgTable(
  'contact_field_values',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => contactFields.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.fieldId] }),
    index('contact_field_values_field_value_idx').on(t.fieldId, t.value),
    // The contacts filter's case-insensitive equals on text-like fields (field-conditions.ts).
    index('contact_field_values_field_lower_value_idx').on(t.fieldId, sql`lower(value)`),
  ],
);
