import type { ContactListView, InboxTab } from '@common/api/inbox';
import { and, desc, eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contactRowColumns } from '../../db/filter-columns';
import { contacts, contactTags } from '../../db/schema';
import type { ContactRow } from '../../presenters/contact';

/**
 * The contact list's queries. Every tab walks one partial index (server/db/schema/inbox.ts) newest
 * first by (sort key, id), so a page costs the same at 100 or 100,000 contacts; the keyset cursor
 * continues exactly where the last page stopped, whatever arrives in between.
 */

/** Must stay the expression the tab indexes are built on (CONTACT_SORT_KEY). */
const sortKey = sql`coalesce(${contacts.lastMessageAt}, '-infinity'::timestamptz)`;
/** Must stay the expression of contacts_search_idx (CONTACT_SEARCH_TEXT). */
const searchText = sql`(lower(coalesce(${contacts.customName}, ${contacts.profileName})) || ' ' || ${contacts.phone})`;

export type InboxFilter = {
  accountId: string;
  actorId: string;
  /** Already trimmed. */
  q: string;
  tagIds: string[];
};

/** The LIKE pattern for a search: a phone-looking query matches digits only ('+1 (650) 555' → '1650555'). */
export function searchPattern(q: string): string | null {
  const text = q.trim().toLowerCase();
  if (text === '') return null;
  const isPhone = /^[+\d\s\-().]+$/.test(text) && /\d/.test(text);
  const needle = isPhone ? text.replace(/\D/g, '') : text;
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function tabCondition(tab: InboxTab, actorId: string): SQL {
  if (tab === 'unassigned') return isNull(contacts.assignedTo);
  if (tab === 'mine') return eq(contacts.assignedTo, actorId);
  return and(isNotNull(contacts.assignedTo), ne(contacts.assignedTo, actorId))!;
}

/** Account, not archived, the tab, and the search and tag filters when set. */
function conditions(filter: InboxFilter, tab: InboxTab): SQL {
  return filtered(filter, tabCondition(tab, filter.actorId));
}

/**
 * The Archived view (contacts_archived_idx): archived contacts under the same filters; without the
 * team-wide view, only the unassigned ones and the caller's, as in the tabs.
 */
function archivedConditions(filter: InboxFilter, teamView: boolean): SQL {
  const visible = teamView
    ? undefined
    : or(isNull(contacts.assignedTo), eq(contacts.assignedTo, filter.actorId));
  return filtered(filter, and(isNotNull(contacts.archivedAt), visible)!, true);
}

function viewConditions(filter: InboxFilter, page: Page): SQL {
  return page.tab === 'archived'
    ? archivedConditions(filter, page.teamView ?? false)
    : conditions(filter, page.tab);
}

/** Every assigned contact (any assignee), under the same filters. */
function assignedConditions(filter: InboxFilter): SQL {
  return filtered(filter, isNotNull(contacts.assignedTo));
}

function filtered(filter: InboxFilter, which: SQL, archived = false): SQL {
  const pattern = searchPattern(filter.q);
  return and(
    eq(contacts.accountId, filter.accountId),
    archived ? undefined : isNull(contacts.archivedAt),
    which,
    pattern ? sql`${searchText} like ${pattern}` : undefined,
    filter.tagIds.length > 0
      ? sql`exists (select 1 from ${contactTags} where ${contactTags.contactId} = ${contacts.id} and ${inArray(contactTags.tagId, filter.tagIds)})`
      : undefined,
  )!;
}

type Cursor = { key: string; id: string };
/** PostgreSQL's text form of a timestamptz (ISO DateStyle), or -infinity for contacts without messages. */
const SORT_KEY_TEXT = /^(-infinity|\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:\d\d)?|Z)?)$/;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

/** Null for a malformed cursor (the route answers 400). */
export function decodeCursor(value: string): Cursor | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [key, id] = parsed as [unknown, unknown];
    if (typeof key !== 'string' || !SORT_KEY_TEXT.test(key)) return null;
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/.test(id)) return null;
    return { key, id };
  } catch {
    return null;
  }
}

type Page = {
  tab: ContactListView;
  cursor: Cursor | null;
  limit: number;
  /** The caller's team-wide view (inboxPolicy `viewTeam`): which archived contacts they see. */
  teamView?: boolean;
};

/** The query for one page (one row more than the page, to know whether another follows). */
export function contactPageQuery(db: Executor, filter: InboxFilter, page: Page) {
  const after = page.cursor
    ? sql`(${sortKey}, ${contacts.id}) < (${page.cursor.key}::timestamptz, ${page.cursor.id}::uuid)`
    : undefined;
  return db
    .select({ contact: contactRowColumns, key: sql<string>`(${sortKey})::text` })
    .from(contacts)
    .where(and(viewConditions(filter, page), after))
    .orderBy(sql`${sortKey} desc`, desc(contacts.id))
    .limit(page.limit + 1);
}

/** One page of a tab or the Archived view, newest first; `nextCursor` is null on the last page. */
export async function findContactPage(
  db: Executor,
  filter: InboxFilter,
  page: Page,
): Promise<{ rows: ContactRow[]; nextCursor: string | null }> {
  const found = await contactPageQuery(db, filter, page);
  const rows = found.slice(0, page.limit);
  const last = found.length > page.limit ? rows.at(-1) : undefined;
  return {
    rows: rows.map((r) => r.contact),
    nextCursor: last ? encodeCursor({ key: last.key, id: last.contact.id }) : null,
  };
}

/**
 * One statement, one count per tab, each an index-only scan of a tab index. The team tab (assigned to
 * anyone but the caller) is counted as all assigned minus the caller's: two range scans instead of a
 * scan that skips one assignee.
 */
export function countInboxSql(filter: InboxFilter, withTeam: boolean): SQL {
  const count = (tab: InboxTab | 'assigned') =>
    sql`(select count(*)::int from ${contacts} where ${tab === 'assigned' ? assignedConditions(filter) : conditions(filter, tab)})`;
  return sql`select ${count('unassigned')} as unassigned, ${count('mine')} as mine,
    ${withTeam ? sql`${count('assigned')} - ${count('mine')}` : sql`null::int`} as team`;
}

/** How many contacts each tab holds under the same filters; the team count only when asked for. */
export async function countInbox(
  db: Executor,
  filter: InboxFilter,
  withTeam: boolean,
): Promise<{ unassigned: number; mine: number; team: number | null }> {
  const count = (tab: InboxTab) =>
    sql`(select count(*)::int from ${contacts} where ${conditions(filter, tab)})`;
  const result = (await db.execute(sql`select ${count('unassigned')} as unassigned, ${count('mine')} as mine,
    ${withTeam ? count('team') : sql`null::int`} as team`)) as unknown as {
    rows: { unassigned: number; mine: number; team: number | null }[];
  };
  const row = result.rows[0]!;
  return {
    unassigned: Number(row.unassigned),
    mine: Number(row.mine),
    team: row.team === null ? null : Number(row.team),
  };
}
