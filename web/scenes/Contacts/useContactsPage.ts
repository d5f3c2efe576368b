import type { UserSummary } from '@common/api/inbox';
import type { Segment } from '@common/api/segments';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  contactCountQuery,
  contactTableQuery,
  DEFAULT_SORT,
  EMPTY_FILTER,
  filterFromJson,
  isFiltered,
  sameFilter,
  type TableFilter,
  type TableSort,
} from '../../api/contactTable';
import { segmentsQuery } from '../../api/segments';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import {
  bulkTarget,
  headerState,
  NO_SELECTION,
  offerSelectAll,
  type Selection,
  selectedCount,
} from './selection';

/** The Contacts page's state: filter, search, sort, the applied segment, the rows and the selection. */
export function useContactsPage({ canAssignOthers }: { canAssignOthers: boolean }) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<TableFilter>(EMPTY_FILTER);
  const [sort, setSort] = useState<TableSort>(DEFAULT_SORT);
  const [segmentId, setSegmentId] = useState<string | null>(null);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const q = useDebouncedValue(search, 300);
  const filter = useMemo(() => ({ ...filters, q }), [filters, q]);

  const rowsQuery = useInfiniteQuery(contactTableQuery(filter, sort));
  const countQuery = useQuery(contactCountQuery(filter));
  const rows = useMemo(() => rowsQuery.data?.pages.flatMap((p) => p.contacts) ?? [], [rowsQuery.data]);
  const loadedIds = useMemo(() => rows.map((r) => r.id), [rows]);
  const total = countQuery.data ?? null;

  // A new filter or order is another list: what was ticked no longer stands for it.
  const listKey = JSON.stringify([filter, sort]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on the list's identity only
  useEffect(() => setSelection(NO_SELECTION), [listKey]);

  const segments = useQuery(segmentsQuery).data;
  const picked = segments?.find((s) => s.id === segmentId) ?? null;
  const activeSegmentId = picked && sameFilter(filterFromJson(picked.filter), filter) ? picked.id : null;

  const change = useCallback((next: Partial<TableFilter>) => setFilters((f) => ({ ...f, ...next })), []);
  const applySegment = useCallback((segment: Segment | null) => {
    const next = segment ? filterFromJson(segment.filter) : EMPTY_FILTER;
    setSegmentId(segment?.id ?? null);
    setFilters(next);
    setSearch(next.q);
  }, []);
  const clearFilters = useCallback(() => applySegment(null), [applySegment]);

  const assignees = useMemo((): (UserSummary | null)[] => {
    if (selection.mode === 'all') return canAssignOthers ? [null, { id: '', label: '' }] : [null];
    return rows.filter((r) => selection.ids.has(r.id)).map((r) => r.assignee);
  }, [selection, rows, canAssignOthers]);

  return {
    search,
    setSearch,
    filter,
    change,
    filtered: isFiltered(filter),
    sort,
    setSort,
    activeSegmentId,
    applySegment,
    clearFilters,
    rowsQuery,
    rows,
    loadedIds,
    total,
    selection,
    setSelection,
    count: selectedCount(selection, total ?? loadedIds.length),
    target: bulkTarget(selection, filter),
    headerBox: headerState(selection, loadedIds),
    offerAll: offerSelectAll(selection, loadedIds, total ?? 0),
    assignees,
  };
}
