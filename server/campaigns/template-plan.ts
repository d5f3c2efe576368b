import { CAMPAIGN_MSG } from '@common/api/campaigns';
import { TEMPLATE_MSG, type TemplateMediaKind, type TemplateView } from '@common/api/templates';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { media, templates } from '../db/schema';
import { badRequest } from '../lib/http-errors';
import type { CampaignRow } from '../presenters/campaign';
import { presentTemplate } from '../templates/components';
import { headerKindOf } from '../templates/media';
import { checkVariablesFit } from './variables';

/** What every send of a campaign shares: the approved template, and the file its header carries. */
export type TemplatePlan = {
  template: TemplateView;
  header: { kind: TemplateMediaKind; mediaId: string } | null;
};

/**
 * The campaign's template as it is sent: approved, with a source for every variable and, for an
 * image/video/document header, the campaign's file or the template's sample (400 with the part that
 * is missing otherwise). Scheduling checks it; the sender reads it again when it starts sending.
 */
export async function templatePlan(db: Executor, campaign: CampaignRow): Promise<TemplatePlan> {
  if (!campaign.templateId)
    throw badRequest(CAMPAIGN_MSG.templateRequired, 'validation_failed', 'templateId');
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.id, campaign.templateId), eq(templates.accountId, campaign.accountId)))
    .limit(1);
  if (!row) throw badRequest(CAMPAIGN_MSG.templateNotFound, 'validation_failed', 'templateId');
  const template = presentTemplate(row);
  if (template.status !== 'approved')
    throw badRequest(CAMPAIGN_MSG.templateNotApproved, 'validation_failed', 'templateId');
  checkVariablesFit(template, campaign.variables);
  const kind = headerKindOf(row);
  if (!kind) return { template, header: null };
  const mediaId = campaign.headerMediaId ?? row.headerMediaId;
  if (!mediaId) throw badRequest(TEMPLATE_MSG.sendMediaRequired(kind), 'validation_failed', 'headerMediaId');
  const [file] = await db
    .select({ id: media.id, kind: media.kind })
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.accountId, campaign.accountId)))
    .limit(1);
  if (file?.kind !== kind)
    throw badRequest(CAMPAIGN_MSG.headerFileNotFound, 'validation_failed', 'headerMediaId');
  return { template, header: { kind, mediaId } };
}
