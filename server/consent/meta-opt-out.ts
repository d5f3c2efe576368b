import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { contacts, messages } from '../db/schema';
import type { DomainEvent } from '../events/types';
import type { MessageStatusEvent } from '../whatsapp/types';

/** Meta's "user has stopped marketing messages" (the customer blocked the business's marketing). */
export const MARKETING_STOPPED = 131050;

/** Opts the contact out because Meta refused a send with 131050 (source `meta`). */
function optOutSql(where: SQL, at: SQL): SQL {
  return sql`update ${contacts} as c set consent = 'opted_out', consent_source = 'meta',
      consent_changed_at = ${at}, consent_changed_by = null, updated_at = now()
    ${where} and c.consent <> 'opted_out'
      and (c.consent_changed_at is null or c.consent_changed_at <= ${at})
    returning c.id, c.account_id`;
}

/**
 * The send job's path: Meta answered the send with 131050. Opts the message's contact out in the
 * caller's transaction and records `contact.updated` when that changed it.
 */
export async function optOutAfterRefusedSend(
  tx: Executor,
  message: { accountId: string; contactId: string },
  at: Date,
  emit: (event: DomainEvent) => void,
): Promise<void> {
  const result = (await tx.execute(
    optOutSql(
      sql`where c.id = ${message.contactId}::uuid and c.account_id = ${message.accountId}::uuid`,
      sql`${at.toISOString()}::timestamptz`,
    ),
  )) as unknown as { rows: { id: string; account_id: string }[] };
  for (const row of result.rows)
    emit({ kind: 'contact.updated', accountId: row.account_id, contactId: row.id });
}

/**
 * The status webhook's path: a `failed` status carrying 131050 opts the contact of that message out
 * (at the status's time). One statement, only when the batch holds such a status.
 */
export async function optOutOnFailedStatuses(
  tx: Executor,
  statuses: (MessageStatusEvent & { accountId: string })[],
  changes: DomainEvent[],
): Promise<void> {
  const refused = statuses.filter(
    (s) => s.status === 'failed' && s.errors.some((e) => e.code === MARKETING_STOPPED),
  );
  if (refused.length === 0) return;
  const result = (await tx.execute(sql`
    with v(account_id, external_id, at) as (
      select * from unnest(${sql.param(refused.map((s) => s.accountId))}::uuid[],
        ${sql.param(refused.map((s) => s.externalId))}::text[],
        ${sql.param(refused.map((s) => s.timestamp.toISOString()))}::timestamptz[])
    ),
    target as (
      select distinct on (m.contact_id) m.contact_id, m.account_id, v.at from v
      join ${messages} m on m.account_id = v.account_id and m.external_id = v.external_id
      where m.direction = 'outgoing'
      order by m.contact_id, v.at desc
    )
    ${optOutSql(sql`from target t where c.id = t.contact_id and c.account_id = t.account_id`, sql`t.at`)}`)) as unknown as {
    rows: { id: string; account_id: string }[];
  };
  for (const row of result.rows)
    changes.push({ kind: 'contact.updated', accountId: row.account_id, contactId: row.id });
}
