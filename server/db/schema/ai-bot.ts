import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { contacts } from './inbox';
import { whatsappAccounts } from './teams';

/**
 * The AI bot's settings per account (issue 16, common/api/ai-bot.ts), set by the owner on Marketing →
 * AI Bots. No row: the bot is off with the defaults (AI_BOT_DEFAULTS).
 */
export const aiBotSettings = pgTable('ai_bot_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** 'always' | 'outside_hours'. */
  when: text('when', { enum: ['always', 'outside_hours'] })
    .notNull()
    .default('always'),
  /** BusinessHours: { mon: {open, close} | null, … } in the team's time zone (teams.time_zone). */
  hours: jsonb('hours').notNull(),
  maxTurns: integer('max_turns').notNull().default(5),
  maxRepliesPerHour: integer('max_replies_per_hour').notNull().default(10),
  maxLength: integer('max_length').notNull().default(1000),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The bot in one chat. No row: active. `paused` by a teammate or `handed_over` by the bot (with its
 * reason); `turns` counts the bot's replies since the chat was last resumed (the turn limit).
 */
export const aiBotChats = pgTable(
  'ai_bot_chats',
  {
    contactId: uuid('contact_id')
      .primaryKey()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['active', 'paused', 'handed_over'] })
      .notNull()
      .default('active'),
    reason: text('reason'),
    /** When it was paused or handed over. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().default(sql`now()`),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    turns: integer('turns').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_bot_chats_account_idx').on(t.accountId)],
);
