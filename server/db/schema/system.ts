import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Every e-mail the app sends; with no SMTP server configured this is the dev outbox. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The job queue. Claimed with FOR UPDATE SKIP LOCKED, so several processes share it; a claim that
 * outlives its lease (a killed process) is picked up again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_claim_idx').on(t.status, t.runAt), uniqueIndex('jobs_dedupe_key_key').on(t.dedupeKey)],
);

/**
 * The domain-event outbox (server/events/): one row per committed change, written in the change's own
 * transaction and holding its events in order. The process that committed dispatches them at once and
 * deletes the row; a row still here once `available_at` has passed (that process died between commit
 * and dispatch, or lost its lease) is claimed and dispatched by any process.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    events: jsonb('events').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    availableAt: timestamp('available_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '10 seconds'`),
  },
  // No index besides the key: rows live for a tenth of a second, so recovery's scan of the few left is
  // cheaper than keeping a second index up to date on every commit.
);
