import type { InboxMessage } from '@common/api/inbox';
import { describe, expect, it } from 'vitest';
import { withDateSeparators } from './dateGroups';

const now = new Date(2026, 2, 12, 15, 0).getTime(); // Thursday 12 March 2026

function at(date: Date, id: string): InboxMessage {
  return { id, timestamp: date.toISOString() } as InboxMessage;
}

describe('withDateSeparators', () => {
  it('puts one separator before the first message of each day', () => {
    const messages = [
      at(new Date(2026, 1, 20, 9, 0), 'a'),
      at(new Date(2026, 1, 20, 18, 0), 'b'),
      at(new Date(2026, 2, 9, 10, 0), 'c'),
      at(new Date(2026, 2, 11, 23, 30), 'd'),
      at(new Date(2026, 2, 12, 0, 15), 'e'),
      at(new Date(2026, 2, 12, 14, 0), 'f'),
    ];
    const items = withDateSeparators(messages, now, (m) => m.id);
    expect(items.map((i) => (i.kind === 'separator' ? `[${i.label}]` : i.key))).toEqual([
      '[20 February 2026]',
      'a',
      'b',
      '[Monday]',
      'c',
      '[Yesterday]',
      'd',
      '[Today]',
      'e',
      'f',
    ]);
  });

  it('gives separators stable keys per day', () => {
    const items = withDateSeparators([at(new Date(2026, 2, 12, 9, 0), 'a')], now, (m) => m.id);
    expect(items[0]).toEqual({ kind: 'separator', key: 'day-2026-03-12', label: 'Today' });
  });

  it('is empty for no messages', () => {
    expect(withDateSeparators([], now, (m) => m.id)).toEqual([]);
  });
});
