import { SENDING_MSG } from '@common/api/campaign-sending';
import { CAMPAIGN_MSG, DEFAULT_SEND_RATE, MAX_SEND_RATE } from '@common/api/campaigns';
import { timeZoneLabel } from '@common/time-zone';
import { useState } from 'react';
import { TeamTimeZoneNote, useTeamTimeZone } from '../../../../components/TeamTimeZoneNote';
import { TextField } from '../../../../components/TextField';
import { zonedToIso } from '../format';
import { StepFrame } from './StepFrame';
import type { StepProps } from './steps';

/** When to send: now, or a date and time in the team's time zone. Sent with the campaign at the end. */
export type ScheduleChoice = { mode: 'now' | 'later'; date: string; time: string };

/**
 * What to send the server (null: now; else the team's wall clock, 'YYYY-MM-DD'T'HH:MM', which the
 * server reads in the team's zone) and the instant it means in `timeZone`, for the review; or the
 * words of what is wrong with the choice.
 */
export function sendAtOf(
  choice: ScheduleChoice,
  timeZone: string,
  now = Date.now(),
): { sendAt: string | null; localSendAt: string | null } | { problem: string } {
  if (choice.mode === 'now') return { sendAt: null, localSendAt: null };
  const sendAt = zonedToIso(choice.date, choice.time, timeZone);
  if (!sendAt) return { problem: SENDING_MSG.localSendAt };
  if (new Date(sendAt).getTime() <= now) return { problem: SENDING_MSG.sendAtPast };
  return { sendAt, localSendAt: `${choice.date}T${choice.time.slice(0, 5)}` };
}

/** Step 5: now or later (in the team's time zone), and the send rate. */
export function ScheduleStep({
  campaign,
  error,
  busy,
  save,
  go,
  choice,
  onChoice,
}: StepProps & { choice: ScheduleChoice; onChoice: (choice: ScheduleChoice) => void }) {
  // The team's zone (Settings → Team); the draft's own is only how it was shown before.
  const timeZone = useTeamTimeZone().timeZone ?? campaign?.timeZone ?? 'UTC';
  const [rate, setRate] = useState(String(campaign?.sendRate ?? DEFAULT_SEND_RATE));
  const [problem, setProblem] = useState<string | null>(null);
  const [rateProblem, setRateProblem] = useState<string | null>(null);
  const change = (next: Partial<ScheduleChoice>) => {
    onChoice({ ...choice, ...next });
    setProblem(null);
  };

  const submit = () => {
    const when = sendAtOf(choice, timeZone);
    if ('problem' in when) return setProblem(when.problem);
    const sendRate = Number(rate);
    if (!Number.isInteger(sendRate) || sendRate < 1 || sendRate > MAX_SEND_RATE) {
      return setRateProblem(CAMPAIGN_MSG.sendRate);
    }
    void save({ sendRate: sendRate === campaign?.sendRate ? undefined : sendRate }, 'review');
  };

  return (
    <StepFrame
      title="Choose when to send"
      description={`Times are in your team’s time zone, ${timeZoneLabel(timeZone)}.`}
      error={error ?? problem}
      busy={busy}
      onBack={() => go('variables')}
      onContinue={submit}
    >
      <TeamTimeZoneNote lead={null} className="-mt-2" />
      <fieldset className="space-y-3">
        <legend className="sr-only">When</legend>
        {(['now', 'later'] as const).map((mode) => (
          <label
            key={mode}
            className={`flex cursor-pointer items-start gap-3 rounded-xl p-3.5 ring-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-600 ${
              choice.mode === mode ? 'bg-ink-50/50 ring-2 ring-ink-600' : 'ring-slate-200'
            }`}
          >
            <input
              type="radio"
              name="schedule-mode"
              checked={choice.mode === mode}
              onChange={() => change({ mode })}
              className="mt-0.5 size-4 accent-ink-700"
            />
            <span>
              <span className="block text-sm font-semibold text-slate-900">
                {mode === 'now' ? 'Send now' : 'Schedule for later'}
              </span>
              <span className="block text-sm text-slate-600">
                {mode === 'now'
                  ? 'Sending starts as soon as you confirm on the next step.'
                  : 'Pick a date and time up to 90 days ahead.'}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {choice.mode === 'later' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Date"
            type="date"
            value={choice.date}
            onChange={(e) => change({ date: e.target.value })}
          />
          <TextField
            label="Time"
            type="time"
            value={choice.time}
            onChange={(e) => change({ time: e.target.value })}
            hint={timeZoneLabel(timeZone)}
          />
        </div>
      )}
      <TextField
        label="Send rate (messages per second)"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_SEND_RATE}
        value={rate}
        onChange={(e) => {
          setRate(e.target.value);
          setRateProblem(null);
        }}
        error={rateProblem}
        hint={`${DEFAULT_SEND_RATE} suits most numbers; numbers on a higher WhatsApp tier can go up to ${MAX_SEND_RATE.toLocaleString('en-US')}.`}
        className="max-w-xs"
      />
    </StepFrame>
  );
}
