import type { ContactListItem } from '@common/api/inbox';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './client';
import {
  type ContactPages,
  compareContacts,
  loadRetry,
  loadRetryDelay,
  placeContact,
  refreshLists,
  tabOf,
  viewOf,
} from './inbox';

function contact(id: string, lastMessageAt: string | null, overrides: Partial<ContactListItem> = {}) {
  return {
    id,
    name: id,
    lastMessageAt,
    assignee: null,
    archived: false,
    updatedAt: '2026-03-12T10:00:00.000Z',
    ...overrides,
  } as ContactListItem;
}

function pages(...lists: { contacts: ContactListItem[]; nextCursor: string | null }[]): ContactPages {
  return { pages: lists.map((l) => ({ ...l, serverNow: '' })), pageParams: lists.map((_, i) => String(i)) };
}

const ids = (data: ContactPages) => data.pages.map((p) => p.contacts.map((c) => c.id));

describe('loading retries', () => {
  it('retries 3 times, 2 s, 4 s, then 5 s apart, but not on client errors', () => {
    expect([0, 1, 2].map(loadRetryDelay)).toEqual([2000, 4000, 5000]);
    expect(loadRetry(0, new Error('network'))).toBe(true);
    expect(loadRetry(3, new Error('network'))).toBe(false);
    expect(loadRetry(0, new ApiRequestError(404, null, 'x'))).toBe(false);
    expect(loadRetry(0, new ApiRequestError(503, null, 'x'))).toBe(true);
    expect(loadRetry(0, new ApiRequestError(429, null, 'x'))).toBe(true);
  });
});

describe('tabOf', () => {
  it('puts a contact in the tab of its assignee', () => {
    expect(tabOf(contact('a', null), 'me')).toBe('unassigned');
    expect(tabOf(contact('a', null, { assignee: { id: 'me', label: 'me' } }), 'me')).toBe('mine');
    expect(tabOf(contact('a', null, { assignee: { id: 'bo', label: 'bo' } }), 'me')).toBe('team');
    expect(tabOf(contact('a', null, { archived: true }), 'me')).toBeNull();
  });
});

describe('viewOf', () => {
  it('puts an archived contact in the Archived view, a teammate’s only for the team-wide view', () => {
    const bo = { assignee: { id: 'bo', label: 'bo' }, archived: true };
    expect(viewOf(contact('a', null), 'me', false)).toBe('unassigned');
    expect(viewOf(contact('a', null, { archived: true }), 'me', false)).toBe('archived');
    expect(viewOf(contact('a', null, { ...bo, assignee: { id: 'me', label: 'me' } }), 'me', false)).toBe(
      'archived',
    );
    expect(viewOf(contact('a', null, bo), 'me', false)).toBeNull();
    expect(viewOf(contact('a', null, bo), 'me', true)).toBe('archived');
  });
});

describe('compareContacts', () => {
  it('sorts newest message first, contacts without messages last', () => {
    const list = [
      contact('old', '2026-03-01T00:00:00Z'),
      contact('none', null),
      contact('new', '2026-03-12T00:00:00Z'),
    ];
    expect(list.sort(compareContacts).map((c) => c.id)).toEqual(['new', 'old', 'none']);
  });
});

describe('placeContact', () => {
  const data = pages(
    {
      contacts: [contact('a', '2026-03-12T10:00:00Z'), contact('b', '2026-03-11T10:00:00Z')],
      nextCursor: 'x',
    },
    { contacts: [contact('c', '2026-03-10T10:00:00Z')], nextCursor: 'y' },
  );

  it('moves a contact with a new message to the top', () => {
    const changed = contact('c', '2026-03-12T11:00:00Z', { updatedAt: '2026-03-12T11:00:00.000Z' });
    expect(ids(placeContact(data, changed, true))).toEqual([['c', 'a', 'b'], []]);
  });

  it('removes a contact that left the tab', () => {
    const changed = contact('a', '2026-03-12T10:00:00Z', { updatedAt: '2026-03-12T11:00:00.000Z' });
    expect(ids(placeContact(data, changed, false))).toEqual([['b'], ['c']]);
  });

  it('leaves a contact that sorts after the loaded pages for the next page', () => {
    const changed = contact('z', '2026-01-01T00:00:00Z');
    expect(ids(placeContact(data, changed, true))).toEqual([['a', 'b'], ['c']]);
  });

  it('ignores an event older than the cached row', () => {
    const stale = contact('a', '2026-03-12T10:00:00Z', { updatedAt: '2026-03-12T09:00:00.000Z' });
    expect(placeContact(data, stale, false)).toBe(data);
  });
});

describe('refreshLists', () => {
  it('cuts a deeply scrolled list back to its first 3 pages and refetches', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const client = new QueryClient();
    const key = ['inbox', 'contacts', 'unassigned', { q: '', tagIds: [] }];
    const page = (id: string) => ({ contacts: [contact(id, null)], nextCursor: 'x', serverNow: '' });
    client.setQueryData(key, {
      pages: ['a', 'b', 'c', 'd', 'e'].map(page),
      pageParams: [null, '1', '2', '3', '4'],
    });
    await refreshLists(client);
    const data = client.getQueryData<ContactPages>(key)!;
    expect(data.pages.map((p) => p.contacts[0]!.id)).toEqual(['a', 'b', 'c']);
    expect(data.pageParams).toEqual([null, '1', '2']);
    expect(client.getQueryState(key)!.isInvalidated).toBe(true);
  });
});
