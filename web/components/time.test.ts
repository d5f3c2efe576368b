import { describe, expect, it } from 'vitest';
import {
  calendarDaysAgo,
  dayKey,
  formatClockTime,
  formatDaySeparator,
  formatListTime,
  formatSpan,
} from './time';

// Local-time dates: the formatting is in the browser's time zone.
const now = new Date(2026, 2, 12, 15, 30); // Thursday 12 March 2026, 3:30 PM

describe('formatClockTime', () => {
  it("is 'h:mm a' with no leading zero on the hour", () => {
    expect(formatClockTime(new Date(2026, 2, 12, 9, 5))).toBe('9:05 AM');
    expect(formatClockTime(new Date(2026, 2, 12, 0, 0))).toBe('12:00 AM');
    expect(formatClockTime(new Date(2026, 2, 12, 12, 1))).toBe('12:01 PM');
    expect(formatClockTime(new Date(2026, 2, 12, 23, 59))).toBe('11:59 PM');
  });
});

describe('formatListTime', () => {
  it('shows the time today', () => {
    expect(formatListTime(new Date(2026, 2, 12, 0, 1), now)).toBe('12:01 AM');
  });

  it("says 'Yesterday' for the calendar day before, however few hours ago", () => {
    expect(formatListTime(new Date(2026, 2, 11, 23, 59), now)).toBe('Yesterday');
    expect(formatListTime(new Date(2026, 2, 11, 0, 0), now)).toBe('Yesterday');
  });

  it('shows the weekday within the last 7 days', () => {
    expect(formatListTime(new Date(2026, 2, 10, 8, 0), now)).toBe('Tuesday');
    expect(formatListTime(new Date(2026, 2, 6, 8, 0), now)).toBe('Friday');
  });

  it("shows 'd MMM' from a week back", () => {
    expect(formatListTime(new Date(2026, 2, 5, 8, 0), now)).toBe('5 Mar');
    expect(formatListTime(new Date(2025, 11, 25, 8, 0), now)).toBe('25 Dec');
  });

  it('accepts ISO strings', () => {
    expect(formatListTime(new Date(2026, 2, 12, 14, 0).toISOString(), now)).toBe('2:00 PM');
  });
});

describe('formatDaySeparator', () => {
  it('is Today, Yesterday, a weekday within 7 days, else the full date', () => {
    expect(formatDaySeparator(new Date(2026, 2, 12, 1, 0), now)).toBe('Today');
    expect(formatDaySeparator(new Date(2026, 2, 11, 22, 0), now)).toBe('Yesterday');
    expect(formatDaySeparator(new Date(2026, 2, 9, 22, 0), now)).toBe('Monday');
    expect(formatDaySeparator(new Date(2026, 2, 5, 22, 0), now)).toBe('5 March 2026');
  });

  it('treats a message stamped slightly ahead of the browser clock as today', () => {
    expect(formatDaySeparator(new Date(2026, 2, 12, 15, 31), now)).toBe('Today');
  });
});

describe('calendarDaysAgo and dayKey', () => {
  it('count calendar days, not 24-hour spans', () => {
    expect(calendarDaysAgo(new Date(2026, 2, 11, 23, 0), new Date(2026, 2, 12, 0, 30))).toBe(1);
    expect(dayKey(new Date(2026, 0, 5, 23, 0))).toBe('2026-01-05');
  });
});

describe('formatSpan', () => {
  it('rounds down to minutes, hours and days', () => {
    expect(formatSpan(10_000)).toBe('1m');
    expect(formatSpan(45 * 60_000)).toBe('45m');
    expect(formatSpan((3 * 60 + 12) * 60_000)).toBe('3h 12m');
    expect(formatSpan((52 * 60 + 5) * 60_000)).toBe('2d 4h');
  });
});
