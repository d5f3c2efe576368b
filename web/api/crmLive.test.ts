import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactListItem } from '../test/contactListItem';
import { contactTableKeys, DEFAULT_SORT, EMPTY_FILTER } from './contactTable';
import { inboxKeys } from './inboxKeys';
import { applyServerEvent } from './live';
import { segmentKeys } from './segments';

describe('live contact events on the Contacts page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refetch the table and the segment counts once per burst, and still update the inbox lists', () => {
    const client = new QueryClient();
    const tableKey = contactTableKeys.rows(EMPTY_FILTER, DEFAULT_SORT);
    client.setQueryData(tableKey, { pages: [], pageParams: [] });
    client.setQueryData(segmentKeys.count('s1'), 12);
    const list = inboxKeys.list('unassigned', { q: '', tagIds: [] });
    client.setQueryData(list, {
      pages: [{ contacts: [contactListItem('c1')], nextCursor: null }],
      pageParams: [null],
    });
    const invalidate = vi.spyOn(client, 'invalidateQueries');

    const renamed = contactListItem('c1', { name: 'Maya Renamed', updatedAt: '2026-03-13T10:00:00.000Z' });
    for (let i = 0; i < 5; i++) {
      applyServerEvent({ client, meId: null }, {
        type: 'event',
        id: `e${i}`,
        event: 'contact.updated',
        data: { accountId: 'a', contact: renamed },
      } as never);
    }
    // The inbox's own applier ran: the list row shows the new name at once.
    const pages = client.getQueryData<{ pages: { contacts: { name: string }[] }[] }>(list);
    expect(pages?.pages[0]?.contacts[0]?.name).toBe('Maya Renamed');

    expect(client.getQueryState(tableKey)?.isInvalidated).toBe(false);
    vi.advanceTimersByTime(300);
    expect(client.getQueryState(tableKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(segmentKeys.count('s1'))?.isInvalidated).toBe(true);
    const tableRefetches = invalidate.mock.calls.filter(
      ([f]) => JSON.stringify(f?.queryKey) === '["contact-table"]',
    );
    expect(tableRefetches).toHaveLength(1);
  });
});
