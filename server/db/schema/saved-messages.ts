import type { SavedInteractive } from '@common/api/interactive';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './accounts';
import { media } from './inbox';
import { teams } from './teams';

/**
 * Canned replies (spec §3 saved_messages). Team messages have `user_id` null and every member of the
 * team uses them; only the owner changes them. An attachment is a `media` row of the team's account
 * (served by GET /api/media/:id), so the composer sends it like any other file.
 */
export const savedMessages = pgTable(
  'saved_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Null for team messages (the only kind the app creates). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull().default(''),
    mediaType: text('media_type', { enum: ['text', 'image', 'video', 'audio', 'document'] })
      .notNull()
      .default('text'),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    filename: text('filename'),
    /**
     * Reply buttons, a list or a link button (issue 17), as `savedInteractiveSchema` parsed it; null
     * for a text. A reply-buttons header file is also `media_id` (so the file is kept and served).
     */
    interactive: jsonb('interactive').$type<SavedInteractive>(),
    ...timestamps,
  },
  (t) => [index('saved_messages_team_created_idx').on(t.teamId, t.createdAt.desc(), t.id.desc())],
);
