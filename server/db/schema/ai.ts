import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { whatsappAccounts } from './teams';

/**
 * An account's AI settings (issue 16, common/api/ai.ts), set by the team's owner in Settings → AI.
 * No row, or a row without `base_url`/`model`, means the server's AI_* env or the sandbox model.
 * The key is stored sealed with SECRET_KEY like access tokens (lib/crypto.ts) and never leaves the
 * server; the instructions are the team's knowledge sent with every request.
 */
export const aiSettings = pgTable('ai_settings', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => whatsappAccounts.id, { onDelete: 'cascade' }),
  baseUrl: text('base_url'),
  /** `encryptSecret(key, SECRET_KEY)`: `v1.<iv>.<tag>.<data>`; null without a key (a local model). */
  apiKeyEncrypted: text('api_key_encrypted'),
  model: text('model'),
  instructions: text('instructions').notNull().default(''),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
