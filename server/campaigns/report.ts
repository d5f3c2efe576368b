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

/** The first and last send or read of a campaign, in epoch seconds; null before anything was sent. */
export type TimelineSpan = { first: number; last: number } | null;
export type ReportFigures = { funnel: CampaignFunnel; retryable: number; span: TimelineSpan };

/**
 * The funnel, the failures "Retry failed" would send again and the chart's span, counted in one pass
 * over the campaign's recipients (one aggregate with a FILTER per group; the groups are
 * recipient-groups.ts's). Measured at 100,000 recipients: a sequential read of the campaign's rows,
 * ~70 ms on PostgreSQL; an index would not read fewer rows.
 */
export async function countReportFigures(db: Executor, campaignId: string): Promise<ReportFigures> {
  const [row] = await db
    .select({
      ...funnelColumns(),
      retryable: sql<number>`count(*) filter (where ${r.status} = 'failed' and ${r.retryable})::int`,
      first: sql<number | null>`extract(epoch from least(min(${r.sentAt}), min(${r.readAt})))::float8`,
      last: sql<number | null>`extract(epoch from greatest(max(${r.sentAt}), max(${r.readAt})))::float8`,
    })
    .from(r)
    .where(eq(r.campaignId, campaignId));
  const first = row?.first ?? null;
  const last = row?.last ?? null;
  return {
    funnel: funnelOf(row),
    retryable: Number(row?.retryable ?? 0),
    span: first === null || last === null ? null : { first: Number(first), last: Number(last) },
  };
}

function funnelColumns() {
  const groups = Object.fromEntries(
    CAMPAIGN_RECIPIENT_GROUPS.map((g) => [
      g,
      sql<number>`count(*) filter (where ${RECIPIENT_GROUP_SQL[g]})::int`,
    ]),
  ) as Record<CampaignRecipientGroup, SQL<number>>;
  return { recipients: sql<number>`count(*)::int`, ...groups };
}

function funnelOf(row: Partial<Record<keyof CampaignFunnel, unknown>> | undefined): CampaignFunnel {
  const n = (key: keyof CampaignFunnel) => Number(row?.[key] ?? 0);
  return {
    recipients: n('recipients'),
    queued: n('queued'),
    sent: n('sent'),
    delivered: n('delivered'),
    read: n('read'),
    replied: n('replied'),
    failed: n('failed'),
    skipped: n('skipped'),
  };
}

/**
 * A campaign's funnel as the contract defines it: cumulative (`sent` = reached sent or further, or
 * failed after it was sent; `delivered` = delivered, read or replied; `read` = read or replied),
 * `queued` = queued or being sent, `recipients` = all. One query, whatever the campaign's size.
 */
export async function countFunnel(db: Executor, campaignId: string): Promise<CampaignFunnel> {
  const [row] = await db.select(funnelColumns()).from(r).where(eq(r.campaignId, campaignId));
  return funnelOf(row);
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

/**
 * The buckets the chart shows (bucket numbers, first and last included): those from the first to the
 * last send or read, and, when that is fewer than three, an empty one on each side, so a campaign sent
 * within a few seconds still draws a line and its axis reads two different times.
 */
export function timelineRange(first: number, last: number, size: number): [number, number] {
  const from = Math.floor(first / size);
  const to = Math.floor(last / size);
  return to - from < 2 ? [from - 1, to + 1] : [from, to];
}

export type CampaignTimeline = { bucketSeconds: number; timeline: CampaignTimelinePoint[] };

/**
 * Sends (`sent_at`) and reads (`read_at`) over time, counted per bucket from the first to the last of
 * them, empty buckets included, so the chart has at most ~60 evenly spaced points. A campaign that has
 * sent nothing has no points.
 */
export async function campaignTimeline(
  db: Executor,
  campaignId: string,
  known?: TimelineSpan,
): Promise<CampaignTimeline> {
  const span = known === undefined ? (await countReportFigures(db, campaignId)).span : known;
  if (!span) return { bucketSeconds: TIMELINE_BUCKETS[0], timeline: [] };
  const { first, last } = span;
  const size = timelineBucket(first, last);

  // Grouped by (send bucket, read bucket): one pass, at most ~61 × 61 groups, summed per bucket
  // below. date_bin works on the timestamps' integers (a numeric epoch division was 4× slower).
  const bucket = (column: typeof r.sentAt | typeof r.readAt) =>
    sql`date_bin(make_interval(secs => ${size}::int), ${column}, 'epoch'::timestamptz)`;
  const result = (await db.execute(sql`
    select (extract(epoch from g.sent)::bigint / ${size}::int)::text as sent,
      (extract(epoch from g.read)::bigint / ${size}::int)::text as read, g.n
    from (
      select ${bucket(r.sentAt)} as sent, ${bucket(r.readAt)} as read, count(*)::int as n
      from ${r}
      where ${r.campaignId} = ${campaignId}::uuid and (${r.sentAt} is not null or ${r.readAt} is not null)
      group by 1, 2
    ) g`)) as unknown as { rows: { sent: string | null; read: string | null; n: number }[] };
  const sends = new Map<number, number>();
  const reads = new Map<number, number>();
  for (const row of result.rows) {
    if (row.sent !== null) sends.set(Number(row.sent), (sends.get(Number(row.sent)) ?? 0) + Number(row.n));
    if (row.read !== null) reads.set(Number(row.read), (reads.get(Number(row.read)) ?? 0) + Number(row.n));
  }

  const timeline: CampaignTimelinePoint[] = [];
  const [from, to] = timelineRange(first, last, size);
  for (let b = from; b <= to; b++) {
    timeline.push({
      at: new Date(b * size * 1000).toISOString(),
      sent: sends.get(b) ?? 0,
      read: reads.get(b) ?? 0,
    });
  }
  return { bucketSeconds: size, timeline };
}
