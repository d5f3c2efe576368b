import { type AiBotSettings, type BusinessHours, WEEKDAY_LABELS, WEEKDAYS } from '@common/api/ai-bot';
import { timeZoneLabel } from '@common/time-zone';

/** "Monday–Friday 09:00–17:00; Saturday 10:00–14:00": runs of days with the same hours. */
export function hoursInWords(hours: BusinessHours): string {
  const runs: { from: string; to: string; text: string }[] = [];
  for (const day of WEEKDAYS) {
    const value = hours[day];
    const text = value ? `${value.open}–${value.close}` : '';
    const last = runs.at(-1);
    if (last && last.text === text) last.to = WEEKDAY_LABELS[day];
    else runs.push({ from: WEEKDAY_LABELS[day], to: WEEKDAY_LABELS[day], text });
  }
  const open = runs.filter((run) => run.text !== '');
  if (open.length === 0) return 'closed every day';
  return open
    .map((run) => `${run.from === run.to ? run.from : `${run.from}–${run.to}`} ${run.text}`)
    .join('; ');
}

/** What the bot does and when it stops, as sentences for the tab. */
export function behaviourInWords(settings: AiBotSettings): { does: string[]; handsOver: string[] } {
  const when =
    settings.when === 'always'
      ? 'at any time of day'
      : `only while the team is closed (open ${hoursInWords(settings.hours)}, ${timeZoneLabel(settings.timeZone)} time)`;
  return {
    does: [
      `Answers customers by itself ${when}.`,
      'Only in unassigned chats: a chat someone owns is left to them.',
      'Only inside WhatsApp’s 24-hour window, so it never needs a template.',
      `Writes from your team’s knowledge in Settings → AI, in at most ${settings.maxLength.toLocaleString('en-US')} characters.`,
      'Its messages show as “AI bot” in the chat.',
    ],
    handsOver: [
      'when it is not sure what to answer;',
      'when the customer asks for a person;',
      `after ${settings.maxTurns} ${settings.maxTurns === 1 ? 'reply' : 'replies'} in a chat;`,
      `when a customer would get more than ${settings.maxRepliesPerHour} ${settings.maxRepliesPerHour === 1 ? 'reply' : 'replies'} in an hour;`,
      'as soon as a teammate writes in the chat;',
      'when the AI model fails, is slow or answers too long.',
    ],
  };
}
