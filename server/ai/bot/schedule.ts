import { type AiBotSettings, type BusinessHours, WEEKDAYS, type Weekday } from '@common/api/ai-bot';

const WEEKDAY_BY_SHORT: Record<string, Weekday> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
};

/** The weekday and HH:MM that `at` is on a wall clock in `timeZone`. */
export function wallClock(at: Date, timeZone: string): { day: Weekday; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAY_BY_SHORT[part('weekday')] ?? WEEKDAYS[0];
  return { day, time: `${part('hour').padStart(2, '0')}:${part('minute').padStart(2, '0')}` };
}

/** Whether the team is open at `at`: its weekday has hours and the time is in [open, close). */
export function isOpen(hours: BusinessHours, timeZone: string, at: Date): boolean {
  const { day, time } = wallClock(at, timeZone);
  const today = hours[day];
  return !!today && time >= today.open && time < today.close;
}

/**
 * Whether the bot answers at `at` by its switch and schedule (per-chat state aside). `timeZone` is the
 * team's (teams.time_zone, Settings → Team), as `loadBot` (./settings.ts) gives it.
 */
export function answersAt(
  settings: Pick<AiBotSettings, 'enabled' | 'when' | 'hours' | 'timeZone'>,
  at: Date,
): boolean {
  if (!settings.enabled) return false;
  return settings.when === 'always' || !isOpen(settings.hours, settings.timeZone, at);
}
