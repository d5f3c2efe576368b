import type {
  ContactDetail,
  ContactListItem,
  ContactListResponse,
  ContactListView,
  InboxCountsResponse,
  InboxTab,
} from '@common/api/inbox';
import type { ServerEventMap } from '@common/realtime';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { type ContactPages, type InboxFilter, inboxKeys, loadRetry, loadRetryDelay } from './inboxKeys';
import type { ConversationPages } from './messageList';
import { noteServerNow } from './serverClock';
import { refreshTagNames } from './tags';

/**
 * The contact list side of the chats screen: tab counts, the tabs' keyset pages, tags for the filter,
 * and how live contact events change what is cached.
 */

export type { ContactPages, InboxFilter } from './inboxKeys';
export { inboxKeys, loadRetry, loadRetryDelay, tagsQuery } from './inboxKeys';

function filterParams(filter: InboxFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.tagIds.length > 0) params.set('tagIds', filter.tagIds.join(','));
  return params;
}

export function contactsQuery(tab: ContactListView, filter: InboxFilter) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.list(tab, filter),
    queryFn: async ({ pageParam, signal }) => {
      const params = filterParams(filter);
      params.set('tab', tab);
      if (pageParam) params.set('cursor', pageParam);
      const page = await apiRequest<ContactListResponse>(`/api/contacts?${params}`, { signal });
      noteServerNow(page.serverNow);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: loadRetry,
    retryDelay: loadRetryDelay,
    staleTime: 30_000,
  });
}

export function countsQuery(filter: InboxFilter) {
  return queryOptions({
    queryKey: inboxKeys.counts(filter),
    queryFn: ({ signal }) =>
      apiRequest<InboxCountsResponse>(`/api/inbox/counts?${filterParams(filter)}`, { signal }),
    retry: loadRetry,
    retryDelay: loadRetryDelay,
    staleTime: 30_000,
  });
}

// ---------------------------------------------------------------------------------------------------
// Live contact events → the cache
// ---------------------------------------------------------------------------------------------------

/** The tab a contact belongs in for viewer `meId`; null when it is in none (archived). */
export function tabOf(contact: ContactListItem, meId: string | null): InboxTab | null {
  if (contact.archived) return null;
  if (!contact.assignee) return 'unassigned';
  return contact.assignee.id === meId ? 'mine' : 'team';
}

/**
 * The list a contact belongs in for viewer `meId`: its tab, or the Archived view when archived (one
 * assigned to another teammate only with the team-wide view, as the server lists them); null for none.
 */
export function viewOf(
  contact: ContactListItem,
  meId: string | null,
  teamView: boolean,
): ContactListView | null {
  if (!contact.archived) return tabOf(contact, meId);
  return teamView || !contact.assignee || contact.assignee.id === meId ? 'archived' : null;
}

/** Whether the signed-in user has the team-wide view, from any cached tab counts. */
function hasTeamView(client: QueryClient): boolean {
  return client
    .getQueriesData<InboxCountsResponse>({ queryKey: ['inbox', 'counts'] })
    .some(([, data]) => data?.abilities.viewTeam === true);
}

/** The server's list order: latest message first, contacts without messages last, then id. */
export function compareContacts(a: ContactListItem, b: ContactListItem): number {
  const at = a.lastMessageAt ? Date.parse(a.lastMessageAt) : Number.NEGATIVE_INFINITY;
  const bt = b.lastMessageAt ? Date.parse(b.lastMessageAt) : Number.NEGATIVE_INFINITY;
  if (at !== bt) return bt > at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function isNewerContact(candidate: ContactListItem, current: ContactListItem): boolean {
  return Date.parse(candidate.updatedAt) >= Date.parse(current.updatedAt);
}

/**
 * Places a changed contact in one cached tab list (unfiltered): removed where it was, then inserted
 * at its sorted position when it belongs to the tab and that position is within the loaded pages.
 */
export function placeContact(data: ContactPages, contact: ContactListItem, belongs: boolean): ContactPages {
  const existing = data.pages.flatMap((p) => p.contacts).find((c) => c.id === contact.id);
  if (existing && !isNewerContact(contact, existing)) return data;

  const pages = data.pages.map((page) =>
    page.contacts.some((c) => c.id === contact.id)
      ? { ...page, contacts: page.contacts.filter((c) => c.id !== contact.id) }
      : page,
  );
  if (!belongs) return { ...data, pages };

  const lastPage = pages.length - 1;
  for (let index = 0; index < pages.length; index += 1) {
    const page = pages[index]!;
    const position = page.contacts.findIndex((c) => compareContacts(contact, c) < 0);
    const isOpenEnded = index === lastPage && page.nextCursor === null;
    if (position >= 0 || isOpenEnded) {
      const contacts = [...page.contacts];
      contacts.splice(position >= 0 ? position : contacts.length, 0, contact);
      pages[index] = { ...page, contacts };
      return { ...data, pages };
    }
  }
  // Sorts after everything loaded so far: it shows up when the next page is fetched.
  return { ...data, pages };
}

/** Updates a contact already in a list without moving it (filtered lists: the server decides membership). */
function patchContact(data: ContactPages, contact: ContactListItem): ContactPages {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.contacts.some((c) => c.id === contact.id && isNewerContact(contact, c))
        ? { ...page, contacts: page.contacts.map((c) => (c.id === contact.id ? contact : c)) }
        : page,
    ),
  };
}

function isFiltered(filter: InboxFilter): boolean {
  return filter.q.trim() !== '' || filter.tagIds.length > 0;
}

let countsTimer: ReturnType<typeof setTimeout> | null = null;
/** Counts are cheap but events come in bursts: refetch them at most twice a second. */
function refreshCountsSoon(client: QueryClient): void {
  if (countsTimer) return;
  countsTimer = setTimeout(() => {
    countsTimer = null;
    void client.invalidateQueries({ queryKey: ['inbox', 'counts'] });
  }, 500);
}

let tagsTimer: ReturnType<typeof setTimeout> | null = null;
/** Bulk tagging sends an event per contact: refetch the tag list once per burst. */
function refreshTagsSoon(client: QueryClient): void {
  if (tagsTimer) return;
  tagsTimer = setTimeout(() => {
    tagsTimer = null;
    void client.invalidateQueries({ queryKey: inboxKeys.tags });
  }, 500);
}

/** Writes a changed contact into every cached list and into its open conversation's header. */
export function applyContact(client: QueryClient, contact: ContactListItem, meId: string | null): void {
  const tab = viewOf(contact, meId, hasTeamView(client));
  let needsRefetch = false;
  for (const [key, data] of client.getQueriesData<ContactPages>({ queryKey: inboxKeys.lists })) {
    if (!data) continue;
    const [, , listTab, filter] = key as ReturnType<typeof inboxKeys.list>;
    if (isFiltered(filter)) {
      client.setQueryData<ContactPages>(key, patchContact(data, contact));
      needsRefetch = true;
      continue;
    }
    client.setQueryData<ContactPages>(key, placeContact(data, contact, listTab === tab));
  }
  if (needsRefetch) {
    void client.invalidateQueries({
      queryKey: inboxKeys.lists,
      predicate: (q) => isFiltered((q.queryKey[3] ?? { q: '', tagIds: [] }) as InboxFilter),
    });
  }
  client.setQueryData<ConversationPages>(['messages', contact.id], (data) => {
    if (!data?.pages[0]) return data;
    const [first, ...rest] = data.pages;
    const current = first.contact;
    if (!isNewerContact(contact, current)) return data;
    const detail: ContactDetail = { ...current, ...contact };
    return { ...data, pages: [{ ...first, contact: detail }, ...rest] };
  });
  refreshCountsSoon(client);
}

export function removeContact(client: QueryClient, contactId: string): void {
  for (const [key, data] of client.getQueriesData<ContactPages>({ queryKey: inboxKeys.lists })) {
    if (!data) continue;
    client.setQueryData<ContactPages>(key, {
      ...data,
      pages: data.pages.map((p) => ({ ...p, contacts: p.contacts.filter((c) => c.id !== contactId) })),
    });
  }
  client.removeQueries({ queryKey: ['messages', contactId] });
  refreshCountsSoon(client);
}

/** Loaded pages kept when the lists are refetched after a reconnect (each page is one request). */
const REFRESH_KEEP_PAGES = 3;

/**
 * Refetches counts and the cached tab lists after events may have been missed. A list scrolled far
 * down is cut back to its first pages first, so a reconnect costs a few requests, not dozens.
 */
export async function refreshLists(client: QueryClient): Promise<void> {
  for (const [key, data] of client.getQueriesData<ContactPages>({ queryKey: inboxKeys.lists })) {
    if (data && data.pages.length > REFRESH_KEEP_PAGES) {
      client.setQueryData<ContactPages>(key, {
        pages: data.pages.slice(0, REFRESH_KEEP_PAGES),
        pageParams: data.pageParams.slice(0, REFRESH_KEEP_PAGES),
      });
    }
  }
  await client.invalidateQueries({ queryKey: inboxKeys.all });
}

/** A contact's row from any cached list (for notifications and the header before it loads). */
export function findCachedContact(client: QueryClient, contactId: string): ContactListItem | null {
  for (const [, data] of client.getQueriesData<ContactPages>({ queryKey: inboxKeys.lists })) {
    const hit = data?.pages.flatMap((p) => p.contacts).find((c) => c.id === contactId);
    if (hit) return hit;
  }
  const conversation = client.getQueryData<ConversationPages>(['messages', contactId]);
  return conversation?.pages[0]?.contact ?? null;
}

type ApplierContext = { client: QueryClient; meId: string | null };

/** The contact events of the live feed (common/realtime.ts) and what each does to the cache. */
export const inboxAppliers = {
  'contact.updated': ({ client, meId }: ApplierContext, data: ServerEventMap['contact.updated']) =>
    applyContact(client, data.contact, meId),
  'contact.assigned': ({ client, meId }: ApplierContext, data: ServerEventMap['contact.assigned']) =>
    applyContact(client, data.contact, meId),
  'contact.tagged': ({ client, meId }: ApplierContext, data: ServerEventMap['contact.tagged']) => {
    if (data.contact) {
      applyContact(client, data.contact, meId);
      // The tags' contact counts changed (and a teammate may have made a new tag).
      refreshTagsSoon(client);
    } else {
      // A tag was renamed or deleted: fix the names in cached rows and headers, refetch tag-filtered lists.
      void refreshTagNames(client);
      void client.invalidateQueries({ queryKey: inboxKeys.lists });
    }
  },
  'contact.deleted': ({ client }: ApplierContext, data: ServerEventMap['contact.deleted']) =>
    removeContact(client, data.contactId),
} as const;
