import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { contactsQuery, countsQuery, type InboxFilter } from '../../../api/inbox';
import { cachedInboxRows, createUnreadTracker, inboxTitle } from './inboxCache';

const UNFILTERED: InboxFilter = { q: '', tagIds: [] };

/**
 * The browser tab reads '(3) Switchboard' while three chats are unread (and, while the tab is hidden,
 * counts the chats written to since, the open one too). The count comes from the
 * unfiltered tab lists, so each tab the agent can see keeps its first page cached (the tab on screen
 * already does; the others cost one request each) and live events keep them current.
 */
export function useUnreadTitle(): void {
  const client = useQueryClient();
  const viewTeam = useQuery(countsQuery(UNFILTERED)).data?.abilities.viewTeam ?? false;
  // One observer per tab keeps its first page from being dropped from the cache.
  useInfiniteQuery(contactsQuery('unassigned', UNFILTERED));
  useInfiniteQuery(contactsQuery('mine', UNFILTERED));
  useInfiniteQuery({ ...contactsQuery('team', UNFILTERED), enabled: viewTeam });

  const [unread, setUnread] = useState(0);
  useEffect(() => {
    const tracker = createUnreadTracker();
    const recount = () => setUnread(tracker.count(cachedInboxRows(client)));
    const onVisibility = () => {
      tracker.setHidden(document.visibilityState === 'hidden', cachedInboxRows(client));
      recount();
    };
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' || event.type === 'removed') recount();
    });
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      unsubscribe();
    };
  }, [client]);

  useEffect(() => {
    const before = document.title;
    document.title = inboxTitle(unread);
    return () => {
      document.title = before;
    };
  }, [unread]);
}
