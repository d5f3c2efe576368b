import type { StartImportInput } from '@common/api/contact-imports';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { teams, whatsappAccounts } from './teams';

/**
 * A CSV import of contacts (issue 14; server/contact-imports/). The file lives in the media store
 * (`storage_key`) until the import finishes. `rows_done` and the counts are the checkpoint: each batch
 * of rows commits them together with its contacts, so a job that restarts goes on after the last
 * committed batch, never applying a row twice.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid('account_id')
      .notNull()
      .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
    /** The team whose activity log gets the entry at the end. */
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** mapping | queued | running | completed | failed (common/api/contact-imports.ts). */
    status: text('status', { enum: ['mapping', 'queued', 'running', 'completed', 'failed'] })
      .notNull()
      .default('mapping'),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** Under DATA_DIR/media; null once the file was removed (the import finished). */
    storageKey: text('storage_key'),
    delimiter: text('delimiter', { enum: [',', ';'] }).notNull(),
    /** The header row, as read at upload. */
    columns: jsonb('columns').$type<string[]>().notNull(),
    totalRows: integer('total_rows').notNull(),
    /** The start request (columns' targets, country, existing policy, tag), once started. */
    mapping: jsonb('mapping').$type<StartImportInput>(),
    rowsDone: integer('rows_done').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('contact_imports_account_created_idx').on(t.accountId, t.createdAt)],
);

/** A row of an import that was not applied: its line in the file, why, and its cells as read. */
export const contactImportFailures = pgTable(
  'contact_import_failures',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => contactImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    reason: text('reason').notNull(),
    raw: jsonb('raw').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);
