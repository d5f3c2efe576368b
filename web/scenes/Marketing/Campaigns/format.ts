import type { RecipientStatus } from '@common/api/campaign-sending';
import type { CampaignStatus, CampaignWait } from '@common/api/campaigns';

/** What each status reads as in a badge. */
export const STATUS_LABEL: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const RECIPIENT_STATUS_LABEL: Record<RecipientStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  replied: 'Replied',
  failed: 'Failed',
  skipped: 'Skipped',
};

/** Why a sending campaign is waiting, in words. */
export function waitText(wait: CampaignWait): string | null {
  if (wait === 'messaging_limit') return 'Waiting: the number’s daily messaging limit is reached';
  if (wait === 'rate_limit') return 'Waiting: WhatsApp asked us to slow down';
  return null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * How long sending takes at `sendRate` messages a second, as people say it: 'under a minute',
 * 'about 2 minutes', 'about 1 hour 20 minutes'.
 */
export function estimateDuration(recipients: number, sendRate: number): string {
  const seconds = recipients / Math.max(1, sendRate);
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${plural(minutes, 'minute')}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0
    ? `about ${plural(hours, 'hour')}`
    : `about ${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

/**
 * What Meta's messaging limit means for a campaign to `recipients` people: nothing when they all fit in
 * what the last 24 hours left, else how many go now and that the rest wait. Null when there is no limit.
 */
export function messagingLimitNote(
  recipients: number,
  limit: { perDay: number | null; usedLast24h: number },
): string | null {
  const { perDay, usedLast24h } = limit;
  if (perDay === null) return null;
  const room = Math.max(0, perDay - usedLast24h);
  if (recipients <= room) return null;
  const cap = `${formatCount(perDay)} customers in 24 hours`;
  if (room === 0)
    return `Your number has reached WhatsApp's messaging limit (${cap}): the campaign waits until it frees up, then sends.`;
  return `WhatsApp's messaging limit lets your number reach ${cap}, and ${formatCount(usedLast24h)} were reached in the last 24 hours: about ${formatCount(room)} get it now, the rest as the limit frees up.`;
}

/** '1,234'. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** A share of the recipients, '42%' ('0%' with none). */
export function percentOf(part: number, whole: number): string {
  if (whole <= 0) return '0%';
  return `${Math.round((part / whole) * 100)}%`;
}

/** A moment as the team reads it, in the campaign's time zone: 'Mar 5, 2026, 9:05 AM'. */
export function formatMoment(iso: string, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(new Date(iso));
  }
}

/** Wall clock ↔ instant in a zone: shared with the server, which converts a campaign's schedule. */
export { isoToZoned, zonedToIso } from '@common/time-zone';

/** A number as the inbox shows it, with its '+'. */
export function showPhone(phone: string): string {
  return phone.startsWith('+') || phone === '' ? phone : `+${phone}`;
}
