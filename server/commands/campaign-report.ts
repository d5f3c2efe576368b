import type {
  CampaignReportResponse,
  CampaignSegmentInput,
  RecipientListResponse,
  RecipientStatus,
} from '@common/api/campaign-sending';
import { CAMPAIGN_MSG } from '@common/api/campaigns';
import { EVERY_CONTACT_FILTER } from '@common/api/contact-filter';
import type { Segment } from '@common/api/segments';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { campaignTimeline, countReportFigures } from '../campaigns/report';
import {
  decodeRecipientCursor,
  findRecipientPage,
  type RecipientFilter,
  recipientConditions,
  recipientCsvChunks,
} from '../campaigns/report-recipients';
import type { Executor } from '../db/client';
import { campaignRecipients, campaigns, contacts } from '../db/schema';
import { badRequest, notFound } from '../lib/http-errors';
import { campaignPolicy } from '../policies/campaign';
import type { PolicyActor } from '../policies/define-policy';
import { type CampaignRow, presentCampaigns } from '../presenters/campaign';
import type { CommandDeps } from './deps';
import { createSegment } from './segments';

type ReportActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };

/** The account's campaign (404 otherwise: another team's id is unknown here). */
async function loadCampaign(db: Executor, accountId: string, campaignId: string): Promise<CampaignRow> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound(CAMPAIGN_MSG.notFound);
  return row;
}

/** Recipients are chosen when sending starts: a draft or a scheduled campaign has no funnel yet. */
const NO_RECIPIENTS_YET = new Set(['draft', 'scheduled']);

/**
 * The report every teammate sees: the campaign with its funnel counted now (the stored one may be a
 * second old), the chart of sends and reads, and how many failures "Retry failed" would send again.
 */
export async function getCampaignReport(
  db: Executor,
  actor: ReportActor,
  campaignId: string,
): Promise<CampaignReportResponse> {
  const row = await loadCampaign(db, actor.accountId, campaignId);
  campaignPolicy.authorize(actor, 'view', row);
  const figures = await countReportFigures(db, row.id);
  const fresh = NO_RECIPIENTS_YET.has(row.status) ? row : { ...row, funnel: figures.funnel };
  const [campaign] = await presentCampaigns(db, actor, [fresh]);
  const { bucketSeconds, timeline } = await campaignTimeline(db, row.id, figures.span);
  return { campaign: campaign!, bucketSeconds, timeline, retryable: figures.retryable };
}

export type RecipientListInput = RecipientFilter & { cursor?: string; limit: number };

/** One page of the campaign's recipients for any teammate (400 for a cursor this server did not make). */
export async function listCampaignRecipients(
  db: Executor,
  actor: ReportActor,
  campaignId: string,
  input: RecipientListInput,
): Promise<RecipientListResponse> {
  const row = await loadCampaign(db, actor.accountId, campaignId);
  campaignPolicy.authorize(actor, 'view', row);
  const cursor = input.cursor ? decodeRecipientCursor(input.cursor) : null;
  if (input.cursor && !cursor) throw badRequest('cursor is not valid', 'validation_failed', 'cursor');
  return findRecipientPage(db, row.id, { status: input.status, q: input.q }, cursor, input.limit);
}

export type RecipientExport = { count: number; filename: string; chunks: AsyncGenerator<string> };

/**
 * The filtered recipients as a CSV download (name, phone, status, time, error code, error) for whoever
 * sees the report — every teammate, as the table itself (unlike the Contacts export, which is the
 * owner's). The audit entry `campaign.recipients_exported` is written before the first byte, so every
 * download is on record; the rows stream in keyset batches (campaigns/report-recipients.ts).
 */
export async function exportCampaignRecipients(
  deps: CommandDeps,
  actor: ReportActor,
  campaignId: string,
  filter: { status?: RecipientStatus; q?: string },
  signal?: AbortSignal,
): Promise<RecipientExport> {
  const row = await loadCampaign(deps.db, actor.accountId, campaignId);
  campaignPolicy.authorize(actor, 'view', row);
  const [counted] = await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(campaignRecipients)
    .innerJoin(contacts, eq(contacts.id, campaignRecipients.contactId))
    .where(recipientConditions(row.id, filter));
  const count = Number(counted?.count ?? 0);
  await recordAudit(deps.db, {
    actorId: actor.id,
    teamId: actor.teamId,
    action: 'campaign.recipients_exported',
    subjectType: 'campaign',
    subjectId: row.id,
    details: { count, ...(filter.status ? { status: filter.status } : {}), search: Boolean(filter.q) },
  });
  const day = new Date().toISOString().slice(0, 10);
  return {
    count,
    filename: `campaign-recipients-${day}.csv`,
    chunks: recipientCsvChunks(deps.db, row.id, filter, signal),
  };
}

/**
 * "Save as segment": a segment of the contacts who were this campaign's recipients in the chosen
 * groups (read = read or replied, as the funnel counts), stored as the contacts filter's `campaign`
 * condition, so its live count and the Contacts page read it like any segment. Whoever sees the
 * campaign may save it; the segment rules apply (any teammate saves, names unique, 200 at most).
 */
export async function saveCampaignSegment(
  deps: CommandDeps,
  actor: ReportActor,
  campaignId: string,
  input: Required<CampaignSegmentInput>,
): Promise<Segment> {
  const row = await loadCampaign(deps.db, actor.accountId, campaignId);
  campaignPolicy.authorize(actor, 'view', row);
  const filter = {
    ...EVERY_CONTACT_FILTER,
    campaign: { campaignId: row.id, statuses: [...new Set(input.statuses)] },
  };
  return createSegment(deps, actor, { name: input.name, filter });
}
