import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ChannelProvider, WhatsAppChannel } from '../channel/channel';
import type { Database } from '../db/client';
import { campaignRecipients, campaigns, whatsappAccounts } from '../db/schema';
import type { Env } from '../env';
import type { EventBus } from '../events/bus';
import { uploadedMedia } from '../outbound/message-send.job';
import { classifySendFailure, sendError } from '../outbound/send-errors';
import type { CampaignRow } from '../presenters/campaign';
import { GraphApiError, GraphConfigError } from '../whatsapp/graph-errors';
import { recordOutcomes, type SendOutcome } from './outcomes';
import { Pacer } from './pacer';
import { type ClaimedSend, claimSends, type SendPlan } from './send-batch';
import { templatePlan } from './template-plan';
import { recentUniqueRecipients, tierLimit } from './tier';

export type SenderDeps = {
  db: Database;
  env: Env;
  log: Logger;
  events: EventBus;
  channels: ChannelProvider;
};

/** A recipient Meta refused for now is tried this many times in all before it counts as failed. */
export const CAMPAIGN_SEND_ATTEMPTS = 6;
const RATE_LIMITED = 130429;
/** How often the campaign row is read again (its rate, a pause or cancel also stops claims at once). */
const REREAD_MS = 500;
/** Outcomes are stored together, at most this often or this many at a time. */
const FLUSH_MS = 100;
const FLUSH_MAX = 250;
/** How often the number's 24-hour count of unique recipients is read again (more often when at the limit). */
const TIER_RECOUNT_MS = 5_000;

/** 1 s, 2 s, 4 s … 60 s, with up to a fifth more at random, so retries do not come back together. */
export function campaignRetryDelayMs(attempt: number): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return base + Math.floor(Math.random() * base * 0.2);
}

/** The number's oldest sending campaign, if any. */
async function nextCampaign(db: Database, accountId: string): Promise<CampaignRow | null> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.accountId, accountId), eq(campaigns.status, 'sending')))
    .orderBy(asc(campaigns.startedAt), asc(campaigns.id))
    .limit(1);
  return row ?? null;
}

/**
 * Sends one number's campaigns while this process holds the number's lease (`holds()`): one campaign
 * at a time, oldest first, paced by one bucket. Each turn it takes as many queued recipients as the
 * bucket allows (one transaction stores their messages as pending), sends them concurrently, and
 * stores the answers in batches. It stops when no campaign of the number is sending, or the lease is
 * lost; what it has in flight is finished and stored first.
 */
export async function pumpAccount(deps: SenderDeps, accountId: string, holds: () => boolean): Promise<void> {
  const { db, log } = deps;
  const pacer = new Pacer(1);
  const inFlight = new Set<Promise<void>>();
  let outcomes: SendOutcome[] = [];
  let lastFlush = performance.now();
  let campaign: CampaignRow | null = null;
  let readAt = 0;
  let plan: { campaignId: string; plan: SendPlan; channel: WhatsAppChannel } | null = null;
  // Unique recipients the messaging-limit tier still allows in the rolling 24 hours (null: no limit).
  let room24h: number | null = null;
  let countedAt = -Infinity;

  const flush = async () => {
    if (outcomes.length === 0) return;
    const batch = outcomes;
    outcomes = [];
    lastFlush = performance.now();
    await recordOutcomes(deps.events, batch);
  };
  const send = async (channel: WhatsAppChannel, claimed: ClaimedSend) => {
    // Awaited first: `outcomes.push(await …)` would read `outcomes` before the send, and an answer
    // that came after a flush would land in the batch already stored, and be lost.
    const outcome = await attempt(channel, claimed, pacer);
    outcomes.push(outcome);
  };

  try {
    while (holds()) {
      const now = performance.now();
      if (!campaign || now - readAt >= REREAD_MS) {
        campaign = await nextCampaign(db, accountId);
        readAt = now;
        if (!campaign) break;
        pacer.setRate(campaign.sendRate);
      }
      if (plan?.campaignId !== campaign.id) {
        plan = await preparePlan(deps, campaign);
        if (!plan) {
          campaign = null;
          continue;
        }
      }
      if (now - countedAt >= TIER_RECOUNT_MS) {
        room24h = await tierRoom(deps, accountId);
        countedAt = now;
        await setWait(deps, campaign, room24h === 0 ? 'messaging_limit' : null);
      }
      if (room24h === 0) {
        await flush(); // the answers of the sends before the limit are stored while it waits
        await sleep(250);
        continue;
      }
      const room = Math.max(0, Math.min(Math.max(16, pacer.pace) - inFlight.size, room24h ?? Infinity));
      const want = pacer.take(room);
      let taken = 0;
      if (want > 0) {
        const { plan: sendPlan, channel } = plan;
        const current = campaign;
        const claimed = await db.transaction((tx) => claimSends(tx, current, sendPlan, want));
        taken = claimed.length;
        pacer.giveBack(want - taken);
        if (room24h !== null) room24h -= taken;
        for (const c of claimed) {
          const p: Promise<void> = send(channel, c).finally(() => inFlight.delete(p));
          inFlight.add(p);
        }
      }
      if (outcomes.length >= FLUSH_MAX || (outcomes.length > 0 && now - lastFlush >= FLUSH_MS)) await flush();
      if (want > 0 && taken === 0 && inFlight.size === 0) {
        await flush();
        if (await finishIfDone(deps, campaign.id)) {
          campaign = null;
          continue;
        }
        await sleep(200); // retries waiting for their time, or sends of another process settling
        continue;
      }
      await sleep(Math.min(50, Math.max(5, pacer.waitMs())));
    }
  } finally {
    await Promise.allSettled([...inFlight]);
    await flush().catch((error) => log.error({ err: error }, 'could not store campaign send outcomes'));
  }
}

/** One send to Meta and what it means for the recipient; never throws. */
async function attempt(channel: WhatsAppChannel, claimed: ClaimedSend, pacer: Pacer): Promise<SendOutcome> {
  try {
    const { externalId } = await channel.send(claimed.message);
    return { kind: 'sent', send: claimed, externalId };
  } catch (error) {
    const kind = classifySendFailure(error);
    if (kind === 'ambiguous') return { kind: 'unconfirmed', send: claimed };
    if (kind === 'retry') {
      if (error instanceof GraphApiError && (error.code === RATE_LIMITED || error.httpStatus === 429))
        pacer.slowDown();
      if (claimed.attempts < CAMPAIGN_SEND_ATTEMPTS)
        return { kind: 'retry', send: claimed, delayMs: campaignRetryDelayMs(claimed.attempts) };
      return { kind: 'failed', send: claimed, error: sendError(error, 'template'), retryable: true };
    }
    return { kind: 'failed', send: claimed, error: sendError(error, 'template'), retryable: false };
  }
}

/**
 * The campaign's template and channel, the header file uploaded once. A campaign that cannot be sent
 * any more (its template deleted or no longer approved, no token) is paused with the reason logged,
 * so the owner sees it stopped instead of failing every recipient.
 */
async function preparePlan(
  deps: SenderDeps,
  campaign: CampaignRow,
): Promise<{ campaignId: string; plan: SendPlan; channel: WhatsAppChannel } | null> {
  try {
    const channel = await deps.channels.forAccount(deps.db, campaign.accountId);
    if (!channel) throw new GraphConfigError('The account has no access token');
    const plan = await templatePlan(deps.db, campaign);
    const headerProviderId = plan.header
      ? (await uploadedMedia(deps, channel, plan.header.mediaId)).id
      : null;
    return { campaignId: campaign.id, plan: { ...plan, headerProviderId }, channel };
  } catch (error) {
    deps.log.warn({ err: error, campaignId: campaign.id }, 'campaign cannot be sent now; pausing it');
    await deps.events.transaction(async (tx, emit) => {
      await tx
        .update(campaigns)
        .set({ status: 'paused', updatedAt: new Date() })
        .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'sending')));
      emit({
        kind: 'campaign.changed',
        accountId: campaign.accountId,
        campaignId: campaign.id,
        deleted: false,
      });
    });
    return null;
  }
}

/** Completes a sending campaign none of whose recipients is queued or on its way. */
async function finishIfDone(deps: SenderDeps, campaignId: string): Promise<boolean> {
  return deps.events.transaction(async (tx, emit) => {
    const [done] = await tx
      .update(campaigns)
      .set({
        status: 'completed',
        wait: null,
        finishedAt: new Date(),
        progressAt: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(campaigns.id, campaignId),
          eq(campaigns.status, 'sending'),
          sql`not exists (select 1 from ${campaignRecipients} r
            where r.campaign_id = ${campaignId} and r.status in ('queued', 'sending'))`,
        ),
      )
      .returning({ accountId: campaigns.accountId });
    if (done) emit({ kind: 'campaign.changed', accountId: done.accountId, campaignId, deleted: false });
    return Boolean(done);
  });
}

/** How many more unique recipients the number's messaging-limit tier allows now; null: no limit. */
async function tierRoom(deps: SenderDeps, accountId: string): Promise<number | null> {
  const [account] = await deps.db
    .select({ tier: whatsappAccounts.messagingLimitTier })
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.id, accountId));
  const limit = tierLimit(account?.tier);
  if (limit === null) return null;
  return Math.max(0, limit - (await recentUniqueRecipients(deps.db, accountId)));
}

/** Says on the campaign why it waits (or that it no longer does), announcing a change. */
async function setWait(deps: SenderDeps, campaign: CampaignRow, wait: 'messaging_limit' | null) {
  if ((campaign.wait ?? null) === wait) return;
  campaign.wait = wait;
  await deps.events.transaction(async (tx, emit) => {
    await tx
      .update(campaigns)
      .set({ wait, updatedAt: new Date() })
      .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, 'sending')));
    emit({
      kind: 'campaign.changed',
      accountId: campaign.accountId,
      campaignId: campaign.id,
      deleted: false,
    });
  });
}
