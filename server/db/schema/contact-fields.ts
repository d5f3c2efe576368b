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
 * as yyyy-mm-dd). The source of truth: a value write touches one small row, deleting a field cascades
 * here, and its usage count is a count by field_id. The Contacts filters read a derived copy on the
 * contact's own row (contacts.field_values, kept equal by triggers; see db/filter-columns.ts).
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
    // A field's usage count and the cascade when it is deleted; filters read contacts.field_values.
    index('contact_field_values_field_idx').on(t.fieldId),
  ],
);
