/**
 * Dates as the chats screen shows them (spec §9): list times 'h:mm a' today, 'Yesterday', the weekday
 * within a week, else 'd MMM'; separators Today / Yesterday / weekday / full date. English, local time.
 */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAY_MS = 24 * 60 * 60 * 1000;

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole calendar days from `date` to `now` (0 today, 1 yesterday…); DST-safe. */
export function calendarDaysAgo(date: Date | string | number, now: Date | number = Date.now()): number {
  return Math.round((startOfDay(toDate(now)) - startOfDay(toDate(date))) / DAY_MS);
}

/** 'h:mm a': '9:05 AM'. */
export function formatClockTime(value: Date | string | number): string {
  const date = toDate(value);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** 'd MMM': '5 Mar'. */
export function formatShortDate(value: Date | string | number): string {
  const date = toDate(value);
  return `${date.getDate()} ${MONTHS[date.getMonth()]!.slice(0, 3)}`;
}

/** The full date of a separator: '5 March 2026'. */
export function formatFullDate(value: Date | string | number): string {
  const date = toDate(value);
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** The contact list's time: today '9:05 AM', 'Yesterday', a weekday within 7 days, else '5 Mar'. */
export function formatListTime(value: Date | string | number, now: Date | number = Date.now()): string {
  const days = calendarDaysAgo(value, now);
  if (days <= 0) return formatClockTime(value);
  if (days === 1) return 'Yesterday';
  if (days < 7) return WEEKDAYS[toDate(value).getDay()]!;
  return formatShortDate(value);
}

/** A date separator in the conversation: Today, Yesterday, a weekday within 7 days, else the full date. */
export function formatDaySeparator(value: Date | string | number, now: Date | number = Date.now()): string {
  const days = calendarDaysAgo(value, now);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return WEEKDAYS[toDate(value).getDay()]!;
  return formatFullDate(value);
}

/** A local-day key ('2026-03-05') for grouping messages under separators. */
export function dayKey(value: Date | string | number): string {
  const date = toDate(value);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A span as people say it: '3h 12m', '45m', '2d 4h'; under a minute is '1m'. */
export function formatSpan(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  // Exactly a day reads as the window does: '24h 0m'.
  if (hours < 24 || minutes === 24 * 60) return `${hours}h ${minutes % 60}m`;
  const days = Math.floor(hours / 24);
  return `${days}d ${hours % 24}h`;
}
