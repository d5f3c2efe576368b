import type { MessageStatusValue } from './types';

/** Every status a stored outbound message can have: our own 'pending' before Meta accepts it, then Meta's. */
export type DeliveryStatus = 'pending' | MessageStatusValue;

/**
 * One total order over statuses, so applying any set of status webhooks in any order (duplicates,
 * shuffles, replays) converges on the same result: the highest rank seen.
 *
 * - pending < sent < delivered < read < played: the normal path; `played` (first play of a voice note)
 *   is a read-level receipt that says a little more, so it may follow `read` but `read` never replaces it.
 * - failed sits between sent and delivered: it beats pending and a late or duplicate `sent` (a stale `sent`
 *   never un-fails a message), but `delivered`/`read`/`played` are proof the customer has the message, so they
 *   win over `failed` and a `failed` arriving after them is ignored. Retrying a failed send is a new send
 *   (new wamid), not a status transition.
 */
const STATUS_RANK: Record<DeliveryStatus, number> = {
  pending: 0,
  sent: 1,
  failed: 2,
  delivered: 3,
  read: 4,
  played: 5,
};

/** The rank of a status in the forward-only order (higher = further along); unknown strings rank -1. */
export function statusRank(status: string): number {
  return Object.hasOwn(STATUS_RANK, status) ? STATUS_RANK[status as DeliveryStatus] : -1;
}

/** True when `next` may replace `current` (strictly further along); equal or lower ranks are no-ops. */
export function isStatusForward(current: string | null | undefined, next: string): boolean {
  const nextRank = statusRank(next);
  if (nextRank < 0) return false;
  if (current === null || current === undefined) return true;
  return nextRank > statusRank(current);
}
