import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { whatsappAccounts } from '../db/schema';

/** Every account connected to a WABA (template status webhooks are per WABA). */
export async function accountsForWaba(db: Executor, wabaId: string): Promise<string[]> {
  const rows = await db
    .select({ id: whatsappAccounts.id })
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.wabaId, wabaId));
  return rows.map((r) => r.id);
}
