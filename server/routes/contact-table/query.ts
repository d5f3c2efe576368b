import type { ContactTableFilter, ContactTableSort } from '@common/api/contact-table';
import { and, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { recipientGroupsSql } from '../../campaigns/recipient-groups';
import type { Executor } from '../../db/client';
import { contactRowColumns } from '../../db/filter-columns';
import { CONTACT_SEARCH_TEXT, campaignRecipients, contacts, messages } from '../../db/schema';
import type { ContactRow } from '../../presenters/contact';
import { searchPattern } from '../contacts/list-query';
import {
  type FieldDefs,
  fieldConditionsSql,
  loadFieldDefs,
  type MissingField,
  NO_FIELDS,
} from './field-conditions';

/**
 * The Contacts page's queries: one keyset page under a sort, and the count under the same filters.
 * Each sort is (key, id) with contacts lacking the key (no name, no message) last in both directions,
 * so the order is total and a cursor continues exactly where the last page stopped.
 */

export type Dir = 'asc' | 'desc';
/** A sort key; `neutral` stands in for a missing key (the flag column already orders those last). */
type SortSpec = { key: SQL; kind: 'text' | 'time'; nullable: boolean; neutral: SQL };

const SORTS: Record<ContactTableSort, SortSpec> = {
  // Case-insensitive; byte order ("C") so both databases sort alike whatever their default collation.
  name: {
    key: sql`(nullif(lower(coalesce(${contacts.customName}, ${contacts.profileName})), '') collate "C")`,
    kind: 'text',
    nullable: true,
    neutral: sql`(''::text collate "C")`,
  },
  lastMessage: {
    key: sql`${contacts.lastMessageAt}`,
    kind: 'time',
    nullable: true,
    neutral: sql`'-infinity'::timestamptz`,
  },
  firstContact: {
    key: sql`${contacts.createdAt}`,
    kind: 'time',
    nullable: false,
    neutral: sql`'-infinity'::timestamptz`,
  },
};

/** The default direction of each sort: names A→Z, dates newest first. */
export const defaultDir = (sort: ContactTableSort): Dir => (sort === 'name' ? 'asc' : 'desc');

export type TableScope = {
  accountId: string;
  actorId: string;
  /** Owners see every contact; members the unassigned ones and their own (the inbox's rule). */
  teamView: boolean;
};

/**
 * Contacts who were recipients of the campaign in any of the groups (the report's funnel groups): a
 * semi-join on campaign_recipients, which its (campaign_id, contact_id) key answers either way — one
 * probe per candidate contact, or the campaign's recipients hashed once. A campaign of another
 * account has none of this account's contacts, so it matches nobody.
 */
function campaignCondition(campaign: ContactTableFilter['campaign']): SQL | undefined {
  if (!campaign) return undefined;
  const r = campaignRecipients;
  return sql`exists (select 1 from ${r} where ${r.campaignId} = ${campaign.campaignId}::uuid and ${r.contactId} = ${contacts.id} and ${recipientGroupsSql(campaign.statuses)})`;
}

/**
 * Account, visibility, archive state, search, tags, assignee, last activity, consent, custom-field
 * conditions and a campaign's recipients (`fields`: the account's fields those name, from loadFieldDefs; `missing`: see MissingField).
 */
export function tableConditions(
  scope: TableScope,
  filter: ContactTableFilter,
  fields: FieldDefs = NO_FIELDS,
  missing: MissingField = 'reject',
): SQL {
  const pattern = searchPattern(filter.q);
  // Tags are tested on the contact's own `tag_ids` (kept equal to contact_tags by triggers), which
  // its GIN index answers for "any" (&&) and "all" (@>).
  const tagList = sql`array[${sql.join(
    filter.tagIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;
  let tags: SQL | undefined;
  if (filter.tagIds.length > 0) {
    if (filter.tagMode === 'any') tags = sql`${contacts.tagIds} && ${tagList}`;
    else if (filter.tagMode === 'none') tags = sql`not (${contacts.tagIds} && ${tagList})`;
    else tags = sql`${contacts.tagIds} @> ${tagList}`;
  }
  let assignee: SQL | undefined;
  if (filter.assignee === 'unassigned') assignee = isNull(contacts.assignedTo);
  else if (filter.assignee === 'me') assignee = eq(contacts.assignedTo, scope.actorId);
  else if (filter.assignee !== 'anyone') assignee = eq(contacts.assignedTo, filter.assignee);
  return and(
    eq(contacts.accountId, scope.accountId),
    scope.teamView ? undefined : or(isNull(contacts.assignedTo), eq(contacts.assignedTo, scope.actorId)),
    filter.archived === 'exclude' ? isNull(contacts.archivedAt) : undefined,
    filter.archived === 'only' ? isNotNull(contacts.archivedAt) : undefined,
    pattern ? sql`${CONTACT_SEARCH_TEXT} like ${pattern}` : undefined,
    tags,
    assignee,
    filter.after ? sql`${contacts.lastMessageAt} >= ${filter.after.toISOString()}::timestamptz` : undefined,
    filter.before ? sql`${contacts.lastMessageAt} < ${filter.before.toISOString()}::timestamptz` : undefined,
    filter.consent && filter.consent !== 'any' ? eq(contacts.consent, filter.consent) : undefined,
    fieldConditionsSql(filter.conditions ?? [], fields, missing),
    campaignCondition(filter.campaign),
  )!;
}

export type TableCursor = { sort: ContactTableSort; dir: Dir; key: string | null; id: string };

/** PostgreSQL's text form of a timestamptz. */
const TIME_TEXT = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(\.\d{1,6})?([+-](\d\d)(:\d\d)?|Z)?$/;

/** A time key PostgreSQL will read without an error (a forged 2026-02-31 would otherwise be a 500). */
export function isTimeKey(key: string): boolean {
  const m = TIME_TEXT.exec(key);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 1 &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60 &&
    Number(m[9] ?? 0) < 16
  );
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeTableCursor(c: TableCursor): string {
  return Buffer.from(JSON.stringify([c.sort, c.dir, c.key, c.id])).toString('base64url');
}

/** Null for a malformed cursor (the route answers 400); the sort it was made under is in it. */
export function decodeTableCursor(value: string): TableCursor | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 4) return null;
    const [sort, dir, key, id] = parsed as unknown[];
    if (sort !== 'name' && sort !== 'lastMessage' && sort !== 'firstContact') return null;
    if (dir !== 'asc' && dir !== 'desc') return null;
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    if (key !== null && typeof key !== 'string') return null;
    if (SORTS[sort].kind === 'time' && key !== null && !isTimeKey(key)) return null;
    if (sort === 'firstContact' && key === null) return null;
    if (typeof key === 'string' && (key.length === 0 || key.length > 2000 || key.includes('\0'))) return null;
    return { sort, dir, key, id };
  } catch {
    return null;
  }
}

/**
 * The order as one row of non-null columns, so a cursor is a single row comparison an index on the
 * same expressions can seek to: asc is (key is null, key, id) ascending, desc is (key is not null,
 * key, id) descending — either way the contacts without the key come last. A sort whose key is never
 * null (first contact) is just (key, id).
 */
function orderColumns(spec: SortSpec, dir: Dir): SQL[] {
  if (!spec.nullable) return [spec.key, sql`${contacts.id}`];
  const flag = dir === 'asc' ? sql`(${spec.key} is null)` : sql`(${spec.key} is not null)`;
  return [flag, sql`coalesce(${spec.key}, ${spec.neutral})`, sql`${contacts.id}`];
}

/** The same row for the cursor's values. */
function cursorColumns(spec: SortSpec, dir: Dir, cursor: TableCursor): SQL[] {
  const id = sql`${cursor.id}::uuid`;
  const value =
    cursor.key === null
      ? spec.neutral
      : spec.kind === 'time'
        ? sql`${cursor.key}::timestamptz`
        : sql`(${cursor.key}::text collate "C")`;
  if (!spec.nullable) return [value, id];
  const flag = dir === 'asc' ? cursor.key === null : cursor.key !== null;
  return [sql.raw(flag ? 'true' : 'false'), value, id];
}

function afterCursor(spec: SortSpec, dir: Dir, cursor: TableCursor): SQL {
  const cmp = sql.raw(dir === 'asc' ? '>' : '<');
  const row = (cols: SQL[]) => sql`(${sql.join(cols, sql`, `)})`;
  return sql`${row(orderColumns(spec, dir))} ${cmp} ${row(cursorColumns(spec, dir, cursor))}`;
}

export type TablePage = { sort: ContactTableSort; dir: Dir; cursor: TableCursor | null; limit: number };

/** The query for one page (a row more than asked, to know whether another follows), with each row's key as text. */
export function tablePageQuery(
  db: Executor,
  scope: TableScope,
  filter: ContactTableFilter,
  page: TablePage,
  fields: FieldDefs = NO_FIELDS,
) {
  const spec = SORTS[page.sort];
  const order = sql.raw(page.dir);
  return db
    .select({ contact: contactRowColumns, key: sql<string | null>`(${spec.key})::text` })
    .from(contacts)
    .where(
      and(
        tableConditions(scope, filter, fields),
        page.cursor ? afterCursor(spec, page.dir, page.cursor) : undefined,
      ),
    )
    .orderBy(...orderColumns(spec, page.dir).map((col) => sql`${col} ${order}`))
    .limit(page.limit + 1);
}

/** One page under a sort; `nextCursor` is null on the last page. */
export async function findTablePage(
  db: Executor,
  scope: TableScope,
  filter: ContactTableFilter,
  page: TablePage,
): Promise<{ rows: ContactRow[]; nextCursor: string | null }> {
  const fields = await loadFieldDefs(db, scope.accountId, filter.conditions ?? []);
  const found = await tablePageQuery(db, scope, filter, page, fields);
  const rows = found.slice(0, page.limit);
  const last = found.length > page.limit ? rows.at(-1) : undefined;
  return {
    rows: rows.map((r) => r.contact),
    nextCursor: last
      ? encodeTableCursor({ sort: page.sort, dir: page.dir, key: last.key, id: last.contact.id })
      : null,
  };
}

/** How many contacts match the filters (the "all N matching" of a bulk action, a segment's count). */
export async function countTable(
  db: Executor,
  scope: TableScope,
  filter: ContactTableFilter,
  missing: MissingField = 'reject',
): Promise<number> {
  const fields = await loadFieldDefs(db, scope.accountId, filter.conditions ?? []);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(contacts)
    .where(tableConditions(scope, filter, fields, missing));
  return Number(row?.count ?? 0);
}

/**
 * Messages per contact of one page: a grouped count over messages_contact_timestamp_idx (contact_id
 * leading), so it reads only the page's own messages, never the account's.
 */
export async function countMessagesOf(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ contactId: messages.contactId, count: sql<number>`count(*)::int` })
    .from(messages)
    .where(inArray(messages.contactId, ids))
    .groupBy(messages.contactId);
  return new Map(rows.map((r) => [r.contactId, Number(r.count)]));
}
