import { FREEFORM_WINDOW_MS, WINDOW_URGENT_MS, WINDOW_WARN_MS } from '@common/api/inbox';
import { formatSpan } from '../../components/time';

/**
 * The 24-hour customer service window as the header shows it (spec §4): open with the time left
 * (green over 12 h, amber 2–12 h, red and pulsing under 2 h), 'Window closed … ago' after, and
 * nothing when the customer never wrote. `now` is the server's messaging clock (see useServerNow).
 */
export type WindowStatus =
  | { state: 'none' }
  | { state: 'open'; tone: 'green' | 'amber' | 'red'; remainingMs: number; fraction: number; label: string }
  | { state: 'closed'; closedForMs: number; label: string };

export function windowStatus(windowClosesAt: string | null, now: number): WindowStatus {
  if (!windowClosesAt) return { state: 'none' };
  // Never more than the whole window (a clock a moment behind the server's must not show '1d 0h').
  const remainingMs = Math.min(Date.parse(windowClosesAt) - now, FREEFORM_WINDOW_MS);
  if (remainingMs <= 0) {
    const closedForMs = -remainingMs;
    return { state: 'closed', closedForMs, label: `Window closed ${formatSpan(closedForMs)} ago` };
  }
  const tone = remainingMs > WINDOW_WARN_MS ? 'green' : remainingMs > WINDOW_URGENT_MS ? 'amber' : 'red';
  return {
    state: 'open',
    tone,
    remainingMs,
    fraction: Math.min(1, remainingMs / FREEFORM_WINDOW_MS),
    label: `${formatSpan(remainingMs)} left`,
  };
}

/** Whether free-form messages may go now: the server's ability, re-checked against the ticking clock. */
export function isWindowOpen(
  contact: { windowClosesAt: string | null; abilities: { sendFreeform: boolean } },
  now: number,
): boolean {
  if (!contact.abilities.sendFreeform || !contact.windowClosesAt) return false;
  return Date.parse(contact.windowClosesAt) > now;
}
