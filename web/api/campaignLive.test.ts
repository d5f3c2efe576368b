import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_LISTS_REFETCH_MS } from './campaigns';
import { inboxKeys } from './inboxKeys';
import { applyServerEvent } from './live';
import { messageKeys } from './messages';

const sent = (id: string, contactIds: string[]) =>
  ({
    type: 'event',
    id,
    event: 'campaign.messages_changed',
    data: { accountId: 'a', contactIds, updatedAt: '2026-11-26T10:00:00.000Z' },
  }) as never;

describe("a campaign's messages, live", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refetch an open chat among the recipients at once, and the chat lists at most every 5 s', () => {
    const client = new QueryClient();
    const empty = { pages: [], pageParams: [] };
    client.setQueryData(messageKeys.conversation('maya'), empty);
    client.setQueryData(messageKeys.conversation('omar'), empty);
    const list = inboxKeys.list('unassigned', { q: '', tagIds: [] });
    client.setQueryData(list, empty);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

    applyServerEvent({ client, meId: null }, sent('e1', ['maya', 'lena']));
    expect(stale(messageKeys.conversation('maya'))).toBe(true);
    expect(stale(messageKeys.conversation('omar'))).toBe(false);
    vi.advanceTimersByTime(0);
    expect(stale(list)).toBe(true);

    // The next batches, 100 ms apart: the open chat each time, the list once more after 5 s.
    client.setQueryData(list, empty);
    for (let i = 2; i < 20; i++) {
      applyServerEvent({ client, meId: null }, sent(`e${i}`, ['omar']));
      vi.advanceTimersByTime(100);
    }
    expect(stale(messageKeys.conversation('omar'))).toBe(true);
    expect(stale(list)).toBe(false);
    vi.advanceTimersByTime(CHAT_LISTS_REFETCH_MS);
    expect(stale(list)).toBe(true);
  });
});
