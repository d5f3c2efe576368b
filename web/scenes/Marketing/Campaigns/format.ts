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

/** The browser's time zone: the team's, as the draft records it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The offset of `timeZone` from UTC at instant `ms`, in ms. */
function zoneOffset(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * A wall-clock date ('2026-03-05') and time ('09:30') in `timeZone` → the ISO instant, or null when
 * either is not filled in.
 */
export function zonedToIso(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})/.exec(time);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  let instant = wall - zoneOffset(wall, timeZone);
  // Around a clock change the offset at the guess may differ from the offset at the answer.
  instant = wall - zoneOffset(instant, timeZone);
  return new Date(instant).toISOString();
}

/** An instant → the wall-clock date and time fields in `timeZone`. */
export function isoToZoned(iso: string, timeZone: string): { date: string; time: string } {
  const ms = new Date(iso).getTime();
  const local = new Date(ms + zoneOffset(ms, timeZone));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`,
  };
}

/** A number as the inbox shows it, with its '+'. */
export function showPhone(phone: string): string {
  return phone.startsWith('+') || phone === '' ? phone : `+${phone}`;
}
