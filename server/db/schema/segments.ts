import type { ContactFilterJsonParsed } from '@common/api/contact-filter';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './accounts';
import { whatsappAccounts } from './teams';

/**
 * Segments (issue 14): a named contacts filter the team shares. `filter` is the normalised output of
 * `contactFilterJsonSchema` (every default filled in), read back with `tableFilterFromJson`.
 */
export const contactSegments = pgTable(
  'contact_segments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<ContactFilterJsonParsed>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('contact_segments_account_name_key').on(t.accountId, sql`lower(name)`)],
);

/** The Contacts table's columns each user chose, per account (`GET/PUT /api/contact-table/columns`). */
export const contactTablePrefs = pgTable(
  'contact_table_prefs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    columns: jsonb('columns').$type<string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.accountId] }),
    index('contact_table_prefs_account_idx').on(t.accountId),
  ],
);
