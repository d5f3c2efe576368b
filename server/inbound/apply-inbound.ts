import { sql } from 'drizzle-orm';
import { applyConsentKeywords, type KeywordCandidate } from '../consent/apply-keywords';
import { keywordCandidate } from '../consent/keywords';
import type { Executor } from '../db/client';
import { named } from '../db/named-statements';
import { contacts, media, messages } from '../db/schema';
import type { DomainEvent, RecordedEvents } from '../events/types';
import { enqueue } from '../jobs/queue';
import type { InboundMessageEvent } from '../whatsapp/types';
import { applyReaction } from './apply-reaction';
import { mediaDownloadJob } from './media-download.job';

/*
 * Inbound messages of a webhook batch: their contacts, their media rows, and the one statement that
 * stores them and records the batch's events (called by applyDeliveriesInBulk in apply-batch.ts).
 */

/** A webhook event with the account its number belongs to. */
export type Routed<E> = E & { accountId: string };

const MEDIA_KINDS = new Set(['image', 'video', 'audio', 'document', 'sticker']);

const senderOf = (e: InboundMessageEvent) => (e.from ?? e.contact?.waId)!;

/**
 * Stores the inbound messages; when it stores any, the same statement records `changes` (the batch's
 * events so far, which it then empties) followed by a `message.created` per new message in the outbox.
 */
export async function insertInbound(
  tx: Executor,
  events: Routed<InboundMessageEvent>[],
  changes: DomainEvent[],
): Promise<RecordedEvents | null> {
  if (events.length === 0) return null;

  // Contacts: one row per (account, wa_id); the last non-empty profile name in the batch wins.
  const byPerson = new Map<string, { accountId: string; waId: string; profileName: string }>();
  for (const e of events) {
    const waId = senderOf(e);
    const key = `${e.accountId}:${waId}`;
    const name = e.contact?.profileName ?? '';
    const known = byPerson.get(key);
    if (!known || name !== '')
      byPerson.set(key, { accountId: e.accountId, waId, profileName: name || known?.profileName || '' });
  }
  const people = [...byPerson.values()];
  const contactRows = (
    (await tx.execute(sql`${named('inbound_contacts')}
      insert into ${contacts} (account_id, wa_id, phone, profile_name)
      select account_id, wa_id, wa_id, profile_name
      from unnest(${sql.param(people.map((p) => p.accountId))}::uuid[], ${sql.param(people.map((p) => p.waId))}::text[],
        ${sql.param(people.map((p) => p.profileName))}::text[])
        as p(account_id, wa_id, profile_name)
      on conflict (account_id, wa_id) do update set
        profile_name = case when excluded.profile_name = '' then ${contacts}.profile_name else excluded.profile_name end
      returning id, account_id, wa_id`)) as unknown as {
      rows: { id: string; account_id: string; wa_id: string }[];
    }
  ).rows;
  const contactId = new Map(contactRows.map((c) => [`${c.account_id}:${c.wa_id}`, c.id]));
  const contactOf = (e: Routed<InboundMessageEvent>) => contactId.get(`${e.accountId}:${senderOf(e)}`)!;

  // Reactions attach to their target message; they are never messages of their own.
  const messageEvents: Routed<InboundMessageEvent>[] = [];
  for (const e of events) {
    if (e.content.kind === 'reaction') {
      await applyReaction(
        tx,
        { accountId: e.accountId, contactId: contactOf(e), waId: senderOf(e) },
        { ...e, content: e.content },
        changes,
      );
    } else messageEvents.push(e);
  }
  const mediaIds = await upsertMedia(tx, messageEvents);

  // Messages: once per wamid, in the batch and in the table.
  const seen = new Set<string>();
  const rows = messageEvents.filter((e) => {
    const key = `${e.accountId}:${e.externalId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (rows.length === 0) return null;
  const candidateWords = new Map<string, string>();
  for (const e of rows) {
    const word = e.content.kind === 'text' ? keywordCandidate(e.content.body) : null;
    if (word !== null) candidateWords.set(`${e.accountId}:${e.externalId}`, word);
  }
  const column = <T>(value: (e: Routed<InboundMessageEvent>) => T) => sql.param(rows.map(value));
  // One statement stores the new messages and moves each contact's last message forward (never
  // back), its unread count by what was new, and out of the archive. In the batch, the latest message
  // per contact wins; on equal timestamps the later one in the batch.
  const inserted = (await tx.execute(sql`${named('inbound_messages')}
    with incoming as (
      select * from unnest(
        ${column((e) => e.accountId)}::uuid[], ${column(contactOf)}::uuid[], ${column((e) => e.type)}::text[],
        ${column((e) => e.text)}::text[], ${column((e) => e.preview)}::text[],
        ${column((e) => JSON.stringify({ ...e.content, context: e.context, referral: e.referral, errors: e.errors }))}::text[],
        ${column((e) => e.externalId)}::text[], ${column((e) => e.context?.replyToExternalId ?? null)}::text[],
        ${column((e) => mediaIds.get(`${e.accountId}:${e.externalId}`) ?? null)}::uuid[],
        ${column((e) => e.timestamp.toISOString())}::timestamptz[]
      ) with ordinality as t(account_id, contact_id, type, body, preview, content, external_id, reply_to_external_id, media_id, at, ord)
    ),
    inserted as (
      insert into ${messages} (account_id, contact_id, direction, type, body, preview, content, external_id,
        status, reply_to_external_id, media_id, timestamp)
      select account_id, contact_id, 'incoming', type, body, preview, content::jsonb, external_id,
        'delivered', reply_to_external_id, media_id, at
      from incoming order by ord
      on conflict (account_id, external_id) do nothing
      returning id, account_id, contact_id, external_id, timestamp, preview
    ),
    latest as (
      select distinct on (i.contact_id) i.contact_id, i.timestamp as at, i.preview,
        count(*) over (partition by i.contact_id) as n
      from inserted i join incoming t on t.account_id = i.account_id and t.external_id = i.external_id
      order by i.contact_id, i.timestamp desc, t.ord desc
    ),
    moved as (
      update ${contacts} as c set
        last_message_preview = case when c.last_message_at is null or c.last_message_at <= v.at then v.preview else c.last_message_preview end,
        last_message_direction = case when c.last_message_at is null or c.last_message_at <= v.at then 'incoming' else c.last_message_direction end,
        last_message_sent_by = case when c.last_message_at is null or c.last_message_at <= v.at then null else c.last_message_sent_by end,
        last_message_at = greatest(c.last_message_at, v.at),
        last_incoming_at = greatest(c.last_incoming_at, v.at),
        unread_count = c.unread_count + v.n,
        archived_at = null,
        updated_at = now()
      from latest v
      where c.id = v.contact_id
    ),
    ordered as (
      select i.id, i.account_id, i.contact_id, i.external_id, t.ord from inserted i join incoming t
        on t.account_id = i.account_id and t.external_id = i.external_id
    ),
    recorded as (
      insert into domain_events (events)
      select e.events from (
        select ${JSON.stringify(changes)}::jsonb || coalesce((select jsonb_agg(jsonb_build_object(
          'kind', 'message.created', 'accountId', o.account_id, 'contactId', o.contact_id, 'messageId', o.id
        ) order by o.ord) from ordered o), '[]'::jsonb) as events
      ) e where jsonb_array_length(e.events) > 0
      returning id
    )
    select (select id from recorded) as outbox_id,
      coalesce((select jsonb_agg(jsonb_build_array(o.id, o.account_id, o.contact_id, o.external_id) order by o.ord)
        from ordered o), '[]'::jsonb) as created`)) as unknown as {
    rows: { outbox_id: string | number | null; created: [string, string, string, string][] | string }[];
  };
  const [result] = inserted.rows;
  const created = typeof result!.created === 'string' ? JSON.parse(result!.created) : result!.created;
  const recorded: DomainEvent[] = [...changes];
  const keywords: KeywordCandidate[] = [];
  for (const [messageId, accountId, contactId, externalId] of created as [string, string, string, string][]) {
    recorded.push({ kind: 'message.created', accountId, contactId, messageId });
    const word = candidateWords.get(`${accountId}:${externalId}`);
    if (word !== undefined) keywords.push({ messageId, word });
  }
  changes.length = 0;
  // Consent keywords: one more statement, only when a new message could be one (its events go in
  // `changes`, recorded at the batch's end).
  await applyConsentKeywords(tx, keywords, changes);
  return result!.outbox_id === null ? null : { outboxId: Number(result!.outbox_id), events: recorded };
}

async function upsertMedia(
  tx: Executor,
  events: Routed<InboundMessageEvent>[],
): Promise<Map<string, string>> {
  const items = new Map<
    string,
    {
      accountId: string;
      kind: string;
      id: string;
      mimeType: string | null;
      sha256: string | null;
      filename: string | null;
      messageKeys: string[];
    }
  >();
  for (const e of events) {
    if (!MEDIA_KINDS.has(e.content.kind) || !('media' in e.content)) continue;
    const m = e.content.media;
    const key = `${e.accountId}:${m.id}`;
    const item = items.get(key) ?? {
      accountId: e.accountId,
      kind: e.content.kind,
      id: m.id,
      mimeType: m.mimeType,
      sha256: m.sha256,
      filename: m.filename,
      messageKeys: [],
    };
    item.messageKeys.push(`${e.accountId}:${e.externalId}`);
    items.set(key, item);
  }
  const byMessage = new Map<string, string>();
  if (items.size === 0) return byMessage;

  const rows = await tx
    .insert(media)
    .values(
      [...items.values()].map((i) => ({
        accountId: i.accountId,
        providerMediaId: i.id,
        direction: 'incoming' as const,
        kind: i.kind as 'image',
        mimeType: i.mimeType,
        sha256: i.sha256,
        filename: i.filename,
      })),
    )
    .onConflictDoUpdate({ target: [media.accountId, media.providerMediaId], set: { updatedAt: new Date() } })
    .returning({
      id: media.id,
      accountId: media.accountId,
      providerMediaId: media.providerMediaId,
      status: media.status,
    });
  for (const row of rows) {
    for (const key of items.get(`${row.accountId}:${row.providerMediaId}`)?.messageKeys ?? [])
      byMessage.set(key, row.id);
    if (row.status !== 'ready') {
      await enqueue(tx, mediaDownloadJob, { mediaId: row.id }, { dedupeKey: `media.download:${row.id}` });
    }
  }
  return byMessage;
}
