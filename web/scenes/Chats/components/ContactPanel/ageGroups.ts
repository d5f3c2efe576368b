import { calendarDaysAgo, formatShortDate } from '../../../../components/time';

/**
 * The panel's media and docs tabs group files by age (spec §2): this week (7 days), last month (up to
 * 30 days) and earlier, newest first within each group.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
export const THIS_WEEK_DAYS = 7;
export const LAST_MONTH_DAYS = 30;

export const AGE_GROUPS = ['This week', 'Last month', 'Earlier'] as const;
export type AgeGroupLabel = (typeof AGE_GROUPS)[number];
export type AgeGroup<T> = { label: AgeGroupLabel; items: T[] };

export function ageGroupOf(createdAt: string, now: number): AgeGroupLabel {
  const age = now - Date.parse(createdAt);
  if (age <= THIS_WEEK_DAYS * DAY_MS) return 'This week';
  if (age <= LAST_MONTH_DAYS * DAY_MS) return 'Last month';
  return 'Earlier';
}

/** The non-empty groups in order, each newest first. A file dated ahead of `now` counts as this week. */
export function groupByAge<T extends { createdAt: string }>(items: readonly T[], now: number): AgeGroup<T>[] {
  const sorted = [...items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return AGE_GROUPS.map((label) => ({
    label,
    items: sorted.filter((item) => ageGroupOf(item.createdAt, now) === label),
  })).filter((group) => group.items.length > 0);
}

/**
 * A contact date (spec §9): Today, Yesterday, 'N days ago' under 7 days, otherwise a short date
 * ('5 Mar', with the year when it is not this year's).
 */
export function formatContactDate(value: string, now: number): string {
  const days = calendarDaysAgo(value, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  const date = new Date(value);
  const short = formatShortDate(date);
  return date.getFullYear() === new Date(now).getFullYear() ? short : `${short} ${date.getFullYear()}`;
}
