import type { ConsentState } from '@common/api/consent';
import type { CampaignCondition, ContactFilterJson, FieldCondition } from '@common/api/contact-filter';
import type {
  ContactTableColumn,
  ContactTableColumnsResponse,
  ContactTableCountResponse,
  ContactTableResponse,
  ContactTableSort,
  TagMode,
} from '@common/api/contact-table';
import { DEFAULT_CONTACT_TABLE_COLUMNS } from '@common/api/contact-table';
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { crmKeys } from './crmKeys';
import { loadRetry, loadRetryDelay } from './inboxKeys';

/**
 * The Contacts page's table: the filter the toolbar builds, how it becomes the table's query string
 * (`GET /api/contact-table`, `/count`) and the JSON form segments, bulk actions and export take, the
 * keyset pages and the count, and the columns each user chose (`GET/PUT /api/contact-table/columns`).
 */

export type AssigneeFilter = 'anyone' | 'unassigned' | 'me' | (string & {});
export type ArchivedMode = 'exclude' | 'include' | 'only';

/** What the toolbar holds; defaults mean "no filter". Dates are days (yyyy-mm-dd). */
export type TableFilter = {
  q: string;
  tagIds: string[];
  tagMode: TagMode;
  assignee: AssigneeFilter;
  archived: ArchivedMode;
  after: string | null;
  before: string | null;
  consent: 'any' | ConsentState;
  conditions: FieldCondition[];
  /** A campaign's recipients in some groups (a segment saved from a campaign's report). */
  campaign: CampaignCondition | null;
};

export const EMPTY_FILTER: TableFilter = {
  q: '',
  tagIds: [],
  tagMode: 'any',
  assignee: 'anyone',
  archived: 'exclude',
  after: null,
  before: null,
  consent: 'any',
  conditions: [],
  campaign: null,
};

export type TableSort = { sort: ContactTableSort; dir: 'asc' | 'desc' };
export const DEFAULT_SORT: TableSort = { sort: 'lastMessage', dir: 'desc' };
/** A header's first click: names A→Z, dates newest first. */
export function defaultDir(sort: ContactTableSort): 'asc' | 'desc' {
  return sort === 'name' ? 'asc' : 'desc';
}

/** Whether anything beyond the defaults narrows the table (the search counts). */
export function isFiltered(filter: TableFilter): boolean {
  return (
    filter.q.trim() !== '' ||
    filter.tagIds.length > 0 ||
    filter.assignee !== 'anyone' ||
    filter.archived !== 'exclude' ||
    filter.after !== null ||
    filter.before !== null ||
    filter.consent !== 'any' ||
    filter.conditions.length > 0 ||
    filter.campaign !== null
  );
}

/** The table's query string: only what differs from the server's defaults. */
export function filterParams(filter: TableFilter): URLSearchParams {
  const params = new URLSearchParams();
  const q = filter.q.trim();
  if (q) params.set('q', q);
  if (filter.tagIds.length > 0) {
    params.set('tagIds', filter.tagIds.join(','));
    if (filter.tagMode !== 'any') params.set('tagMode', filter.tagMode);
  }
  if (filter.assignee !== 'anyone') params.set('assignee', filter.assignee);
  if (filter.archived !== 'exclude') params.set('archived', filter.archived);
  if (filter.after) params.set('after', filter.after);
  if (filter.before) params.set('before', filter.before);
  if (filter.consent !== 'any') params.set('consent', filter.consent);
  if (filter.conditions.length > 0) params.set('conditions', JSON.stringify(filter.conditions));
  if (filter.campaign) params.set('campaign', JSON.stringify(filter.campaign));
  return params;
}

/** The JSON form (segments, "all matching" bulk actions and export). */
export function filterJson(filter: TableFilter): ContactFilterJson {
  return {
    q: filter.q.trim(),
    tagIds: filter.tagIds,
    tagMode: filter.tagIds.length > 0 ? filter.tagMode : 'any',
    assignee: filter.assignee,
    archived: filter.archived,
    ...(filter.after ? { after: filter.after } : {}),
    ...(filter.before ? { before: filter.before } : {}),
    consent: filter.consent,
    conditions: filter.conditions,
    ...(filter.campaign ? { campaign: filter.campaign } : {}),
  };
}

/** A stored filter (a segment's) back into the toolbar; dates keep their day. */
export function filterFromJson(json: ContactFilterJson): TableFilter {
  const day = (v: string | undefined) => (v ? v.slice(0, 10) : null);
  return {
    q: json.q ?? '',
    tagIds: json.tagIds ?? [],
    tagMode: json.tagMode ?? 'any',
    assignee: json.assignee ?? 'anyone',
    archived: json.archived ?? 'exclude',
    after: day(json.after),
    before: day(json.before),
    consent: json.consent ?? 'any',
    conditions: json.conditions ?? [],
    campaign: json.campaign ?? null,
  };
}

/** Two filters mean the same contacts (a segment still applied as it was saved). */
export function sameFilter(a: TableFilter, b: TableFilter): boolean {
  return filterParams(a).toString() === filterParams(b).toString();
}

export const contactTableKeys = {
  rows: (filter: TableFilter, sort: TableSort) => [...crmKeys.table, 'rows', filter, sort] as const,
  count: (filter: TableFilter) => [...crmKeys.table, 'count', filter] as const,
  /** Outside `crmKeys.table`: contact changes do not refetch the column choice. */
  columns: ['contact-table-columns'] as const,
};

export function contactTableQuery(filter: TableFilter, sort: TableSort) {
  return infiniteQueryOptions({
    queryKey: contactTableKeys.rows(filter, sort),
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filter);
      params.set('sort', sort.sort);
      params.set('dir', sort.dir);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<ContactTableResponse>(`/api/contact-table?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new filter keeps the old rows on screen until its first page arrives.
    placeholderData: keepPreviousData,
    retry: loadRetry,
    retryDelay: loadRetryDelay,
    staleTime: 30_000,
  });
}

export function contactCountQuery(filter: TableFilter) {
  return queryOptions({
    queryKey: contactTableKeys.count(filter),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<ContactTableCountResponse>(`/api/contact-table/count?${filterParams(filter)}`, {
          signal,
        })
      ).count,
    placeholderData: keepPreviousData,
    retry: loadRetry,
    retryDelay: loadRetryDelay,
    staleTime: 30_000,
  });
}

/** The user's columns; the defaults until the server answers (or when it cannot). */
export const columnsQuery = queryOptions({
  queryKey: contactTableKeys.columns,
  queryFn: async ({ signal }): Promise<ContactTableColumn[]> =>
    (await apiRequest<ContactTableColumnsResponse>('/api/contact-table/columns', { signal })).columns,
  placeholderData: DEFAULT_CONTACT_TABLE_COLUMNS,
  retry: loadRetry,
  retryDelay: loadRetryDelay,
  staleTime: Number.POSITIVE_INFINITY,
});

export function saveColumns(columns: ContactTableColumn[]): Promise<ContactTableColumnsResponse> {
  return apiRequest<ContactTableColumnsResponse>('/api/contact-table/columns', {
    method: 'PUT',
    body: { columns },
  });
}
