import type { ContactListItem, InboxTab } from '@common/api/inbox';
import type { QueryClient } from '@tanstack/react-query';
import { type ContactPages, type InboxFilter, inboxKeys } from '../../../api/inboxKeys';

/**
 * What the shortcuts read from the contact lists already cached: the order of the list on screen
 * (Alt+↑/↓) and how many chats are unread (the tab title). Live events keep these lists current
 * (api/inbox.ts applyContact), so nothing here fetches.
 */

/** The rows of the tab's list on screen, in its order (the list with its current search and tags). */
export function visibleListContacts(client: QueryClient, tab: InboxTab): ContactListItem[] {
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

/** Chats with unread messages in the unfiltered tab lists, each counted once. */
export function unreadChatCount(client: QueryClient): number {
  const unread = new Set<string>();
  for (const [key, data] of client.getQueriesData<ContactPages>({ queryKey: inboxKeys.lists })) {
    const filter = key[3] as InboxFilter | undefined;
    if (!data || !filter || filter.q !== '' || filter.tagIds.length > 0) continue;
    for (const page of data.pages) {
      for (const contact of page.contacts) if (contact.unreadCount > 0) unread.add(contact.id);
    }
  }
  return unread.size;
}

export const APP_TITLE = 'Switchboard';

/** '(3) Switchboard' with three unread chats, 'Switchboard' with none. */
export function inboxTitle(unreadChats: number): string {
  return unreadChats > 0 ? `(${unreadChats}) ${APP_TITLE}` : APP_TITLE;
}
