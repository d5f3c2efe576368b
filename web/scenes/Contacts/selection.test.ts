import { MAX_BULK_IDS } from '@common/api/contact-bulk';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER } from '../../api/contactTable';
import {
  bulkTarget,
  headerState,
  isSelected,
  NO_SELECTION,
  offerSelectAll,
  type Selection,
  selectedCount,
  toggleLoaded,
  toggleRow,
} from './selection';

const loaded = ['a', 'b', 'c'];

describe('row selection', () => {
  it('ticks and clears rows one by one', () => {
    let s: Selection = NO_SELECTION;
    s = toggleRow(s, 'a', loaded);
    s = toggleRow(s, 'b', loaded);
    expect(isSelected(s, 'a') && isSelected(s, 'b') && !isSelected(s, 'c')).toBe(true);
    expect(headerState(s, loaded)).toBe('some');
    s = toggleRow(s, 'a', loaded);
    expect(selectedCount(s, 1200)).toBe(1);
  });

  it('the header box ticks every loaded row, then clears them', () => {
    const all = toggleLoaded(NO_SELECTION, loaded);
    expect(headerState(all, loaded)).toBe('all');
    expect(selectedCount(all, 1200)).toBe(3);
    expect(headerState(toggleLoaded(all, loaded), loaded)).toBe('none');
  });

  it('offers "all N matching" only when every loaded row is ticked and more match', () => {
    const all = toggleLoaded(NO_SELECTION, loaded);
    expect(offerSelectAll(all, loaded, 1200)).toBe(true);
    expect(offerSelectAll(all, loaded, 3)).toBe(false);
    expect(offerSelectAll(toggleRow(all, 'a', loaded), loaded, 1200)).toBe(false);
  });

  it('"all matching" counts the filter\'s total and sends the filter, not ids', () => {
    const all: Selection = { mode: 'all' };
    const filter = { ...EMPTY_FILTER, tagIds: ['0b8f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f'] };
    expect(selectedCount(all, 1200)).toBe(1200);
    expect(isSelected(all, 'zzz')).toBe(true);
    expect(bulkTarget(all, filter)).toEqual({
      filter: expect.objectContaining({ tagIds: filter.tagIds, archived: 'exclude' }),
    });
  });

  it('clearing one row of "all matching" keeps the other loaded rows ticked', () => {
    const s = toggleRow({ mode: 'all' }, 'b', loaded);
    expect(s).toEqual({ mode: 'ids', ids: new Set(['a', 'c']) });
  });

  it('sends ticked rows as ids, and refuses more than the server takes', () => {
    expect(bulkTarget({ mode: 'ids', ids: new Set(['a']) }, EMPTY_FILTER)).toEqual({ ids: ['a'] });
    expect(bulkTarget(NO_SELECTION, EMPTY_FILTER)).toBeNull();
    const many = new Set(Array.from({ length: MAX_BULK_IDS + 1 }, (_, i) => `id${i}`));
    expect(bulkTarget({ mode: 'ids', ids: many }, EMPTY_FILTER)).toBeNull();
  });
});
