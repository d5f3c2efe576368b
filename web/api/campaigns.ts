import type {
  CampaignReportResponse,
  CampaignSegmentInput,
  CampaignSegmentResponse,
  RecipientListResponse,
  RecipientStatus,
  RetryFailedResponse,
} from '@common/api/campaign-sending';
import { RECIPIENTS_PAGE_SIZE } from '@common/api/campaign-sending';
import type {
  AudienceCount,
  CampaignAudience,
  CampaignListResponse,
  CampaignPreviewResponse,
  CampaignResponse,
  CreateCampaignInput,
  MessagingLimitResponse,
  UpdateCampaignInput,
} from '@common/api/campaigns';
import type { ServerEventMap } from '@common/realtime';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { crmKeys } from './crmKeys';
import { inboxKeys, loadRetry, loadRetryDelay } from './inboxKeys';

/**
 * Campaigns (`/api/campaigns`): the team's broadcasts. Every key sits under `campaignKeys.all`, which
 * the live `campaign.changed` frame refetches.
 */

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: ['campaigns', 'list'] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
  report: (id: string) => ['campaigns', 'report', id] as const,
  /** Keyed by the draft's `updatedAt`: a saved change reads the preview again. */
  preview: (id: string, version: string) => ['campaigns', 'preview', id, version] as const,
  recipients: (id: string, filter: RecipientFilter) => ['campaigns', 'recipients', id, filter] as const,
  audienceCount: (audience: CampaignAudience) => ['campaigns', 'audience-count', audience] as const,
  messagingLimit: ['campaigns', 'messaging-limit'] as const,
};

export type RecipientFilter = { status: RecipientStatus | null; q: string };

const path = (id: string, rest = '') => `/api/campaigns/${encodeURIComponent(id)}${rest}`;

export const campaignsQuery = queryOptions({
  queryKey: campaignKeys.list,
  queryFn: ({ signal }) => apiRequest<CampaignListResponse>('/api/campaigns', { signal }),
  retry: loadRetry,
  retryDelay: loadRetryDelay,
  staleTime: 15_000,
});

export function campaignQuery(id: string) {
  return queryOptions({
    queryKey: campaignKeys.detail(id),
    queryFn: async ({ signal }) => (await apiRequest<CampaignResponse>(path(id), { signal })).campaign,
    retry: loadRetry,
    retryDelay: loadRetryDelay,
    staleTime: 5_000,
  });
}

export function campaignReportQuery(id: string) {
  return queryOptions({
    queryKey: campaignKeys.report(id),
    queryFn: ({ signal }) => apiRequest<CampaignReportResponse>(path(id, '/report'), { signal }),
    retry: loadRetry,
    retryDelay: loadRetryDelay,
    staleTime: 2_000,
  });
}

export function campaignPreviewQuery(id: string, version: string) {
  return queryOptions({
    queryKey: campaignKeys.preview(id, version),
    queryFn: async ({ signal }) =>
      (await apiRequest<CampaignPreviewResponse>(path(id, '/preview'), { signal })).recipients,
    retry: false,
    staleTime: 30_000,
  });
}

/** Who an audience reaches now; a teammate's tagging arrives through `campaignKeys.all` refetches. */
/** The number's messaging limit and what campaigns used of it in the last 24 hours. */
export const messagingLimitQuery = queryOptions({
  queryKey: campaignKeys.messagingLimit,
  queryFn: ({ signal }) => apiRequest<MessagingLimitResponse>('/api/campaigns/messaging-limit', { signal }),
  staleTime: 10_000,
});

export function audienceCountQuery(audience: CampaignAudience) {
  return queryOptions({
    queryKey: campaignKeys.audienceCount(audience),
    queryFn: ({ signal }) =>
      apiRequest<AudienceCount>('/api/campaigns/audience-count', {
        method: 'POST',
        body: { audience },
        signal,
      }),
    retry: false,
    staleTime: 10_000,
  });
}

export function recipientsQuery(id: string, filter: RecipientFilter) {
  return infiniteQueryOptions({
    queryKey: campaignKeys.recipients(id, filter),
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ limit: String(RECIPIENTS_PAGE_SIZE) });
      if (filter.status) params.set('status', filter.status);
      if (filter.q.trim()) params.set('q', filter.q.trim());
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<RecipientListResponse>(path(id, `/recipients?${params}`), { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: loadRetry,
    retryDelay: loadRetryDelay,
    staleTime: 5_000,
  });
}

/** The CSV of the recipients the table's filter shows, as the browser downloads it. */
export function recipientsCsvUrl(id: string, filter: RecipientFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  const query = params.toString();
  return path(id, `/recipients.csv${query ? `?${query}` : ''}`);
}

/** Puts a campaign the server answered into the cache, then refetches the lists around it. */
function keep(client: QueryClient, campaign: CampaignResponse['campaign']) {
  client.setQueryData(campaignKeys.detail(campaign.id), campaign);
  void client.invalidateQueries({ queryKey: campaignKeys.all });
}

export async function createCampaign(client: QueryClient, body: CreateCampaignInput) {
  const { campaign } = await apiRequest<CampaignResponse>('/api/campaigns', { method: 'POST', body });
  keep(client, campaign);
  return campaign;
}

export async function updateCampaign(client: QueryClient, id: string, body: UpdateCampaignInput) {
  const { campaign } = await apiRequest<CampaignResponse>(path(id), { method: 'PATCH', body });
  keep(client, campaign);
  return campaign;
}

export async function deleteCampaign(client: QueryClient, id: string): Promise<void> {
  await apiRequest<null>(path(id), { method: 'DELETE' });
  client.removeQueries({ queryKey: campaignKeys.detail(id) });
  void client.invalidateQueries({ queryKey: campaignKeys.list });
}

/**
 * `localSendAt` null sends now; otherwise a date and time on the team's wall clock ('2026-03-05T09:30'),
 * which the server reads in the team's time zone.
 */
export async function scheduleCampaign(client: QueryClient, id: string, localSendAt: string | null) {
  const { campaign } = await apiRequest<CampaignResponse>(path(id, '/schedule'), {
    method: 'POST',
    body: localSendAt ? { localSendAt } : { sendAt: null },
  });
  keep(client, campaign);
  return campaign;
}

export type CampaignAction = 'unschedule' | 'pause' | 'resume' | 'cancel';

export async function runCampaignAction(client: QueryClient, id: string, action: CampaignAction) {
  const { campaign } = await apiRequest<CampaignResponse>(path(id, `/${action}`), { method: 'POST' });
  keep(client, campaign);
  return campaign;
}

export async function retryFailed(client: QueryClient, id: string): Promise<number> {
  const { campaign, retried } = await apiRequest<RetryFailedResponse>(path(id, '/retry-failed'), {
    method: 'POST',
  });
  keep(client, campaign);
  return retried;
}

export async function saveRecipientsAsSegment(client: QueryClient, id: string, body: CampaignSegmentInput) {
  const { segment } = await apiRequest<CampaignSegmentResponse>(path(id, '/segment'), {
    method: 'POST',
    body,
  });
  void client.invalidateQueries({ queryKey: crmKeys.segments });
  return segment;
}

/** A campaign sending at 1,000/s announces its chats several times a second: the lists refetch at most this often. */
export const CHAT_LISTS_REFETCH_MS = 5000;
const chatListRefetch = new WeakMap<
  QueryClient,
  { timer: ReturnType<typeof setTimeout> | null; last: number }
>();

function refetchChatListsSoon(client: QueryClient): void {
  const state = chatListRefetch.get(client) ?? { timer: null, last: 0 };
  chatListRefetch.set(client, state);
  if (state.timer) return;
  const wait = Math.max(0, state.last + CHAT_LISTS_REFETCH_MS - Date.now());
  state.timer = setTimeout(() => {
    state.timer = null;
    state.last = Date.now();
    void client.invalidateQueries({ queryKey: inboxKeys.lists });
  }, wait);
}

export const campaignAppliers = {
  'campaign.changed': ({ client }: { client: QueryClient }, _data: ServerEventMap['campaign.changed']) => {
    void client.invalidateQueries({ queryKey: campaignKeys.all });
  },
  // An open chat among them shows its campaign message (sent or failed) at once; the lists follow.
  'campaign.messages_changed': (
    { client }: { client: QueryClient },
    data: ServerEventMap['campaign.messages_changed'],
  ) => {
    const chats = new Set(data.contactIds);
    void client.invalidateQueries({
      queryKey: ['messages'], // messageKeys.conversation(contactId) is ['messages', contactId]
      predicate: (query) => chats.has(String(query.queryKey[1])),
    });
    refetchChatListsSoon(client);
  },
};
