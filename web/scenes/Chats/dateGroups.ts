import type { InboxMessage } from '@common/api/inbox';
import { dayKey, formatDaySeparator } from '../../components/time';

export type ConversationItem =
  | { kind: 'separator'; key: string; label: string }
  | { kind: 'message'; key: string; message: InboxMessage };

/**
 * The conversation as it is drawn: messages (oldest first) with a date separator before the first
 * message of each local day: Today, Yesterday, a weekday within 7 days, else the full date.
 */
export function withDateSeparators(
  messages: InboxMessage[],
  now: number,
  keyOf: (message: InboxMessage) => string,
): ConversationItem[] {
  const items: ConversationItem[] = [];
  let currentDay: string | null = null;
  for (const message of messages) {
    const day = dayKey(message.timestamp);
    if (day !== currentDay) {
      currentDay = day;
      items.push({ kind: 'separator', key: `day-${day}`, label: formatDaySeparator(message.timestamp, now) });
    }
    items.push({ kind: 'message', key: keyOf(message), message });
  }
  return items;
}
