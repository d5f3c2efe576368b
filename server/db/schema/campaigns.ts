import type { RecipientStatus } from '@common/api/campaign-sending';
import type {
  CampaignAudience,
  CampaignFunnel,
  CampaignStatus,
  CampaignVariables,
  CampaignWait,
} from '@common/api/campaigns';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { contacts, media, messages, templates } from './inbox';
import { teams, whatsappAccounts } from './teams';

/**
 * A campaign (issue 15; server/campaigns/): an approved template sent to an audience of the account's
 * contacts. A draft holds its parts as the owner picks them (`audience` and `variables` as the
 * contract's schemas output them); sending moves it through scheduled, sending, paused, completed or
 * cancelled.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    /** The team whose activity log gets the campaign's entries. */
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    templateId: uuid('template_id').references(() => templates.id, { onDelete: 'set null' }),
    audience: jsonb('audience').$type<CampaignAudience>(),
    variables: jsonb('variables')
      .$type<CampaignVariables>()
      .notNull()
      .default(sql`'{"body":[],"header":[],"buttons":[]}'::jsonb`),
    headerMediaId: uuid('header_media_id').references(() => media.id, { onDelete: 'set null' }),
    sendRate: integer('send_rate').notNull().default(80),
    timeZone: text('time_zone').notNull().default('UTC'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The funnel as last counted (campaigns/progress.ts), null until sending starts. */
    funnel: jsonb('funnel').$type<CampaignFunnel>(),
    /** Why a sending campaign waits, if it does (the daily messaging limit, Meta's rate limit). */
    wait: text('wait').$type<CampaignWait>(),
    /** When `funnel` was counted: recipients changed since are counted again and announced. */
    progressAt: timestamp('progress_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('campaigns_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id),
    // The sender's looks (every half second in every worker) read only the campaigns in play.
    index('campaigns_live_idx')
      .on(t.status, t.scheduledAt)
      .where(sql`${t.status} in ('scheduled', 'sending', 'paused')`),
  ],
);

/**
 * One contact a campaign goes to, chosen when sending starts; the table is also the send queue. The
 * sender claims `queued` rows (`next_attempt_at` passed) as `sending` with a message id, and Meta's
 * answer and later status webhooks move them on (a trigger on `messages` follows the message's
 * status). Opted-out contacts are kept as `skipped`, so the report says who was left out.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    status: text('status').$type<RecipientStatus>().notNull().default('queued'),
    /**
     * The message in the contact's chat: its id is the send's biz_opaque_callback_data. The foreign key
     * is checked at commit (the migration makes it deferrable): a claim names the message it then stores.
     */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    /** A queued recipient is not claimed before this (a retry's backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a sender took it; a `sending` row whose sender is gone waits for Meta's word, then goes again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    errorCode: integer('error_code'),
    error: text('error'),
    /** A failure Meta may accept later (429, 5xx, throttling): "Retry failed" sends these again. */
    retryable: boolean('retryable').notNull().default(false),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaign_recipients_campaign_contact_key').on(t.campaignId, t.contactId),
    index('campaign_recipients_queue_idx')
      .on(t.campaignId, t.nextAttemptAt, t.id)
      .where(sql`status = 'queued'`),
    index('campaign_recipients_changes_idx').on(t.campaignId, t.statusAt),
    index('campaign_recipients_message_idx').on(t.messageId),
    index('campaign_recipients_contact_idx').on(t.contactId),
    // The number's unique recipients of the last 24 hours (campaigns/tier.ts).
    index('campaign_recipients_account_sent_idx').on(t.accountId, t.sentAt),
  ],
);

/**
 * Which process sends a number's campaigns: one at a time, so the pacing is one bucket per number and
 * no recipient is sent by two processes. A lease not renewed in time passes to another process.
 */
export const campaignSendLeases = pgTable('campaign_send_leases', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
  owner: text('owner').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});
