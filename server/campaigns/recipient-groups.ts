import type { CampaignRecipientGroup } from '@common/api/contact-filter';
import { type SQL, sql } from 'drizzle-orm';
import { campaignRecipients } from '../db/schema';

const r = campaignRecipients;
const statusIn = (...list: string[]) =>
  sql`${r.status} in (${sql.join(
    list.map((s) => sql.raw(`'${s}'`)),
    sql`, `,
  )})`;

/**
 * Which recipients each funnel group holds, as a condition on `campaign_recipients` — the one
 * definition the report's funnel counts and the contacts filter ("Save as segment") select by.
 * Cumulative: a reply was read and delivered, so it counts in those too; `sent` is every recipient
 * whose message left (sent or further, or failed after it was sent: a failed status with `sent_at`).
 * `queued` includes the ones a sender holds right now.
 */
export const RECIPIENT_GROUP_SQL: Record<CampaignRecipientGroup, SQL> = {
  queued: statusIn('queued', 'sending'),
  sent: sql`(${statusIn('sent', 'delivered', 'read', 'replied')} or (${r.status} = 'failed' and ${r.sentAt} is not null))`,
  delivered: statusIn('delivered', 'read', 'replied'),
  read: statusIn('read', 'replied'),
  replied: statusIn('replied'),
  failed: statusIn('failed'),
  skipped: statusIn('skipped'),
};

/** Recipients in any of the groups. */
export function recipientGroupsSql(groups: readonly CampaignRecipientGroup[]): SQL {
  if (groups.length === 0) return sql`false`;
  if (groups.length === 1) return RECIPIENT_GROUP_SQL[groups[0]!];
  return sql`(${sql.join(
    groups.map((g) => RECIPIENT_GROUP_SQL[g]),
    sql` or `,
  )})`;
}
