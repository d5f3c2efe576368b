import { describe, expect, it } from 'vitest';
import { MAX_TIMELINE_POINTS, TIMELINE_BUCKETS, timelineBucket, timelineRange } from './report';

const points = (first: number, last: number, size: number) =>
  Math.floor(last / size) - Math.floor(first / size) + 1;

describe('timelineBucket', () => {
  const start = Date.parse('2026-03-02T10:00:00Z') / 1000;

  it('picks the smallest size that shows the span in at most 60 points', () => {
    expect(timelineBucket(start, start)).toBe(10);
    expect(timelineBucket(start, start + 590)).toBe(10); // 60 buckets of 10 s
    expect(timelineBucket(start, start + 600)).toBe(30); // 61 would be too many
    expect(timelineBucket(start, start + 3600)).toBe(120); // an hour: 1 min buckets would be 61
    expect(timelineBucket(start, start + 20 * 60)).toBe(30); // 100,000 at 80/s: ~21 min
    expect(timelineBucket(start, start + 86_400)).toBe(1800); // a day
    expect(timelineBucket(start, start + 3 * 86_400)).toBe(7200); // a campaign's reads over 3 days
  });

  it('never gives more than 60 points, however long the span', () => {
    for (const span of [1, 59, 61, 599, 601, 7_199, 100_000, 999_999, 9_999_999, 99_999_999, 999_999_999]) {
      for (const offset of [0, 1, 7, 3599]) {
        const first = start + offset;
        const size = timelineBucket(first, first + span);
        expect(points(first, first + span, size), `span ${span} + ${offset}`).toBeLessThanOrEqual(
          MAX_TIMELINE_POINTS,
        );
        // And the next smaller size would not have done.
        const smaller = TIMELINE_BUCKETS.filter((s) => s < size).at(-1);
        if (smaller && size <= TIMELINE_BUCKETS.at(-1)!)
          expect(points(first, first + span, smaller)).toBeGreaterThan(MAX_TIMELINE_POINTS);
      }
    }
  });
});

describe('timelineRange', () => {
  it('adds an empty bucket on each side of a campaign sent within one or two buckets, never to a longer one', () => {
    const start = Date.UTC(2026, 2, 2, 10) / 1000;
    expect(timelineRange(start + 3, start + 7, 10)).toEqual([start / 10 - 1, start / 10 + 1]);
    expect(timelineRange(start, start + 12, 10)).toEqual([start / 10 - 1, start / 10 + 2]);
    expect(timelineRange(start, start + 25, 10)).toEqual([start / 10, start / 10 + 2]);
  });
});
