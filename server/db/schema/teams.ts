import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './accounts';

/** A connected WhatsApp Business number. The access token is stored encrypted with SECRET_KEY. */
export const whatsappAccounts = pgTable(
  'whatsapp_accounts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: text('business_id'),
    wabaId: text('waba_id'),
    phoneNumberId: text('phone_number_id').notNull(),
    displayPhoneNumber: text('display_phone_number'),
    accessTokenEncrypted: text('access_token_encrypted'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    name: text('name'),
    businessName: text('business_name'),
    /** Meta's messaging-limit tier of the number when it was connected (campaigns/tier.ts). */
    messagingLimitTier: text('messaging_limit_tier'),
    nextRefreshCheck: timestamp('next_refresh_check', { withTimezone: true }),
    lastRefreshAttempt: timestamp('last_refresh_attempt', { withTimezone: true }),
    refreshAttemptsCount: integer('refresh_attempts_count').notNull().default(0),
    refreshErrorLog: jsonb('refresh_error_log').notNull().default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('whatsapp_accounts_user_id_key').on(t.userId),
    index('whatsapp_accounts_phone_number_id_idx').on(t.phoneNumberId),
  ],
);

export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull().default('My Team'),
  whatsappAccountId: uuid('whatsapp_account_id').references(() => whatsappAccounts.id, {
    onDelete: 'set null',
  }),
  settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
  /**
   * The team's IANA time zone (common/time-zone.ts): campaigns are scheduled and the AI bot's business
   * hours are read in it. Set by the owner in Settings → Team; UTC until then.
   */
  timeZone: text('time_zone').notNull().default('UTC'),
  ...timestamps,
});

export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    status: text('status', { enum: ['active', 'invited'] }).notNull(),
    /** An open invitation's link secret (sha-256 of it; the secret itself is only ever e-mailed). */
    inviteTokenHash: text('invite_token_hash'),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('team_members_team_email_key').on(t.teamId, t.email),
    index('team_members_user_id_idx').on(t.userId),
    index('team_members_email_idx').on(t.email),
    uniqueIndex('team_members_invite_token_hash_key').on(t.inviteTokenHash),
    check('team_members_role_check', sql`${t.role} in ('owner', 'member')`),
    check('team_members_status_check', sql`${t.status} in ('active', 'invited')`),
  ],
);
