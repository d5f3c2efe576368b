import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { whatsappAccounts } from './teams';

/**
 * An account's consent keywords (issue 14, common/api/consent.ts): an incoming message whose whole
 * trimmed text equals one of them (any letter case) opts the customer out or back in. No row means
 * the defaults (DEFAULT_OPT_OUT_KEYWORDS / DEFAULT_OPT_IN_KEYWORDS); matching reads the lists in SQL.
 */
export const consentKeywords = pgTable('consent_keywords', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
  /** As the owner typed them (trimmed); matched lowercased. */
  optOut: jsonb('opt_out').$type<string[]>().notNull(),
  optIn: jsonb('opt_in').$type<string[]>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
