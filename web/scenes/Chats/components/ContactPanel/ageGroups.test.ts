import { describe, expect, it } from 'vitest';
import { ageGroupOf, formatContactDate, groupByAge } from './ageGroups';

const NOW = new Date(2026, 4, 20, 12, 0).getTime();
const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('groupByAge', () => {
  it('puts up to 7 days in This week, up to 30 days in Last month and the rest in Earlier', () => {
    expect(ageGroupOf(ago(0), NOW)).toBe('This week');
    expect(ageGroupOf(ago(7 * DAY), NOW)).toBe('This week');
    expect(ageGroupOf(ago(7 * DAY + 1), NOW)).toBe('Last month');
    expect(ageGroupOf(ago(30 * DAY), NOW)).toBe('Last month');
    expect(ageGroupOf(ago(30 * DAY + 1), NOW)).toBe('Earlier');
    expect(ageGroupOf(ago(400 * DAY), NOW)).toBe('Earlier');
    // A file dated a little ahead of the clock (clock skew) is still this week's.
    expect(ageGroupOf(ago(-60_000), NOW)).toBe('This week');
  });

  it('returns the non-empty groups in order, newest first within each', () => {
    const items = [
      { id: 'old', createdAt: ago(90 * DAY) },
      { id: 'week-older', createdAt: ago(6 * DAY) },
      { id: 'month', createdAt: ago(12 * DAY) },
      { id: 'week-newer', createdAt: ago(DAY) },
    ];
    expect(groupByAge(items, NOW).map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['This week', ['week-newer', 'week-older']],
      ['Last month', ['month']],
      ['Earlier', ['old']],
    ]);
    expect(groupByAge([{ id: 'a', createdAt: ago(40 * DAY) }], NOW).map((g) => g.label)).toEqual(['Earlier']);
    expect(groupByAge([], NOW)).toEqual([]);
  });
});

describe('formatContactDate', () => {
  it('says Today, Yesterday, N days ago under a week, then a short date (with the year when not this one)', () => {
    expect(formatContactDate(new Date(2026, 4, 20, 8).toISOString(), NOW)).toBe('Today');
    expect(formatContactDate(new Date(2026, 4, 19, 23).toISOString(), NOW)).toBe('Yesterday');
    expect(formatContactDate(new Date(2026, 4, 14, 9).toISOString(), NOW)).toBe('6 days ago');
    expect(formatContactDate(new Date(2026, 4, 13, 9).toISOString(), NOW)).toBe('13 May');
    expect(formatContactDate(new Date(2025, 11, 3, 9).toISOString(), NOW)).toBe('3 Dec 2025');
  });
});
