import type { CampaignAudience } from '@common/api/campaigns';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { campaignRecipients, contacts } from '../db/schema';
import { audienceCondition } from './audience';

/** What the report says of an opted-out contact the campaign left out. */
export const SKIPPED_OPTED_OUT = 'Opted out of marketing messages';
/** What the report says of a recipient whose contact was blocked after the campaign started. */
export const SKIPPED_BLOCKED = 'Blocked';

/**
 * Chooses a campaign's recipients when its sending starts: every contact its audience reaches now, in
 * one statement. Opted-out contacts are kept as `skipped` (the report lists who was left out and why);
 * the others are queued. A second call adds nobody twice. Returns how many were queued and skipped.
 */
export async function chooseRecipients(
  tx: Executor,
  campaign: { id: string; accountId: string; audience: CampaignAudience },
): Promise<{ queued: number; skipped: number }> {
  const where = await audienceCondition(tx, campaign.accountId, campaign.audience);
  const result = (await tx.execute(sql`
    with added as (
      insert into ${campaignRecipients} (campaign_id, account_id, contact_id, status, error)
      select ${campaign.id}::uuid, ${campaign.accountId}::uuid, ${contacts.id},
        case when ${contacts.consent} = 'opted_out' then 'skipped' else 'queued' end,
        case when ${contacts.consent} = 'opted_out' then ${SKIPPED_OPTED_OUT} end
      from ${contacts}
      where ${where}
      on conflict (campaign_id, contact_id) do nothing
      returning status
    )
    select count(*) filter (where status = 'queued')::int as queued,
      count(*) filter (where status = 'skipped')::int as skipped
    from added`)) as unknown as { rows: { queued: number; skipped: number }[] };
  const row = result.rows[0];
  return { queued: Number(row?.queued ?? 0), skipped: Number(row?.skipped ?? 0) };
}
