import { type BulkTarget, MAX_BULK_IDS } from '@common/api/contact-bulk';
import { filterJson, type TableFilter } from '../../api/contactTable';

/**
 * Which rows the bulk bar acts on: ticked rows (`ids`), or every contact matching the filter
 * (`all`), which the server resolves (the browser never holds them all).
 */
export type Selection = { mode: 'ids'; ids: ReadonlySet<string> } | { mode: 'all' };

export const NO_SELECTION: Selection = { mode: 'ids', ids: new Set() };

export function isSelected(selection: Selection, id: string): boolean {
  return selection.mode === 'all' || selection.ids.has(id);
}

/** How many contacts an action would touch (`total`: the filter's count). */
export function selectedCount(selection: Selection, total: number): number {
  return selection.mode === 'all' ? total : selection.ids.size;
}

export function hasSelection(selection: Selection): boolean {
  return selection.mode === 'all' || selection.ids.size > 0;
}

/**
 * Ticks or clears one row. Clearing a row while "all matching" is on keeps the other rows on screen
 * ticked (the server takes ids or a filter, never "all but").
 */
export function toggleRow(selection: Selection, id: string, loadedIds: readonly string[]): Selection {
  if (selection.mode === 'all') return { mode: 'ids', ids: new Set(loadedIds.filter((x) => x !== id)) };
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { mode: 'ids', ids };
}

/** The header box: 'all' when every loaded row is ticked, 'some', or 'none'. */
export function headerState(selection: Selection, loadedIds: readonly string[]): 'all' | 'some' | 'none' {
  if (selection.mode === 'all') return loadedIds.length > 0 ? 'all' : 'none';
  if (selection.ids.size === 0) return 'none';
  return loadedIds.length > 0 && loadedIds.every((id) => selection.ids.has(id)) ? 'all' : 'some';
}

/** The header box ticks every loaded row, or clears them all when they all are. */
export function toggleLoaded(selection: Selection, loadedIds: readonly string[]): Selection {
  return headerState(selection, loadedIds) === 'all'
    ? NO_SELECTION
    : { mode: 'ids', ids: new Set(loadedIds) };
}

/**
 * Offer "Select all N matching this filter" once every loaded row is ticked and more contacts match
 * than are loaded.
 */
export function offerSelectAll(selection: Selection, loadedIds: readonly string[], total: number): boolean {
  return (
    selection.mode === 'ids' && headerState(selection, loadedIds) === 'all' && total > selection.ids.size
  );
}

/** What the bulk request names; null when too many rows are ticked one by one to send as ids. */
export function bulkTarget(selection: Selection, filter: TableFilter): BulkTarget | null {
  if (selection.mode === 'all') return { filter: filterJson(filter) };
  if (selection.ids.size === 0 || selection.ids.size > MAX_BULK_IDS) return null;
  return { ids: [...selection.ids] };
}
