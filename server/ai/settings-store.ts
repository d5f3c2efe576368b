import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { aiSettings } from '../db/schema';
import { decryptSecret, encryptSecret } from '../lib/crypto';

export type AiSettingsRow = typeof aiSettings.$inferSelect;

/** The account's AI settings row, or null while the owner never saved any. */
export async function loadAiSettings(db: Executor, accountId: string): Promise<AiSettingsRow | null> {
  const [row] = await db.select().from(aiSettings).where(eq(aiSettings.accountId, accountId)).limit(1);
  return row ?? null;
}

/** Seals an API key for storage with SECRET_KEY, exactly as WhatsApp access tokens are. */
export function sealApiKey(key: string, secretKey: string): string {
  return encryptSecret(key, secretKey);
}

/**
 * The stored key in clear, for the call to the model only (never presented). A key sealed with
 * another SECRET_KEY cannot be opened: treated as no key, so the provider refuses and says so.
 */
export function openApiKey(row: AiSettingsRow, secretKey: string): string | null {
  if (!row.apiKeyEncrypted) return null;
  try {
    return decryptSecret(row.apiKeyEncrypted, secretKey);
  } catch {
    return null;
  }
}
