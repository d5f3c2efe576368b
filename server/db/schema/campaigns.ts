import type { CampaignAudience, CampaignStatus, CampaignVariables } from '@common/api/campaigns';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './accounts';
import { media, templates } from './inbox';
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
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('campaigns_account_created_idx').on(t.accountId, t.createdAt.desc(), t.id)],
);
