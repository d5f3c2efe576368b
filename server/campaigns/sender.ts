import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { campaignRecipients, campaignSendLeases, campaigns, messages } from '../db/schema';
import { DEFAULT_TIMEOUT_MS } from '../whatsapp/graph-transport';
import { announceProgress } from './progress';
import { pumpAccount, type SenderDeps } from './pump';
import { chooseRecipients } from './recipients';
import { campaignSignal } from './signal';

const TICK_MS = 500;
/** A live sender's call to Meta has answered or timed out within this (the Graph timeout and some). */
const IN_FLIGHT_SECONDS = DEFAULT_TIMEOUT_MS / 1000 + 5;

/**
 * Each process's campaign sender (started with the job runner, `SERVICES=worker`). Every half second,
 * or at once when a command here starts a campaign, it:
 * - starts the scheduled campaigns whose time has come (choosing their recipients);
 * - takes the lease of each number with a sending campaign that no live process holds, and pumps that
 *   number's sends (`pump.ts`) while it renews the lease; a process that dies stops renewing, and
 *   another takes the number over once the lease has run out (`JOB_LEASE_SECONDS`);
 * - sends again the recipients whose send never got an answer (the sender died mid-call, or the call
 *   timed out) once `CAMPAIGN_CONFIRM_SECONDS` have passed without a status webhook naming them, and
 *   later status webhooks of the campaign have arrived (Meta's status webhooks reach us);
 * - counts the funnels that changed and announces them on the live feed (`progress.ts`).
 */
export class CampaignSender {
  readonly owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private readonly pumps = new Map<string, Promise<void>>();
  private readonly held = new Set<string>();
  private running = false;
  private readonly wake = () => void this.tick();

  constructor(private readonly deps: SenderDeps) {}

  private get leaseSeconds() {
    return this.deps.env.jobLeaseSeconds;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    campaignSignal.on('wake', this.wake);
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    this.running = false;
    campaignSignal.off('wake', this.wake);
    clearInterval(this.timer);
    this.held.clear();
    await this.ticking;
    await Promise.allSettled([...this.pumps.values()]);
    await this.deps.db
      .delete(campaignSendLeases)
      .where(sql`${campaignSendLeases.owner} = ${this.owner}`)
      .catch(() => undefined);
  }

  /** One look (tests call it directly); overlapping calls share the one in progress. */
  tick(): Promise<void> {
    if (!this.ticking)
      this.ticking = this.look()
        .catch((error) => this.deps.log.error({ err: error }, 'campaign sender tick failed'))
        .finally(() => {
          this.ticking = undefined;
        });
    return this.ticking;
  }

  private async look(): Promise<void> {
    if (!this.running) return;
    await this.startDue();
    await this.renewLeases();
    const { db } = this.deps;
    const sending = (await db.execute(
      sql`select distinct account_id from ${campaigns} where status = 'sending'`,
    )) as unknown as { rows: { account_id: string }[] };
    for (const { account_id: accountId } of sending.rows) {
      if (this.pumps.has(accountId) || !(await this.takeLease(accountId))) continue;
      this.held.add(accountId);
      const pump = pumpAccount(this.deps, accountId, () => this.running && this.held.has(accountId))
        .catch((error) => this.deps.log.error({ err: error, accountId }, 'campaign sending stopped'))
        .finally(() => {
          this.pumps.delete(accountId);
          this.held.delete(accountId);
          void this.releaseLease(accountId);
        });
      this.pumps.set(accountId, pump);
    }
    await this.requeueUnconfirmed();
    await announceProgress(this.deps);
  }

  private async takeLease(accountId: string): Promise<boolean> {
    const result = (await this.deps.db.execute(sql`
      insert into ${campaignSendLeases} (account_id, owner, until)
      values (${accountId}, ${this.owner}, now() + ${this.leaseSeconds} * interval '1 second')
      on conflict (account_id) do update set owner = excluded.owner, until = excluded.until
      where ${campaignSendLeases}.until < now() or ${campaignSendLeases}.owner = excluded.owner
      returning owner`)) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  }

  /** Renews the leases this process holds; a lease another process took over stops its pump. */
  private async renewLeases(): Promise<void> {
    if (this.held.size === 0) return;
    const result = (await this.deps.db.execute(sql`
      update ${campaignSendLeases} set until = now() + ${this.leaseSeconds} * interval '1 second'
      where owner = ${this.owner}
      returning account_id`)) as unknown as { rows: { account_id: string }[] };
    const renewed = new Set(result.rows.map((r) => r.account_id));
    for (const accountId of [...this.held]) if (!renewed.has(accountId)) this.held.delete(accountId);
  }

  private async releaseLease(accountId: string): Promise<void> {
    await this.deps.db
      .execute(
        sql`delete from ${campaignSendLeases} where account_id = ${accountId} and owner = ${this.owner}`,
      )
      .catch(() => undefined);
  }

  /** Scheduled campaigns whose time has come start sending, each in its own transaction. */
  private async startDue(): Promise<void> {
    for (;;) {
      const started = await this.deps.events.transaction(async (tx, emit) => {
        const due = (await tx.execute(sql`
          select id, account_id, audience from ${campaigns}
          where status = 'scheduled' and scheduled_at <= now()
          order by scheduled_at limit 1 for update skip locked`)) as unknown as {
          rows: {
            id: string;
            account_id: string;
            audience: Parameters<typeof chooseRecipients>[1]['audience'] | null;
          }[];
        };
        const row = due.rows[0];
        if (!row) return false;
        if (row.audience)
          await chooseRecipients(tx, { id: row.id, accountId: row.account_id, audience: row.audience });
        await tx.execute(sql`
          update ${campaigns} set status = 'sending', started_at = now(), progress_at = null, updated_at = now()
          where id = ${row.id}`);
        emit({ kind: 'campaign.changed', accountId: row.account_id, campaignId: row.id, deleted: false });
        return true;
      });
      if (!started) return;
    }
  }

  /**
   * Recipients left `sending` with no answer (the process died mid-call, or the call timed out): Meta
   * sends a status webhook for every message it takes, which names our message id and settles the
   * recipient. One still unsettled after `CAMPAIGN_CONFIRM_SECONDS`, while later statuses of the same
   * campaign did arrive, never reached Meta: it goes back to the queue. Never sooner than a live
   * sender's call to Meta can last (it has answered or timed out by then, with a few seconds to store
   * its outcome): a send still in flight is not one whose answer was lost.
   */
  private async requeueUnconfirmed(): Promise<void> {
    const grace = Math.max(this.deps.env.campaignConfirmSeconds, IN_FLIGHT_SECONDS);
    await this.deps.db.execute(sql`
      with stale as (
        select r.id, r.message_id from ${campaignRecipients} r
        join ${messages} m on m.id = r.message_id
        where r.status = 'sending'
          and r.claimed_at < now() - ${grace} * interval '1 second'
          and m.status = 'pending' and m.external_id is null
          and exists (select 1 from ${campaignRecipients} later
            where later.campaign_id = r.campaign_id and later.status in ('delivered', 'read', 'replied')
              and later.status_at > r.claimed_at + interval '2 seconds')
        for update of r skip locked
        limit 1000
      )
      -- Only recipient rows are locked here: outcomes lock a message and then (by trigger) its
      -- recipient, so taking both the other way round could deadlock. The message keeps its
      -- send_started_at until the next claim stamps it again.
      update ${campaignRecipients} r set status = 'queued', claimed_at = null, next_attempt_at = now(),
        status_at = now()
      from stale where r.id = stale.id`);
  }
}
