import type { CampaignFunnel } from '@common/api/campaigns';
import { sql } from 'drizzle-orm';
import { campaignRecipients, campaigns } from '../db/schema';
import type { SenderDeps } from './pump';
import { countFunnel } from './report';

/** How many changed campaigns one look counts at most (the rest wait for the next look). */
const PER_LOOK = 20;
/**
 * How long a finished campaign's funnel is still followed: its deliveries, reads and replies (a reply
 * counts within three days) come in after it has sent. Past that, its report still counts afresh when
 * opened; the list keeps the last count.
 */
const FOLLOW_DAYS = 7;
/** How far behind the count the "counted up to" mark is kept. */
const SETTLE_MS = 5000;

/**
 * Counts again the funnel of every campaign whose recipients changed since it was last counted, stores
 * it on the campaign (the list reads it from there) and announces `campaign.changed` — at most once per
 * campaign per look of a sender (half a second), however many sends and status webhooks came in. With
 * several processes the one whose update lands first announces; the others find nothing changed.
 */
export async function announceProgress(deps: Pick<SenderDeps, 'db' | 'events'>): Promise<void> {
  const changed = (await deps.db.execute(sql`
    select c.id, c.account_id, c.progress_at, c.funnel from ${campaigns} c
    where (c.status in ('sending', 'paused')
        or (c.status in ('completed', 'cancelled') and c.finished_at > now() - ${FOLLOW_DAYS} * interval '1 day'))
      and exists (select 1 from ${campaignRecipients} r
        where r.campaign_id = c.id and r.status_at > coalesce(c.progress_at, '-infinity'::timestamptz))
    limit ${PER_LOOK}`)) as unknown as {
    rows: { id: string; account_id: string; progress_at: string | Date | null; funnel: unknown }[];
  };
  for (const row of changed.rows) {
    // A change stamps status_at with its transaction's start, and may commit after this count: the
    // mark stays a few seconds behind, so such a change is counted again; only a new funnel is announced.
    const at = new Date(Date.now() - SETTLE_MS);
    const funnel = await countFunnel(deps.db, row.id);
    const before = row.funnel as Partial<CampaignFunnel> | null;
    const same =
      before !== null &&
      (Object.keys(funnel) as (keyof CampaignFunnel)[]).every((k) => funnel[k] === before[k]);
    const previous = row.progress_at === null ? null : new Date(row.progress_at);
    await deps.events.transaction(async (tx, emit) => {
      const result = (await tx.execute(sql`
        update ${campaigns} set funnel = ${JSON.stringify(funnel)}::jsonb, progress_at = ${at.toISOString()}::timestamptz
        where id = ${row.id} and progress_at is not distinct from ${previous?.toISOString() ?? null}::timestamptz
        returning id`)) as unknown as { rows: unknown[] };
      if (result.rows.length > 0 && !same)
        emit({ kind: 'campaign.changed', accountId: row.account_id, campaignId: row.id, deleted: false });
    });
  }
}
