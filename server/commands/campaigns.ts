import {
  type AudienceCount,
  CAMPAIGN_MSG,
  type Campaign,
  type CampaignAudience,
  type CampaignPreviewRecipient,
  type CreateCampaignBody,
  type MessagingLimitResponse,
  type UpdateCampaignBody,
} from '@common/api/campaigns';
import { renderTemplateText } from '@common/api/templates';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { audienceCondition, checkAudience, countAudience } from '../campaigns/audience';
import { recentUniqueRecipients, tierLimit } from '../campaigns/tier';
import { fieldIdsOf, fieldValuesOf, valuesFor } from '../campaigns/variables';
import type { Executor } from '../db/client';
import { campaigns, contactFields, contacts, media, templates, whatsappAccounts } from '../db/schema';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { campaignPolicy } from '../policies/campaign';
import type { PolicyActor } from '../policies/define-policy';
import { type CampaignRow, presentCampaigns } from '../presenters/campaign';
import { contactNameColumns } from '../presenters/contact-name';
import { teamTimeZone } from '../teams/time-zone';
import { presentTemplate } from '../templates/components';
import type { CommandDeps } from './deps';

type CampaignActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };
type DraftParts = Omit<UpdateCampaignBody, 'name'>;

/** Campaigns that are over, or never started, may be deleted; the others are cancelled first. */
const DELETABLE = new Set(['draft', 'completed', 'cancelled']);

/** The account's campaign (404 otherwise); `lock` holds its row until the transaction ends. */
export async function loadCampaign(
  db: Executor,
  accountId: string,
  campaignId: string,
  { lock = false } = {},
): Promise<CampaignRow> {
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.accountId, accountId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(CAMPAIGN_MSG.notFound);
  return row;
}

/**
 * A draft's parts must name the account's own rows: its template, header file, segment or tags, and
 * the fields its variables read (400 with the part that is wrong). Whether they fit together — an
 * approved template, a value for each of its variables — is checked when the campaign is scheduled.
 */
async function checkParts(db: Executor, accountId: string, parts: DraftParts) {
  if (parts.templateId) {
    const [found] = await db
      .select({ id: templates.id })
      .from(templates)
      .where(and(eq(templates.id, parts.templateId), eq(templates.accountId, accountId)));
    if (!found) throw badRequest(CAMPAIGN_MSG.templateNotFound, 'validation_failed', 'templateId');
  }
  if (parts.headerMediaId) {
    const [found] = await db
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, parts.headerMediaId), eq(media.accountId, accountId)));
    if (!found) throw badRequest(CAMPAIGN_MSG.headerFileNotFound, 'validation_failed', 'headerMediaId');
  }
  if (parts.audience) await checkAudience(db, accountId, parts.audience);
  if (parts.variables) {
    const ids = fieldIdsOf(parts.variables);
    const found = ids.length
      ? await db
          .select({ id: contactFields.id })
          .from(contactFields)
          .where(and(eq(contactFields.accountId, accountId), inArray(contactFields.id, ids)))
      : [];
    if (found.length !== ids.length)
      throw badRequest(CAMPAIGN_MSG.fieldNotFound, 'validation_failed', 'variables');
  }
}

/** The account's campaigns, newest first, with what the actor may do to each. Every teammate. */
export async function listCampaigns(db: Executor, actor: CampaignActor): Promise<Campaign[]> {
  campaignPolicy.authorize(actor, 'view', { accountId: actor.accountId });
  const rows = await db
    .select()
    .from(campaigns)
    .where(eq(campaigns.accountId, actor.accountId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return presentCampaigns(db, actor, rows);
}

export async function getCampaign(db: Executor, actor: CampaignActor, campaignId: string): Promise<Campaign> {
  const row = await loadCampaign(db, actor.accountId, campaignId);
  campaignPolicy.authorize(actor, 'view', row);
  return (await presentCampaigns(db, actor, [row]))[0]!;
}

/** The owner starts a draft: a name, and whatever parts are already chosen. */
export async function createCampaign(
  deps: CommandDeps,
  actor: CampaignActor,
  input: CreateCampaignBody,
): Promise<Campaign> {
  campaignPolicy.authorize(actor, 'create', { accountId: actor.accountId });
  await checkParts(deps.db, actor.accountId, input);
  const row = await deps.events.transaction(async (tx, emit) => {
    const [created] = await tx
      .insert(campaigns)
      .values({
        accountId: actor.accountId,
        teamId: actor.teamId,
        name: input.name,
        templateId: input.templateId ?? null,
        audience: input.audience ?? null,
        ...(input.variables ? { variables: input.variables } : {}),
        headerMediaId: input.headerMediaId ?? null,
        ...(input.sendRate !== undefined ? { sendRate: input.sendRate } : {}),
        // Shown in the team's zone; scheduling records the team's zone of that moment.
        timeZone: input.timeZone ?? (await teamTimeZone(tx, actor.teamId)),
        createdBy: actor.id,
      })
      .returning();
    await audit(tx, actor, 'campaign.created', created!.id, { name: input.name });
    emit({ kind: 'campaign.changed', accountId: actor.accountId, campaignId: created!.id, deleted: false });
    return created!;
  });
  return (await presentCampaigns(deps.db, actor, [row]))[0]!;
}

/**
 * The owner changes a draft's parts. A campaign past its draft is scheduled, paused or cancelled
 * instead (409).
 */
export async function updateCampaign(
  deps: CommandDeps,
  actor: CampaignActor,
  campaignId: string,
  input: UpdateCampaignBody,
): Promise<Campaign> {
  const current = await loadCampaign(deps.db, actor.accountId, campaignId);
  campaignPolicy.authorize(actor, 'update', current);
  await checkParts(deps.db, actor.accountId, input);
  const row = await deps.events.transaction(async (tx, emit) => {
    const campaign = await loadCampaign(tx, actor.accountId, campaignId, { lock: true });
    campaignPolicy.authorize(actor, 'update', campaign);
    if (campaign.status !== 'draft') throw conflict(CAMPAIGN_MSG.notDraft, 'campaign_not_draft');
    const [updated] = await tx
      .update(campaigns)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.templateId !== undefined ? { templateId: input.templateId } : {}),
        ...(input.audience !== undefined ? { audience: input.audience } : {}),
        ...(input.variables !== undefined ? { variables: input.variables } : {}),
        ...(input.headerMediaId !== undefined ? { headerMediaId: input.headerMediaId } : {}),
        ...(input.sendRate !== undefined ? { sendRate: input.sendRate } : {}),
        ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
        updatedAt: new Date(),
      })
      .where(eq(campaigns.id, campaign.id))
      .returning();
    await audit(tx, actor, 'campaign.updated', campaign.id, {
      name: updated!.name,
      changed: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined),
    });
    emit({ kind: 'campaign.changed', accountId: actor.accountId, campaignId: campaign.id, deleted: false });
    return updated!;
  });
  return (await presentCampaigns(deps.db, actor, [row]))[0]!;
}

/** The owner deletes a draft, or a campaign that is over (a live one is cancelled first: 409). */
export async function deleteCampaign(deps: CommandDeps, actor: CampaignActor, campaignId: string) {
  await deps.events.transaction(async (tx, emit) => {
    const campaign = await loadCampaign(tx, actor.accountId, campaignId, { lock: true });
    campaignPolicy.authorize(actor, 'delete', campaign);
    if (!DELETABLE.has(campaign.status)) throw conflict(CAMPAIGN_MSG.notDeletable, 'campaign_not_deletable');
    await tx.delete(campaigns).where(eq(campaigns.id, campaign.id));
    await audit(tx, actor, 'campaign.deleted', campaign.id, { name: campaign.name });
    emit({ kind: 'campaign.changed', accountId: actor.accountId, campaignId: campaign.id, deleted: true });
  });
}

/** Who an audience reaches now, and how many opted-out contacts it leaves out. Every teammate. */
export async function countCampaignAudience(
  db: Executor,
  actor: CampaignActor,
  audience: CampaignAudience,
): Promise<AudienceCount> {
  campaignPolicy.authorize(actor, 'view', { accountId: actor.accountId });
  await checkAudience(db, actor.accountId, audience);
  return countAudience(db, actor.accountId, audience);
}

/** The number's messaging limit and what campaigns used of it in the last 24 hours (every teammate). */
export async function campaignMessagingLimit(
  db: Executor,
  actor: CampaignActor,
): Promise<MessagingLimitResponse> {
  campaignPolicy.authorize(actor, 'view', { accountId: actor.accountId });
  const [account] = await db
    .select({ tier: whatsappAccounts.messagingLimitTier })
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.id, actor.accountId));
  const tier = account?.tier ?? null;
  return {
    tier,
    perDay: tierLimit(tier),
    usedLast24h: await recentUniqueRecipients(db, actor.accountId),
  };
}

/**
 * The campaign as three real recipients of its audience would read it (the most recently active
 * first), each with their own values and fallbacks; a variable without a source shows as `{{n}}`.
 */
export async function previewCampaign(
  db: Executor,
  actor: CampaignActor,
  campaignId: string,
): Promise<CampaignPreviewRecipient[]> {
  const campaign = await loadCampaign(db, actor.accountId, campaignId);
  campaignPolicy.authorize(actor, 'view', campaign);
  if (!campaign.templateId)
    throw badRequest(CAMPAIGN_MSG.templateRequired, 'validation_failed', 'templateId');
  if (!campaign.audience) throw badRequest(CAMPAIGN_MSG.audienceRequired, 'validation_failed', 'audience');
  const [templateRow] = await db.select().from(templates).where(eq(templates.id, campaign.templateId));
  if (!templateRow) throw badRequest(CAMPAIGN_MSG.templateNotFound, 'validation_failed', 'templateId');
  const template = presentTemplate(templateRow);
  const people = await db
    .select(contactNameColumns)
    .from(contacts)
    .where(
      and(await audienceCondition(db, actor.accountId, campaign.audience), ne(contacts.consent, 'opted_out')),
    )
    .orderBy(sql`${contacts.lastMessageAt} desc nulls last`, asc(contacts.id))
    .limit(3);
  const fields = await fieldValuesOf(
    db,
    people.map((p) => p.id),
    fieldIdsOf(campaign.variables),
  );
  return people.map((p) => {
    // The name the inbox shows (contact presenter): the teammates' name for them, else WhatsApp's.
    const name = p.customName ?? p.profileName;
    const values = valuesFor(campaign.variables, {
      name,
      phone: p.phone,
      fields: fields.get(p.id) ?? new Map(),
    });
    return { contactId: p.id, name, phone: `+${p.phone}`, text: renderTemplateText(template, values) };
  });
}

function audit(tx: Executor, actor: CampaignActor, action: string, subjectId: string, details: object) {
  return recordAudit(tx, {
    actorId: actor.id,
    teamId: actor.teamId,
    action,
    subjectType: 'campaign',
    subjectId,
    details: details as Record<string, unknown>,
  });
}
