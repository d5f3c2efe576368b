import { CONSENT_SYSTEM_TEXT } from '@common/api/consent';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { named } from '../db/named-statements';
import { consentKeywords, contacts, messages } from '../db/schema';
import type { DomainEvent } from '../events/types';
import { DEFAULT_CONSENT_KEYWORDS } from './keywords';

/** A message the batch has just stored (new, not a redelivery) whose text could be a keyword. */
export type KeywordCandidate = { messageId: string; word: string };

/** The external id of the system line a keyword message produced: one per keyword message. */
export const consentLineId = (keywordExternalId: string) => `consent:${keywordExternalId}`;

/**
 * Keywords in the webhook apply path (issue 14), one statement for the batch and only when it holds a
 * short text: each candidate is compared, lowercased, with its account's lists (the defaults while
 * there is no `consent_keywords` row); per contact the latest matching message counts. It sets the
 * consent (source `keyword`, changed at the message's time) when that changes the state and nothing
 * newer set it (a teammate's later choice wins over a late webhook), and stores a system line in the
 * chat one millisecond after the keyword message: status `read` (never unread, no read receipt),
 * not moving the list's last message (the preview stays what the customer sent), external id
 * `consent:<wamid>` (unique, so it is stored once). Candidates are only messages this transaction
 * inserted, so a redelivered webhook changes nothing. Records `contact.updated` and the line's
 * `message.created` in `changes`, which the batch records at its end.
 */
export async function applyConsentKeywords(
  tx: Executor,
  candidates: KeywordCandidate[],
  changes: DomainEvent[],
): Promise<void> {
  if (candidates.length === 0) return;
  const result = (await tx.execute(sql`${named('consent_keywords_apply')}
    with cand as (
      select * from unnest(${sql.param(candidates.map((c) => c.messageId))}::uuid[],
        ${sql.param(candidates.map((c) => c.word))}::text[]) with ordinality as c(message_id, word, ord)
    ),
    matched as (
      select m.account_id, m.contact_id, m.external_id, m.timestamp, c.ord,
        case
          when lower(c.word) in (select lower(x) from jsonb_array_elements_text(
            coalesce(k.opt_out, ${JSON.stringify(DEFAULT_CONSENT_KEYWORDS.optOut)}::jsonb)) x) then 'opted_out'
          when lower(c.word) in (select lower(x) from jsonb_array_elements_text(
            coalesce(k.opt_in, ${JSON.stringify(DEFAULT_CONSENT_KEYWORDS.optIn)}::jsonb)) x) then 'opted_in'
        end as state
      from cand c
      join ${messages} m on m.id = c.message_id
      left join ${consentKeywords} k on k.account_id = m.account_id
    ),
    latest as (
      select distinct on (contact_id) * from matched where state is not null
      order by contact_id, timestamp desc, ord desc
    ),
    changed as (
      update ${contacts} as c set consent = l.state, consent_source = 'keyword',
        consent_changed_at = l.timestamp, consent_changed_by = null, updated_at = now()
      from latest l
      where c.id = l.contact_id and c.account_id = l.account_id and c.consent <> l.state
        and (c.consent_changed_at is null or c.consent_changed_at <= l.timestamp)
      returning c.id, c.account_id, l.state, l.external_id, l.timestamp
    ),
    lines as (
      insert into ${messages} (account_id, contact_id, direction, type, body, preview, content, external_id,
        status, timestamp)
      select account_id, id, 'incoming', 'system', t.text, t.text,
        jsonb_build_object('kind', 'system', 'systemType', 'consent.' || state, 'body', t.text,
          'newWaId', null, 'customer', null, 'userId', null, 'previousUserId', null, 'identityHash', null),
        'consent:' || external_id, 'read', timestamp + interval '1 millisecond'
      from changed
      cross join lateral (select case state when 'opted_out' then ${CONSENT_SYSTEM_TEXT.opted_out}::text
        else ${CONSENT_SYSTEM_TEXT.opted_in}::text end as text) t
      on conflict (account_id, external_id) do nothing
      returning id, account_id, contact_id
    )
    select c.id as contact_id, c.account_id, null::uuid as message_id from changed c
    union all
    select l.contact_id, l.account_id, l.id from lines l`)) as unknown as {
    rows: { contact_id: string; account_id: string; message_id: string | null }[];
  };
  for (const row of result.rows) {
    changes.push(
      row.message_id
        ? {
            kind: 'message.created',
            accountId: row.account_id,
            contactId: row.contact_id,
            messageId: row.message_id,
          }
        : { kind: 'contact.updated', accountId: row.account_id, contactId: row.contact_id },
    );
  }
}
