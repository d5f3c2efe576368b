import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { contactsQuery } from '../../../api/inbox';
import type { ContactPages } from '../../../api/inboxKeys';
import {
  createUnreadTracker,
  inboxTitle,
  neighbourId,
  unreadChatCount,
  visibleListContacts,
} from './inboxCache';
import { contactRow } from './testInbox';

function pages(...ids: string[][]): ContactPages {
  return {
    pages: ids.map((list) => ({
      contacts: list.map((id) => contactRow(id)),
      nextCursor: null,
      serverNow: '',
    })),
    pageParams: ids.map((_, i) => (i === 0 ? null : String(i))),
  };
}

describe('neighbourId', () => {
  const rows = ['a', 'b', 'c'].map((id) => contactRow(id));
  it('steps through the list and stops at its ends', () => {
    expect(neighbourId(rows, 'b', 1)).toBe('c');
    expect(neighbourId(rows, 'b', -1)).toBe('a');
    expect(neighbourId(rows, 'c', 1)).toBeNull();
    expect(neighbourId(rows, 'a', -1)).toBeNull();
  });
  it('starts at the top when nothing (or a chat from elsewhere) is open', () => {
    expect(neighbourId(rows, null, 1)).toBe('a');
    expect(neighbourId(rows, 'zz', -1)).toBe('a');
    expect(neighbourId([], null, 1)).toBeNull();
  });
});

describe('visibleListContacts', () => {
  it('reads the list on screen: the observed query of the tab, with its search', () => {
    const client = new QueryClient();
    const all = contactsQuery('mine', { q: '', tagIds: [] });
    const searched = contactsQuery('mine', { q: 'ma', tagIds: [] });
    client.setQueryData(all.queryKey, pages(['a', 'b'], ['c']));
    client.setQueryData(searched.queryKey, pages(['b']));
    client.setQueryData(contactsQuery('unassigned', { q: '', tagIds: [] }).queryKey, pages(['x']));
    // Nothing observed yet: no list is on screen.
    expect(visibleListContacts(client, 'mine')).toEqual([]);
    const watch = (queryKey: readonly unknown[]) =>
      new QueryObserver(client, { queryKey, staleTime: Number.POSITIVE_INFINITY }).subscribe(() => {});
    const stop = watch(all.queryKey);
    expect(visibleListContacts(client, 'mine').map((c) => c.id)).toEqual(['a', 'b', 'c']);
    stop();
    const stopSearching = watch(searched.queryKey);
    expect(visibleListContacts(client, 'mine').map((c) => c.id)).toEqual(['b']);
    stopSearching();
  });
});

describe('unread chats and the title', () => {
  it('counts each unread chat once, from the unfiltered lists only', () => {
    const client = new QueryClient();
    const unread = (id: string, count: number) => contactRow(id, { unreadCount: count });
    const list = (...rows: ReturnType<typeof contactRow>[]): ContactPages => ({
      pages: [{ contacts: rows, nextCursor: null, serverNow: '' }],
      pageParams: [null],
    });
    client.setQueryData(
      contactsQuery('unassigned', { q: '', tagIds: [] }).queryKey,
      list(unread('a', 2), unread('b', 0)),
    );
    client.setQueryData(
      contactsQuery('mine', { q: '', tagIds: [] }).queryKey,
      list(unread('c', 5), unread('d', 1)),
    );
    // A search result holds the same chat again, and one the lists do not: neither counts twice.
    client.setQueryData(
      contactsQuery('mine', { q: 'c', tagIds: [] }).queryKey,
      list(unread('c', 5), unread('e', 1)),
    );
    expect(unreadChatCount(client)).toBe(3);
  });

  it('reads (3) Switchboard with three unread chats and Switchboard with none', () => {
    expect(inboxTitle(3)).toBe('(3) Switchboard');
    expect(inboxTitle(0)).toBe('Switchboard');
  });
});

describe('createUnreadTracker', () => {
  const at = (minute: number) => `2026-03-12T10:0${minute}:00.000Z`;
  it('counts the unread chats, and while hidden the chats written to since, the open one included', () => {
    const tracker = createUnreadTracker();
    const open = contactRow('open', { lastMessageAt: at(1) });
    const waiting = contactRow('waiting', { unreadCount: 2, lastMessageAt: at(0) });
    expect(tracker.count([open, waiting])).toBe(1);
    tracker.setHidden(true, [open, waiting]);
    // The open chat gets a message and is read at once (its messages reload): it still counts.
    const written = { ...open, lastMessageAt: at(2), lastMessageDirection: 'incoming' as const };
    expect(tracker.count([written, waiting])).toBe(2);
    // A reply from the team is not news; a brand-new chat is.
    const replied = contactRow('replied', { lastMessageAt: at(3), lastMessageDirection: 'outgoing' });
    const fresh = contactRow('fresh', { lastMessageAt: at(4) });
    expect(tracker.count([written, waiting, replied, fresh])).toBe(3);
    // Back on the tab only the unread chats count.
    tracker.setHidden(false, [written, waiting, replied, fresh]);
    expect(tracker.count([written, waiting, replied, fresh])).toBe(1);
  });

  it('counts a message stamped with the same second as the one before it (Meta stamps to the second)', () => {
    const tracker = createUnreadTracker();
    const open = contactRow('open', {
      lastMessageAt: at(1),
      lastMessagePreview: 'I can pick it up at 5',
      lastMessageDirection: 'incoming',
    });
    tracker.setHidden(true, [open]);
    expect(tracker.count([open])).toBe(0);
    expect(tracker.count([{ ...open, lastMessagePreview: 'Also, the bell is loose' }])).toBe(1);
  });
});
