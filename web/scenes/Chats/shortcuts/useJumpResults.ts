import type { ContactListItem, ContactListResponse, InboxTab } from '@common/api/inbox';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { compareContacts, countsQuery } from '../../../api/inbox';

/** How many chats each tab offers the palette; the best of them are shown. */
export const JUMP_LIMIT = 8;

export type JumpResult = { contact: ContactListItem; tab: InboxTab };

/**
 * The palette's matches: the contact list API's own search (name, or phone by its digits) run on
 * each tab the agent can see, merged newest first. An empty query lists the latest chats.
 */
export function useJumpResults(q: string): { results: JumpResult[]; isPending: boolean } {
  const viewTeam = useQuery(countsQuery({ q: '', tagIds: [] })).data?.abilities.viewTeam ?? false;
  const tabs: InboxTab[] = viewTeam ? ['unassigned', 'mine', 'team'] : ['unassigned', 'mine'];
  const queries = useQueries({
    queries: tabs.map((tab) => ({
      queryKey: ['inbox', 'jump', tab, q] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => {
        const params = new URLSearchParams({ tab, limit: String(JUMP_LIMIT) });
        if (q) params.set('q', q);
        return apiRequest<ContactListResponse>(`/api/contacts?${params}`, { signal });
      },
      staleTime: 10_000,
      placeholderData: keepPreviousData,
    })),
  });
  const results = queries
    .flatMap((query, index) =>
      (query.data?.contacts ?? []).map((contact) => ({ contact, tab: tabs[index]! })),
    )
    .sort((a, b) => compareContacts(a.contact, b.contact))
    .slice(0, JUMP_LIMIT);
  return { results, isPending: queries.some((query) => query.isPending) };
}
