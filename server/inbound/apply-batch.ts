import { type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { optOutOnFailedStatuses } from '../consent/meta-opt-out';
import type { Executor } from '../db/client';
import { named } from '../db/named-statements';
import { messageStatusEvents, messages, reactions, webhookEvents, whatsappAccounts } from '../db/schema';
import { statusRankSql } from '../db/status-sql';
import { recordEvents } from '../events/outbox';
import type { DomainEvent, RecordedEvents } from '../events/types';
import { toWellFormedText } from '../lib/stored-text';
import { isUuid } from '../lib/uuid';
import { AMBIGUOUS_SEND_TEXT } from '../outbound/send-errors';
import { statusRank } from '../whatsapp/status-order';
import type { InboundMessageEvent, MessageStatusEvent, WebhookEvent } from '../whatsapp/types';
import { parseWebhook } from '../whatsapp/webhook-parser';
import { insertInbound, type Routed } from './apply-inbound';
import { applyTemplateStatus } from './apply-template-status';

/** A stored delivery to apply: its webhook_events row. */
export type Delivery = { id: number; body: string };

/**
 * Applies deliveries with set-based statements: one contact upsert, one media upsert, one statement
 * for the messages and their contacts' last-message fields, and one status update for the whole batch,
 * whatever its size; the deliveries are marked processed in the same transaction. Everything is
 * idempotent, so replays and crashes change nothing: a message once per wamid, contacts'
 * last-message fields and statuses only forward. Reactions (rare) go one by one.
 */
export async function applyDeliveriesInBulk(
  tx: Executor,
  deliveries: Delivery[],
  log: Logger,
): Promise<RecordedEvents[]> {
  /** Events not yet in the outbox. */
  const changes: DomainEvent[] = [];
  const events: WebhookEvent[] = [];
  for (const { body } of deliveries) {
    let json: unknown;
    try {
      json = parseDelivery(body);
    } catch {
      log.warn('webhook body is not JSON; kept for audit, nothing to apply');
      continue;
    }
    events.push(...parseWebhook(json).events);
  }

  const accounts = await markProcessedAndRoute(
    tx,
    deliveries.map((d) => d.id),
    events.flatMap((e) =>
      e.kind === 'message.inbound' || e.kind === 'message.status' ? [e.phoneNumberId] : [],
    ),
  );
  const inbound: Routed<InboundMessageEvent>[] = [];
  const statuses: Routed<MessageStatusEvent>[] = [];
  for (const event of events) {
    if (event.kind === 'template.status') {
      await applyTemplateStatus(tx, event, changes);
      continue;
    }
    if (event.kind === 'account.error') {
      log.warn(
        { errors: event.errors, phoneNumberId: event.phoneNumberId },
        'WhatsApp reported an account-level error',
      );
      continue;
    }
    const accountId = accounts.get(event.phoneNumberId);
    if (!accountId) {
      log.warn({ phoneNumberId: event.phoneNumberId }, 'webhook for a number no account has connected');
      continue;
    }
    if (event.kind === 'message.status') statuses.push({ ...event, accountId });
    // user_changed_user_id carries no sender: nothing a person can read in a thread.
    else if (event.from ?? event.contact?.waId) inbound.push({ ...event, accountId });
  }

  // The messages statement records the events so far with its own (no round trip of its own for the
  // outbox in a batch of messages); whatever comes after is recorded at the end.
  const recorded: RecordedEvents[] = [];
  const withMessages = await insertInbound(tx, inbound, changes);
  if (withMessages) recorded.push(withMessages);
  await applyStatuses(tx, statuses, changes, log);
  await optOutOnFailedStatuses(tx, statuses, changes);
  const rest = await recordEvents(tx, changes);
  if (rest) recorded.push(rest);
  return recorded;
}

/**
 * PostgreSQL stores no NUL character in text or JSONB, so one in a customer's message would make the
 * whole delivery fail. Meta escapes it as \u0000; drop those escapes (an escaped backslash before
 * "u0000" is literal text and stays).
 */
export function withoutNul(body: string): string {
  return body.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1');
}

/**
 * A delivery's JSON, ready to store: no NUL escapes, and every string well-formed (a lone surrogate,
 * half an emoji, becomes U+FFFD: jsonb refuses it and the whole delivery would fail).
 */
export function parseDelivery(body: string): unknown {
  return JSON.parse(withoutNul(body), (_key, value: unknown) =>
    typeof value === 'string' ? toWellFormedText(value) : value,
  );
}

/**
 * Marks the deliveries processed and finds the account each number (phone_number_id) belongs to, in
 * one round trip. If a number was connected twice (a reconnect under another user), the newest
 * connection receives.
 */
async function markProcessedAndRoute(
  tx: Executor,
  deliveryIds: number[],
  phoneNumberIds: string[],
): Promise<Map<string, string>> {
  const result = (await tx.execute(sql`${named('webhook_apply_start')}
    with processed as (
      update ${webhookEvents} set status = 'processed', processed_at = now(), locked_until = null, error = null
      where id = any(${sql.param(deliveryIds)}::bigint[])
    )
    select id, phone_number_id from ${whatsappAccounts}
    where phone_number_id = any(${sql.param([...new Set(phoneNumberIds)])}::text[])
    order by updated_at desc`)) as unknown as { rows: { id: string; phone_number_id: string }[] };
  const accounts = new Map<string, string>();
  for (const row of result.rows)
    if (!accounts.has(row.phone_number_id)) accounts.set(row.phone_number_id, row.id);
  return accounts;
}

async function applyStatuses(
  tx: Executor,
  events: Routed<MessageStatusEvent>[],
  changes: DomainEvent[],
  log: Logger,
) {
  if (events.length === 0) return;

  // Keep every (wamid, status) once: a status for a message not stored yet is applied later.
  const unique = new Map<string, Routed<MessageStatusEvent>>();
  for (const e of events) unique.set(`${e.accountId}:${e.externalId}:${e.status}`, e);
  await tx
    .insert(messageStatusEvents)
    .values(
      [...unique.values()].map((e) => ({
        accountId: e.accountId,
        externalId: e.externalId,
        status: e.status,
        timestamp: e.timestamp,
        errors: e.errors.length > 0 ? e.errors : null,
      })),
    )
    .onConflictDoNothing();

  // The furthest status per message in this batch, applied only if it moves the message forward;
  // with it, the message id our send put in biz_opaque_callback_data (a uuid, else ignored).
  const best = new Map<string, Routed<MessageStatusEvent>>();
  const callback = new Map<string, string>();
  for (const e of unique.values()) {
    const key = `${e.accountId}:${e.externalId}`;
    const current = best.get(key);
    if (!current || statusRank(e.status) > statusRank(current.status)) best.set(key, e);
    if (!callback.has(key) && e.bizOpaqueCallbackData && isUuid(e.bizOpaqueCallbackData))
      callback.set(key, e.bizOpaqueCallbackData.toLowerCase());
  }
  const values: SQL[] = [...best.entries()].map(
    ([key, e]) =>
      sql`(${e.accountId}::uuid, ${e.externalId}::text, ${e.status}::text, ${e.errors.length > 0 ? JSON.stringify(e.errors) : null}::jsonb, ${callback.get(key) ?? null}::uuid)`,
  );
  // One statement moves the known messages and names the wamids no message has (with callback data).
  const result = (await tx.execute(sql`
    with v(account_id, external_id, status, errors, callback) as (values ${sql.join(values, sql`, `)}),
    moved as (
      update ${messages} as m set
        status = v.status,
        error = case when v.status = 'failed' then v.errors else m.error end,
        updated_at = now()
      from v
      where m.account_id = v.account_id and m.external_id = v.external_id
        and ${statusRankSql(sql`m.status`)} < ${statusRankSql(sql`v.status`)}
      returning m.id, m.account_id
    )
    select id, account_id, null::text as external_id, null::uuid as callback from moved
    union all
    select null, v.account_id, v.external_id, v.callback from v
    where v.callback is not null and not exists (
      select 1 from ${messages} k where k.account_id = v.account_id and k.external_id = v.external_id)`)) as unknown as {
    rows: { id: string | null; account_id: string; external_id: string | null; callback: string | null }[];
  };
  const unknown: { accountId: string; externalId: string; messageId: string }[] = [];
  for (const row of result.rows) {
    if (row.id) changes.push({ kind: 'message.updated', accountId: row.account_id, messageId: row.id });
    else if (row.external_id && row.callback)
      unknown.push({ accountId: row.account_id, externalId: row.external_id, messageId: row.callback });
  }
  await attachByCallbackData(tx, unknown, changes, log);

  // The business's own reactions get a 'sent' status too.
  const reacted = (await tx.execute(sql`
    update ${reactions} as r set status = v.status, updated_at = now()
    from (values ${sql.join(values, sql`, `)}) as v(account_id, external_id, status, errors, callback)
    where r.account_id = v.account_id and r.external_id = v.external_id and r.status is distinct from v.status
    returning r.account_id, r.target_external_id,
      (select m.contact_id from ${messages} m where m.account_id = r.account_id and m.external_id = r.target_external_id) as contact_id`)) as unknown as {
    rows: { account_id: string; target_external_id: string; contact_id: string | null }[];
  };
  // A reaction the team sent can fail later (131009): teammates see it go.
  for (const row of reacted.rows) {
    if (!row.contact_id) continue;
    changes.push({
      kind: 'reaction.changed',
      accountId: row.account_id,
      contactId: row.contact_id,
      targetExternalId: row.target_external_id,
    });
  }
}

/**
 * Statuses for wamids no message has, whose biz_opaque_callback_data names one of our messages: the
 * send job puts the message id there, so this is the answer a send never got (the process died
 * mid-call, or the call timed out after Meta took the message). The wamid goes onto the message if
 * it is an outgoing message of the same account with no wamid yet, still `pending` or failed with the
 * "may or may not have arrived" error; that guess is cleared and the furthest status received for
 * the wamid (this batch and earlier ones, kept in message_status_events) applies from `pending` up.
 * A message that already has a wamid is never given another. One statement, only when needed.
 */
async function attachByCallbackData(
  tx: Executor,
  unknown: { accountId: string; externalId: string; messageId: string }[],
  changes: DomainEvent[],
  log: Logger,
): Promise<void> {
  if (unknown.length === 0) return;
  const values = unknown.map((u) => sql`(${u.accountId}::uuid, ${u.externalId}::text, ${u.messageId}::uuid)`);
  const attached = (await tx.execute(sql`
    with c(account_id, external_id, message_id) as (values ${sql.join(values, sql`, `)}),
    best as (
      select distinct on (c.message_id) c.account_id, c.external_id, c.message_id, e.status, e.errors
      from c
      join lateral (
        select s.status, s.errors from ${messageStatusEvents} s
        where s.account_id = c.account_id and s.external_id = c.external_id
        order by ${statusRankSql(sql`s.status`)} desc
        limit 1
      ) e on true
      order by c.message_id, ${statusRankSql(sql`e.status`)} desc, c.external_id
    )
    update ${messages} as m set
      external_id = b.external_id,
      status = b.status,
      error = case when b.status = 'failed' then b.errors else null end,
      send_started_at = null,
      updated_at = now()
    from best b
    where m.id = b.message_id and m.account_id = b.account_id
      and m.direction = 'outgoing' and m.external_id is null
      and (m.status = 'pending' or (
        m.status = 'failed' and m.error->>'code' is null
        and position(${AMBIGUOUS_SEND_TEXT}::text in coalesce(m.error->>'message', '')) > 0))
      and ${statusRankSql(sql`b.status`)} > ${statusRank('pending')}
    returning m.id, m.account_id, m.external_id, m.status`)) as unknown as {
    rows: { id: string; account_id: string; external_id: string; status: string }[];
  };
  for (const row of attached.rows)
    changes.push({ kind: 'message.updated', accountId: row.account_id, messageId: row.id });
  if (attached.rows.length > 0)
    log.info(
      { messages: attached.rows.map((r) => ({ id: r.id, externalId: r.external_id, status: r.status })) },
      'status webhooks settled sends that had no answer: wamid attached from biz_opaque_callback_data',
    );
}
