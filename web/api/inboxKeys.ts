import type { ContactListResponse, ContactListView } from '@common/api/inbox';
import type { Tag, TagListResponse } from '@common/api/tags';
import { type InfiniteData, queryOptions } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from './client';

/**
 * What the inbox's cache modules share: the query keys, the list pages' type, the loading retry rule
 * and the tag list query. It imports none of them (`inbox.ts`, `tags.ts`, `contactCache.ts`), so they
 * all depend on it and never on each other in a circle; `inbox.ts` re-exports it.
 */

export type InboxFilter = { q: string; tagIds: string[] };
export type ContactPages = InfiniteData<ContactListResponse, string | null>;

export const inboxKeys = {
  all: ['inbox'] as const,
  counts: (filter: InboxFilter) => ['inbox', 'counts', filter] as const,
  lists: ['inbox', 'contacts'] as const,
  list: (tab: ContactListView, filter: InboxFilter) => ['inbox', 'contacts', tab, filter] as const,
  tags: ['inbox', 'tags'] as const,
};

/** Spec §4 "Loading retries": up to 3 more tries, 2 s, 4 s, then 5 s apart; client errors are final. */
export function loadRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    if (error.status !== 408 && error.status !== 429) return false;
  }
  return failureCount < 3;
}

export function loadRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** (failureCount + 1), 5000);
}

/** The account's tags (with how many contacts carry each) for the filter popup. */
export const tagsQuery = queryOptions({
  queryKey: inboxKeys.tags,
  queryFn: async ({ signal }): Promise<Tag[]> =>
    (await apiRequest<TagListResponse>('/api/tags', { signal })).tags,
  staleTime: 60_000,
  retry: loadRetry,
  retryDelay: loadRetryDelay,
});
