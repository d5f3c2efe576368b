import type { ContactFilterJson } from '@common/api/contact-filter';
import type { Segment, SegmentCountResponse, SegmentListResponse } from '@common/api/segments';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { crmKeys } from './crmKeys';
import { loadRetry, loadRetryDelay } from './inboxKeys';

/**
 * Segments: the team's saved filters (`/api/segments`) and each one's live count. Every key sits
 * under `crmKeys.segments`, which the live `segment.changed` and `contacts.changed` frames refetch.
 */

export const segmentKeys = {
  list: [...crmKeys.segments, 'list'] as const,
  count: (id: string) => [...crmKeys.segments, 'count', id] as const,
};

export const segmentsQuery = queryOptions({
  queryKey: segmentKeys.list,
  queryFn: async ({ signal }): Promise<Segment[]> =>
    (await apiRequest<SegmentListResponse>('/api/segments', { signal })).segments,
  retry: loadRetry,
  retryDelay: loadRetryDelay,
  staleTime: 30_000,
});

export function segmentCountQuery(id: string) {
  return queryOptions({
    queryKey: segmentKeys.count(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<SegmentCountResponse>(`/api/segments/${encodeURIComponent(id)}/count`, { signal }))
        .count,
    retry: loadRetry,
    retryDelay: loadRetryDelay,
    staleTime: 30_000,
  });
}

export async function createSegment(
  client: QueryClient,
  name: string,
  filter: ContactFilterJson,
): Promise<void> {
  await apiRequest<unknown>('/api/segments', { method: 'POST', body: { name, filter } });
  void client.invalidateQueries({ queryKey: crmKeys.segments });
}

export async function updateSegment(
  client: QueryClient,
  id: string,
  change: { name?: string; filter?: ContactFilterJson },
): Promise<void> {
  await apiRequest<unknown>(`/api/segments/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });
  void client.invalidateQueries({ queryKey: crmKeys.segments });
}

export async function deleteSegment(client: QueryClient, id: string): Promise<void> {
  await apiRequest<unknown>(`/api/segments/${encodeURIComponent(id)}`, { method: 'DELETE' });
  client.setQueryData<Segment[]>(segmentKeys.list, (list) => list?.filter((s) => s.id !== id));
  void client.invalidateQueries({ queryKey: crmKeys.segments });
}
