import type { CampaignTimelinePoint } from '@common/api/campaign-sending';
import type { CampaignFunnel } from '@common/api/campaigns';
import { CAMPAIGN_RECIPIENT_GROUPS, type CampaignRecipientGroup } from '@common/api/contact-filter';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { campaignRecipients } from '../db/schema';
import { RECIPIENT_GROUP_SQL } from './recipient-groups';

/**
 * The campaign report's numbers (issue 15): the funnel and the chart of sends and reads over time,
 * read from `campaign_recipients` on its (campaign_id, …) indexes.
 */

const r = campaignRecipients;

export type FunnelCounts = { funnel: CampaignFunnel; retryable: number };

/**
 * The funnel and the failures "Retry failed" would send again, counted in one pass over the
 * campaign's recipients (one aggregate with a FILTER per group; the groups are recipient-groups.ts's).
 */
export async function countFunnelAndRetryable(db: Executor, campaignId: string): Promise<FunnelCounts> {
  const counts = Object.fromEntries(
    CAMPAIGN_RECIPIENT_GROUPS.map((g) => [
      g,
      sql<number>`count(*) filter (where ${RECIPIENT_GROUP_SQL[g]})::int`,
    ]),
  ) as Record<CampaignRecipientGroup, SQL<number>>;
  const [row] = await db
    .select({
      recipients: sql<number>`count(*)::int`,
      ...counts,
      retryable: sql<number>`count(*) filter (where ${r.status} = 'failed' and ${r.retryable})::int`,
    })
    .from(r)
    .where(eq(r.campaignId, campaignId));
  const n = (v: unknown) => Number(v ?? 0);
  return {
    funnel: {
      recipients: n(row?.recipients),
      queued: n(row?.queued),
      sent: n(row?.sent),
      delivered: n(row?.delivered),
      read: n(row?.read),
      replied: n(row?.replied),
      failed: n(row?.failed),
      skipped: n(row?.skipped),
    },
    retryable: n(row?.retryable),
  };
}

/**
 * A campaign's funnel as the contract defines it: cumulative (`sent` = reached sent or further, or
 * failed after it was sent; `delivered` = delivered, read or replied; `read` = read or replied),
 * `queued` = queued or being sent, `recipients` = all. One query, whatever the campaign's size.
 */
export async function countFunnel(db: Executor, campaignId: string): Promise<CampaignFunnel> {
  return (await countFunnelAndRetryable(db, campaignId)).funnel;
}

/** The chart's bucket sizes, smallest first: 10 s up to a week. */
export const TIMELINE_BUCKETS = [
  10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400, 172_800, 604_800,
] as const;
export const MAX_TIMELINE_POINTS = 60;
const DAY = 86_400;

/**
 * The bucket size that shows the span from `first` to `last` (epoch seconds) in at most
 * MAX_TIMELINE_POINTS buckets aligned on multiples of the size (a span beyond 60 weeks: whole days).
 */
export function timelineBucket(first: number, last: number): number {
  const points = (size: number) => Math.floor(last / size) - Math.floor(first / size) + 1;
  const fits = TIMELINE_BUCKETS.find((size) => points(size) <= MAX_TIMELINE_POINTS);
  if (fits) return fits;
  let days = Math.ceil((last - first) / DAY / MAX_TIMELINE_POINTS);
  while (points(days * DAY) > MAX_TIMELINE_POINTS) days++;
  return days * DAY;
}

export type CampaignTimeline = { bucketSeconds: number; timeline: CampaignTimelinePoint[] };

/**
 * Sends (`sent_at`) and reads (`read_at`) over time, counted per bucket from the first to the last of
 * them, empty buckets included, so the chart has at most ~60 evenly spaced points. A campaign that has
 * sent nothing has no points.
 */
export async function campaignTimeline(db: Executor, campaignId: string): Promise<CampaignTimeline> {
  const [span] = await db
    .select({
      first: sql<number | null>`extract(epoch from least(min(${r.sentAt}), min(${r.readAt})))::float8`,
      last: sql<number | null>`extract(epoch from greatest(max(${r.sentAt}), max(${r.readAt})))::float8`,
    })
    .from(r)
    .where(eq(r.campaignId, campaignId));
  if (span?.first == null || span.last == null) return { bucketSeconds: TIMELINE_BUCKETS[0], timeline: [] };
  const first = Number(span.first);
  const last = Number(span.last);
  const size = timelineBucket(first, last);

  // Each recipient gives up to two events (its send, its read); one pass over the campaign's rows.
  const result = (await db.execute(sql`
    select floor(extract(epoch from e.at) / ${size})::bigint::text as bucket,
      count(*) filter (where e.kind = 'sent')::int as sent,
      count(*) filter (where e.kind = 'read')::int as read
    from ${r} cross join lateral (values (${r.sentAt}, 'sent'), (${r.readAt}, 'read')) as e(at, kind)
    where ${r.campaignId} = ${campaignId}::uuid and e.at is not null
    group by 1`)) as unknown as { rows: { bucket: string; sent: number; read: number }[] };
  const rows = result.rows;

  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row]));
  const timeline: CampaignTimelinePoint[] = [];
  for (let b = Math.floor(first / size); b <= Math.floor(last / size); b++) {
    const row = byBucket.get(b);
    timeline.push({
      at: new Date(b * size * 1000).toISOString(),
      sent: Number(row?.sent ?? 0),
      read: Number(row?.read ?? 0),
    });
  }
  return { bucketSeconds: size, timeline };
}
