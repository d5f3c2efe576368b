import type { Campaign } from '@common/api/campaigns';
import type { UserSummary } from '@common/api/inbox';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { type campaigns, templates } from '../db/schema';
import { campaignPolicy } from '../policies/campaign';
import type { PolicyActor } from '../policies/define-policy';
import { loadUserSummaries } from './users';

export type CampaignRow = typeof campaigns.$inferSelect;
type TemplateName = { name: string; language: string };

/** A campaign as the API shows it, with what this actor may do to it. */
export function presentCampaign(
  actor: PolicyActor,
  row: CampaignRow,
  creators: Map<string, UserSummary>,
  templateNames: Map<string, TemplateName>,
): Campaign {
  const { update, delete: del, send } = campaignPolicy.abilities(actor, row);
  const status = row.status;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    templateId: row.templateId,
    template: row.templateId ? (templateNames.get(row.templateId) ?? null) : null,
    audience: row.audience ?? null,
    variables: row.variables,
    headerMediaId: row.headerMediaId,
    sendRate: row.sendRate,
    timeZone: row.timeZone,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    createdBy: row.createdBy ? (creators.get(row.createdBy) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    funnel: row.funnel ?? null,
    wait: row.wait ?? null,
    abilities: {
      update: update && status === 'draft',
      delete: del && (status === 'draft' || status === 'completed' || status === 'cancelled'),
      schedule: send && status === 'draft',
      unschedule: send && status === 'scheduled',
      pause: send && status === 'sending',
      resume: send && status === 'paused',
      cancel: send && (status === 'scheduled' || status === 'sending' || status === 'paused'),
      retry: send && status === 'completed',
    },
  };
}

/** Many campaigns, their creators and templates read in one query each. */
export async function presentCampaigns(
  db: Executor,
  actor: PolicyActor,
  rows: CampaignRow[],
): Promise<Campaign[]> {
  const creators = await loadUserSummaries(
    db,
    rows.map((r) => r.createdBy),
  );
  const templateIds = [...new Set(rows.flatMap((r) => (r.templateId ? [r.templateId] : [])))];
  const names = templateIds.length
    ? await db
        .select({ id: templates.id, name: templates.name, language: templates.language })
        .from(templates)
        .where(inArray(templates.id, templateIds))
    : [];
  const templateNames = new Map(names.map((t) => [t.id, { name: t.name, language: t.language }]));
  return rows.map((row) => presentCampaign(actor, row, creators, templateNames));
}
