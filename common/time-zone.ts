/**
 * The team's time zone (Settings → Team): campaigns are scheduled and the AI bot's business hours are
 * read in it. An IANA name ('Europe/Berlin', 'America/New_York', 'UTC'); a new team is on UTC until
 * its owner chooses. Conversions between a wall clock in a zone and an instant live here so the
 * server and the browser agree.
 */
import { z } from 'zod';

export const DEFAULT_TIME_ZONE = 'UTC';

export const TIME_ZONE_MSG = {
  invalid: 'Pick a time zone from the list (e.g. Europe/Berlin)',
} as const;

/** Whether this runtime knows `timeZone` as an IANA zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name the server knows; anything else is refused with `message`. */
export const timeZoneSchema = (message: string = TIME_ZONE_MSG.invalid) =>
  z.string({ error: message }).trim().min(1, message).max(64, message).refine(isTimeZone, message);

/** Every zone this runtime knows, for a picker; `current` is listed even if the runtime lacks it. */
export function timeZoneNames(current?: string): string[] {
  let known: string[] = [];
  try {
    known = Intl.supportedValuesOf('timeZone');
  } catch {
    known = [];
  }
  const names = new Set([DEFAULT_TIME_ZONE, ...known]);
  if (current) names.add(current);
  return [...names].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

/** 'America/New_York' → 'America/New York', as people read it. */
export function timeZoneLabel(timeZone: string): string {
  return timeZone.replaceAll('_', ' ');
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
 * either is not filled in. A time skipped by a clock change lands just after it.
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
