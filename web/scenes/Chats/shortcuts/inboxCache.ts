import type { ContactListItem, ContactListView } from '@common/api/inbox';
import type { QueryClient } from '@tanstack/react-query';
import { type ContactPages, type InboxFilter, inboxKeys } from '../../../api/inboxKeys';

/**
 * What the shortcuts read from the contact lists already cached: the order of the list on screen
 * (Alt+↑/↓) and how many chats are unread (the tab title). Live events keep these lists current
 * (api/inbox.ts applyContact), so nothing here fetches.
 */

/** The rows of the tab's list on screen, in its order (the list with its current search and tags). */
export function visibleListContacts(client: QueryClient, tab: ContactListView): ContactListItem[] {
  const lists = client
    .getQueryCache()
    .findAll({ queryKey: [...inboxKeys.lists, tab], type: 'active' })
    .filter((query) => query.state.data)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const data = lists[0]?.state.data as ContactPages | undefined;
  return data?.pages.flatMap((page) => page.contacts) ?? [];
}

/** The id `step` rows away from `currentId` (the first row when nothing is open); null at an end. */
export function neighbourId(rows: ContactListItem[], currentId: string | null, step: 1 | -1): string | null {
  const index = currentId ? rows.findIndex((c) => c.id === currentId) : -1;
  if (index < 0) return rows[0]?.id ?? null;
  return rows[index + step]?.id ?? null;
}

/** The rows of the unfiltered tab lists (the inbox as it is, not the Archived view), each once. */
export function cachedInboxRows(client: QueryClient): ContactListItem[] {
  const rows = new Map<string, ContactListItem>();
  for (const [key, data] of client.getQueriesData<ContactPages>({ queryKey: inboxKeys.lists })) {
    const filter = key[3] as InboxFilter | undefined;
    if (!data || !filter || filter.q !== '' || filter.tagIds.length > 0 || key[2] === 'archived') continue;
    for (const page of data.pages) {
      for (const contact of page.contacts) if (!rows.has(contact.id)) rows.set(contact.id, contact);
    }
  }
  return [...rows.values()];
}

/** Chats with unread messages in the unfiltered tab lists, each counted once. */
export function unreadChatCount(client: QueryClient): number {
  return cachedInboxRows(client).filter((contact) => contact.unreadCount > 0).length;
}

/**
 * The chats the title counts: the unread ones, and while the tab is hidden also every chat a
 * customer wrote to since it was hidden, the open one included (the open chat is read again as soon
 * as its messages load, so its unread count alone would not show that anything came in).
 */
export function createUnreadTracker() {
  let hiddenAt: Map<string, string> | null = null;
  const arrived = new Set<string>();
  // Meta stamps messages to the second: two in one second differ by their text, not their time.
  const lastOf = (c: ContactListItem) => `${c.lastMessageAt}\u0000${c.lastMessagePreview}`;
  return {
    /** The tab was hidden (true) or shown again (false). */
    setHidden(hidden: boolean, rows: ContactListItem[]) {
      arrived.clear();
      hiddenAt = hidden ? new Map(rows.map((c) => [c.id, lastOf(c)])) : null;
    },
    count(rows: ContactListItem[]): number {
      if (hiddenAt) {
        for (const c of rows) {
          if (c.lastMessageDirection === 'incoming' && hiddenAt.get(c.id) !== lastOf(c)) arrived.add(c.id);
        }
      }
      const chats = new Set(arrived);
      for (const c of rows) if (c.unreadCount > 0) chats.add(c.id);
      return chats.size;
    },
  };
}

export const APP_TITLE = 'Switchboard';

/** '(3) Switchboard' with three unread chats, 'Switchboard' with none. */
export function inboxTitle(unreadChats: number): string {
  return unreadChats > 0 ? `(${unreadChats}) ${APP_TITLE}` : APP_TITLE;
}
