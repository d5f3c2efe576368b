import type { MessageError } from '@common/api/inbox';
import { type SQL, sql } from 'drizzle-orm';
import { MARKETING_STOPPED, optOutAfterRefusedSend } from '../consent/meta-opt-out';
import { campaignRecipients, messages } from '../db/schema';
import type { EventBus } from '../events/bus';
import type { ClaimedSend } from './send-batch';

/** What became of one claimed send. */
export type SendOutcome =
  | { kind: 'sent'; send: ClaimedSend; externalId: string }
  /** Meta certainly did not take it (429, 5xx, throttling, no connection): back to the queue later. */
  | { kind: 'retry'; send: ClaimedSend; delayMs: number }
  | { kind: 'failed'; send: ClaimedSend; error: MessageError; retryable: boolean }
  /** The answer never came (a timeout): Meta may have it; its status webhooks or the sweep settle it. */
  | { kind: 'unconfirmed'; send: ClaimedSend };

const list = (rows: SQL[]) => sql.join(rows, sql`, `);

/**
 * Stores a batch of outcomes in one transaction. A sent message gets its wamid and `sent` (the
 * trigger on messages moves its recipient; a status webhook that came first already did both, and
 * is not undone); a retry goes back to the queue with its message's `send_started_at` cleared; a
 * failure fails the message with Meta's code and the error in words (the recipient follows), and
 * 131050 opts the contact out of marketing. The chats of the sent and failed are announced
 * (`campaign.messages_changed`), so an open one shows its campaign message without a reload.
 */
export async function recordOutcomes(events: EventBus, outcomes: SendOutcome[]): Promise<void> {
  const sent = outcomes.filter((o) => o.kind === 'sent');
  const retries = outcomes.filter((o) => o.kind === 'retry');
  const failed = outcomes.filter((o) => o.kind === 'failed');
  if (sent.length + retries.length + failed.length === 0) return;
  await events.transaction(async (tx, emit) => {
    if (sent.length)
      await tx.execute(sql`
        update ${messages} m set external_id = v.external_id, status = 'sent', error = null,
          send_started_at = null, updated_at = now()
        from (values ${list(sent.map((o) => sql`(${o.send.messageId}::uuid, ${o.externalId}::text)`))})
          as v(id, external_id)
        where m.id = v.id and m.status = 'pending' and m.external_id is null`);
    if (retries.length) {
      await tx.execute(sql`
        update ${messages} set send_started_at = null
        where id in (${list(retries.map((o) => sql`${o.send.messageId}::uuid`))}) and status = 'pending'`);
      await tx.execute(sql`
        update ${campaignRecipients} r set status = 'queued', claimed_at = null, status_at = now(),
          next_attempt_at = now() + v.delay * interval '1 millisecond'
        from (values ${list(retries.map((o) => sql`(${o.send.recipientId}::uuid, ${o.delayMs}::int)`))})
          as v(id, delay)
        where r.id = v.id and r.status = 'sending'`);
    }
    if (failed.length) {
      await tx.execute(sql`
        update ${messages} m set status = 'failed', error = v.error, send_started_at = null, updated_at = now()
        from (values ${list(failed.map((o) => sql`(${o.send.messageId}::uuid, ${JSON.stringify(o.error)}::jsonb)`))})
          as v(id, error)
        where m.id = v.id and m.status = 'pending'`);
      const retryable = failed.filter((o) => o.retryable);
      if (retryable.length)
        await tx.execute(sql`
          update ${campaignRecipients} set retryable = true
          where id in (${list(retryable.map((o) => sql`${o.send.recipientId}::uuid`))}) and status = 'failed'`);
      for (const o of failed) {
        if (o.error.code === MARKETING_STOPPED)
          await optOutAfterRefusedSend(
            tx,
            { accountId: o.send.accountId, contactId: o.send.contactId },
            new Date(),
            emit,
          );
      }
    }
    for (const [accountId, contactIds] of chatsByAccount([...sent, ...failed]))
      emit({ kind: 'campaign.messages_changed', accountId, contactIds });
  });
}

/** The chats whose campaign message changed, by account (a claim may hold several accounts' sends). */
function chatsByAccount(outcomes: SendOutcome[]): Map<string, string[]> {
  const chats = new Map<string, Set<string>>();
  for (const { send } of outcomes) {
    const set = chats.get(send.accountId) ?? new Set<string>();
    set.add(send.contactId);
    chats.set(send.accountId, set);
  }
  return new Map([...chats].map(([accountId, set]) => [accountId, [...set]]));
}
