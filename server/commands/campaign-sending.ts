import { SENDING_MSG } from '@common/api/campaign-sending';
import type { Campaign, CampaignStatus } from '@common/api/campaigns';
import { isoToZoned, zonedToIso } from '@common/time-zone';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { countAudience } from '../campaigns/audience';
import { chooseRecipients } from '../campaigns/recipients';
import { campaignSignal } from '../campaigns/signal';
import { templatePlan } from '../campaigns/template-plan';
import type { Executor } from '../db/client';
import { campaignRecipients, campaigns, messages } from '../db/schema';
import { badRequest, conflict } from '../lib/http-errors';
import { campaignPolicy } from '../policies/campaign';
import type { PolicyActor } from '../policies/define-policy';
import { type CampaignRow, presentCampaigns } from '../presenters/campaign';
import { teamTimeZone } from '../teams/time-zone';
import { loadCampaign } from './campaigns';
import type { CommandDeps } from './deps';

type CampaignActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };

/** How far ahead a campaign may be scheduled. */
const MAX_SCHEDULE_DAYS = 90;
/** What the report says of the recipients a cancelled campaign never sent to. */
export const SKIPPED_CANCELLED = 'Not sent: the campaign was cancelled';

/**
 * The owner's state changes of a campaign, each in one transaction on the locked row: the state it
 * must be in (409 with the contract's words otherwise), the change, an audit entry and the live frame.
 */
async function transition(
  deps: CommandDeps,
  actor: CampaignActor,
  campaignId: string,
  change: {
    from: CampaignStatus[];
    refused: string;
    action: string;
    apply: (tx: Executor, campaign: CampaignRow) => Promise<Partial<CampaignRow>>;
  },
): Promise<Campaign> {
  const row = await deps.events.transaction(async (tx, emit) => {
    const campaign = await loadCampaign(tx, actor.accountId, campaignId, { lock: true });
    campaignPolicy.authorize(actor, 'send', campaign);
    if (!change.from.includes(campaign.status)) throw conflict(change.refused, 'campaign_state');
    const set = await change.apply(tx, campaign);
    const [updated] = await tx
      .update(campaigns)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(campaigns.id, campaign.id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: change.action,
      subjectType: 'campaign',
      subjectId: campaign.id,
      details: { name: campaign.name, status: updated!.status },
    });
    emit({ kind: 'campaign.changed', accountId: actor.accountId, campaignId: campaign.id, deleted: false });
    return updated!;
  });
  if (row.status === 'sending') campaignSignal.emit('wake');
  return (await presentCampaigns(deps.db, actor, [row]))[0]!;
}

/**
 * The owner sends a draft now (`when` null) or schedules it: at an instant, or at a date and time on
 * the team's wall clock (`{ local: '2026-03-05T09:30' }`), read in the team's time zone. Either way
 * the campaign records the team's zone, in which it is shown. The template must be approved with a
 * value for every variable, and the audience must reach someone. Sending now chooses the recipients
 * in the same transaction; a scheduled campaign chooses them when its time comes.
 */
export async function scheduleCampaign(
  deps: CommandDeps,
  actor: CampaignActor,
  campaignId: string,
  when: Date | { local: string } | null,
  now = new Date(),
): Promise<Campaign> {
  const timeZone = await teamTimeZone(deps.db, actor.teamId);
  const sendAt = when && !(when instanceof Date) ? localInstant(when.local, timeZone) : when;
  if (sendAt && sendAt.getTime() <= now.getTime())
    throw badRequest(SENDING_MSG.sendAtPast, 'validation_failed', 'sendAt');
  if (sendAt && sendAt.getTime() > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000)
    throw badRequest(SENDING_MSG.sendAtTooFar, 'validation_failed', 'sendAt');
  return transition(deps, actor, campaignId, {
    from: ['draft'],
    refused: SENDING_MSG.notDraft,
    action: sendAt ? 'campaign.scheduled' : 'campaign.started',
    async apply(tx, campaign) {
      await templatePlan(tx, campaign);
      if (!campaign.audience) throw badRequest(SENDING_MSG.audienceEmpty, 'validation_failed', 'audience');
      const { recipients } = await countAudience(tx, campaign.accountId, campaign.audience);
      if (recipients === 0) throw badRequest(SENDING_MSG.audienceEmpty, 'validation_failed', 'audience');
      if (sendAt) return { status: 'scheduled', scheduledAt: sendAt, timeZone };
      await chooseRecipients(tx, { ...campaign, audience: campaign.audience });
      return { status: 'sending', scheduledAt: null, startedAt: now, progressAt: null, timeZone };
    },
  });
}

/** '2026-03-05T09:30' on the wall clock of `timeZone` → the instant (400 when it is no date). */
function localInstant(local: string, timeZone: string): Date {
  const [date = '', time = ''] = local.split('T');
  const iso = zonedToIso(date, time, timeZone);
  const instant = iso ? new Date(iso) : null;
  // 2026-02-30 rolls over to March in Date.UTC: refuse it rather than send on another day.
  if (!instant || Number.isNaN(instant.getTime()) || isoToZoned(iso!, timeZone).date !== date)
    throw badRequest(SENDING_MSG.localSendAt, 'validation_failed', 'sendAt');
  return instant;
}

/** A scheduled campaign goes back to being a draft, to be changed. */
export function unscheduleCampaign(deps: CommandDeps, actor: CampaignActor, campaignId: string) {
  return transition(deps, actor, campaignId, {
    from: ['scheduled'],
    refused: SENDING_MSG.notScheduled,
    action: 'campaign.unscheduled',
    apply: async () => ({ status: 'draft', scheduledAt: null }),
  });
}

/** Stops sending within a second: the sender looks at the status before every batch it takes. */
export function pauseCampaign(deps: CommandDeps, actor: CampaignActor, campaignId: string) {
  return transition(deps, actor, campaignId, {
    from: ['sending'],
    refused: SENDING_MSG.notSending,
    action: 'campaign.paused',
    apply: async () => ({ status: 'paused', wait: null }),
  });
}

export function resumeCampaign(deps: CommandDeps, actor: CampaignActor, campaignId: string) {
  return transition(deps, actor, campaignId, {
    from: ['paused'],
    refused: SENDING_MSG.notPaused,
    action: 'campaign.resumed',
    apply: async () => ({ status: 'sending' }),
  });
}

/**
 * Stops a campaign for good. The recipients not sent yet are kept as skipped, with why; a send
 * already on its way to Meta finishes and is reported as it ends.
 */
export function cancelCampaign(deps: CommandDeps, actor: CampaignActor, campaignId: string) {
  return transition(deps, actor, campaignId, {
    from: ['scheduled', 'sending', 'paused'],
    refused: SENDING_MSG.finished,
    action: 'campaign.cancelled',
    async apply(tx, campaign) {
      await tx
        .update(campaignRecipients)
        .set({ status: 'skipped', error: SKIPPED_CANCELLED, statusAt: new Date() })
        .where(and(eq(campaignRecipients.campaignId, campaign.id), eq(campaignRecipients.status, 'queued')));
      return { status: 'cancelled', wait: null, finishedAt: new Date() };
    },
  });
}

/**
 * Sends the finished campaign's retryable failures again (Meta refused them for now: 429, 5xx,
 * throttling, no answer, after the sender's own attempts ran out): each goes back to the queue with
 * its message reset to pending, and the campaign sends again. 131049 (Meta held the message back to
 * protect the customer's engagement) is one of them: the sender never tries it again by itself, but
 * the trigger on messages (migration campaign_sending) marks it retryable, whether it came in the
 * send's answer or a status webhook, so it is sent again here. Final failures (131050, 131026, bad
 * parameters…) stay as they are.
 */
export async function retryFailedRecipients(
  deps: CommandDeps,
  actor: CampaignActor,
  campaignId: string,
): Promise<{ campaign: Campaign; retried: number }> {
  let retried = 0;
  const campaign = await transition(deps, actor, campaignId, {
    from: ['completed'],
    refused: SENDING_MSG.retryWhileSending,
    action: 'campaign.retried',
    async apply(tx, row) {
      const requeued = await tx
        .update(campaignRecipients)
        .set({
          status: 'queued',
          retryable: false,
          error: null,
          errorCode: null,
          attempts: 0,
          claimedAt: null,
          nextAttemptAt: new Date(),
          statusAt: new Date(),
        })
        .where(
          and(
            eq(campaignRecipients.campaignId, row.id),
            eq(campaignRecipients.status, 'failed'),
            eq(campaignRecipients.retryable, true),
          ),
        )
        .returning({ messageId: campaignRecipients.messageId });
      retried = requeued.length;
      if (retried === 0) throw conflict(SENDING_MSG.nothingToRetry, 'nothing_to_retry');
      const ids = requeued.flatMap((r) => (r.messageId ? [r.messageId] : []));
      if (ids.length)
        await tx
          .update(messages)
          .set({
            status: 'pending',
            error: null,
            externalId: null,
            sendStartedAt: null,
            updatedAt: sql`now()`,
          })
          .where(and(inArray(messages.id, ids), eq(messages.status, 'failed')));
      return { status: 'sending', finishedAt: null, progressAt: null };
    },
  });
  return { campaign, retried };
}
