import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { campaignRecipients } from '../db/schema';

/**
 * Meta's messaging-limit tiers: how many unique customers a number may start conversations with in a
 * rolling 24 hours. Unknown tiers and TIER_UNLIMITED set no limit.
 */
const TIER_LIMITS: Record<string, number> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
};

export function tierLimit(tier: string | null | undefined): number | null {
  return tier ? (TIER_LIMITS[tier] ?? null) : null;
}

/**
 * The number's unique campaign recipients of the last 24 hours: every contact a campaign sent to, or
 * is sending to now, counted once. (Templates sent one by one from the inbox are too few to matter and
 * are not counted.)
 */
export async function recentUniqueRecipients(db: Executor, accountId: string): Promise<number> {
  const result = (await db.execute(sql`
    select count(distinct contact_id)::int as n from ${campaignRecipients}
    where account_id = ${accountId}
      and (sent_at > now() - interval '24 hours'
        or (status = 'sending' and claimed_at > now() - interval '24 hours'))`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}
