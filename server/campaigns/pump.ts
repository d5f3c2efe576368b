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
import { OutcomeFlusher } from './flusher';
import type { SendOutcome } from './outcomes';
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
/** Claims that may be under way at once: the next is taken while the last one commits. */
const CLAIMS_AHEAD = 2;
/** How often the number's 24-hour count of unique recipients is read again (more often when at the limit). */
const TIER_RECOUNT_MS = 5_000;

/** 1 s, 2 s, 4 s … 60 s, with up to a fifth more at random, so retries do not come back together. */
export function campaignRetryDelayMs(attempt: number): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return base + Math.floor(Math.random() * base * 0.2);
}

type PreparedPlan = { campaignId: string; plan: SendPlan; channel: WhatsAppChannel };

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
 * at a time, oldest first, paced by one bucket. It takes as many queued recipients as the bucket
 * allows (one transaction stores their messages as pending; the next claim may start while one
 * commits), sends them concurrently, and stores the answers in the background (`flusher.ts`), so
 * neither the database's nor Meta's answer time holds up the pace. It stops when no campaign of the
 * number is sending, or the lease is lost; what it has in flight is finished and stored first.
 */
export async function pumpAccount(deps: SenderDeps, accountId: string, holds: () => boolean): Promise<void> {
  const { db, log } = deps;
  const pacer = new Pacer(1);
  const inFlight = new Set<Promise<void>>();
  const claiming = new Set<Promise<void>>();
  const flusher = new OutcomeFlusher(deps.events, log);
  let wanted = 0; // sends the claims under way were asked for
  let claimFailure: unknown = null;
  let foundNone = false; // the last claim found no recipient due
  let campaign: CampaignRow | null = null;
  let readAt = 0;
  let plan: PreparedPlan | null = null;
  // Unique recipients the messaging-limit tier still allows in the rolling 24 hours (null: no limit).
  let room24h: number | null = null;
  let countedAt = -Infinity;

  const send = async (channel: WhatsAppChannel, claimed: ClaimedSend) => {
    flusher.push(await attempt(channel, claimed, pacer));
  };
  const claim = async (current: CampaignRow, prepared: PreparedPlan, want: number) => {
    try {
      const claimed = await db.transaction((tx) => claimSends(tx, current, prepared.plan, want));
      pacer.giveBack(want - claimed.length);
      if (room24h !== null) room24h += want - claimed.length;
      foundNone = claimed.length === 0;
      for (const c of claimed) {
        const p: Promise<void> = send(prepared.channel, c).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    } catch (error) {
      claimFailure ??= error;
    } finally {
      wanted -= want;
    }
  };

  try {
    while (holds()) {
      if (claimFailure) throw claimFailure;
      flusher.check();
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
      // Counted with no claim under way, so the count and what is taken from it agree.
      if (now - countedAt >= TIER_RECOUNT_MS && claiming.size === 0) {
        room24h = await tierRoom(deps, accountId);
        countedAt = now;
        await setWait(deps, campaign, room24h === 0 ? 'messaging_limit' : null);
      }
      flusher.poke(now); // the answers of earlier sends are stored meanwhile, also at the limit
      if (room24h === 0) {
        await sleep(250);
        continue;
      }
      // The last claim found nobody due: no more are taken until what is under way has settled and
      // the campaign is checked for completion.
      if (foundNone) {
        if (claiming.size > 0 || inFlight.size > 0) {
          await sleep(5);
          continue;
        }
        await flusher.drain();
        if (await finishIfDone(deps, campaign.id)) {
          foundNone = false;
          campaign = null;
          continue;
        }
        await sleep(200); // retries waiting for their time, or sends of another process settling
        foundNone = false;
        continue;
      }
      if (claiming.size < CLAIMS_AHEAD) {
        const room = Math.min(Math.max(16, pacer.pace) - inFlight.size - wanted, room24h ?? Infinity);
        const want = pacer.take(Math.max(0, room));
        if (want > 0) {
          if (room24h !== null) room24h -= want;
          wanted += want;
          foundNone = false;
          const p: Promise<void> = claim(campaign, plan, want).finally(() => claiming.delete(p));
          claiming.add(p);
        }
      }
      await sleep(Math.min(50, Math.max(5, pacer.waitMs())));
    }
  } finally {
    await Promise.allSettled([...claiming]);
    await Promise.allSettled([...inFlight]);
    await flusher
      .drain()
      .catch((error) => log.error({ err: error }, 'could not store campaign send outcomes'));
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
async function preparePlan(deps: SenderDeps, campaign: CampaignRow): Promise<PreparedPlan | null> {
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
