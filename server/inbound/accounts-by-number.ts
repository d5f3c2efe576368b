import { desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { whatsappAccounts } from '../db/schema';

/**
 * The connected account each webhook's number (phone_number_id) belongs to. If a number was
 * connected twice (a reconnect under another user), the newest connection receives.
 */
export async function accountsByNumber(tx: Executor, phoneNumberIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(phoneNumberIds)];
  const result = new Map<string, string>();
  if (unique.length === 0) return result;
  const rows = await tx
    .select({ id: whatsappAccounts.id, phoneNumberId: whatsappAccounts.phoneNumberId })
    .from(whatsappAccounts)
    .where(inArray(whatsappAccounts.phoneNumberId, unique))
    .orderBy(desc(whatsappAccounts.updatedAt));
  for (const row of rows) if (!result.has(row.phoneNumberId)) result.set(row.phoneNumberId, row.id);
  return result;
}

/** Every account connected to a WABA (template status webhooks are per WABA). */
export async function accountsForWaba(db: Executor, wabaId: string): Promise<string[]> {
  const rows = await db
    .select({ id: whatsappAccounts.id })
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.wabaId, wabaId));
  return rows.map((r) => r.id);
}
