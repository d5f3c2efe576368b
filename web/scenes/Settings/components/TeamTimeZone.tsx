import { TEAM_MSG } from '@common/api/team';
import { timeZoneLabel, timeZoneNames } from '@common/time-zone';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { saveTeamTimeZone } from '../../../api/team';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/TextField';

/** The browser's own zone, shown as a hint only: the team's zone changes when the owner saves it. */
function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The team's time zone: owners pick one of the zones the browser knows and save it (the server checks
 * it again); members read it. Nothing changes it on its own, not even a browser in another zone.
 */
export function TeamTimeZone({ timeZone, canChange }: { timeZone: string; canChange: boolean }) {
  const client = useQueryClient();
  const [choice, setChoice] = useState(timeZone);
  const [saved, setSaved] = useState<string | null>(null);
  const selectId = useId();
  const hintId = useId();
  const browser = browserTimeZone();
  const options = useMemo(
    () =>
      timeZoneNames(timeZone).map((zone) => (
        <option key={zone} value={zone}>
          {timeZoneLabel(zone)}
        </option>
      )),
    [timeZone],
  );
  const save = useMutation({
    mutationFn: (next: string) => saveTeamTimeZone(client, { timeZone: next }),
    onSuccess: (team) => {
      setChoice(team.team.timeZone);
      setSaved(TEAM_MSG.timeZoneSaved(team.team.timeZone));
    },
  });

  if (!canChange) {
    return (
      <div className="space-y-1 p-6 text-sm" data-testid="team-time-zone">
        <p className="text-slate-500">Time zone</p>
        <p className="font-medium text-slate-900" data-testid="team-time-zone-value">
          {timeZoneLabel(timeZone)}
        </p>
        <p className="text-slate-500">Only the team owner can change it.</p>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    save.mutate(choice);
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Team time zone"
      className="space-y-4 p-6"
      data-testid="team-time-zone"
      noValidate
    >
      <div className="max-w-sm">
        <label htmlFor={selectId} className="mb-1.5 block text-[13px] font-medium text-slate-700">
          Time zone
        </label>
        <select
          id={selectId}
          value={choice}
          aria-describedby={hintId}
          onChange={(event) => {
            setChoice(event.target.value);
            setSaved(null);
            save.reset();
          }}
          className={inputClasses()}
        >
          {options}
        </select>
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {browser && browser !== choice
            ? `Your browser is on ${timeZoneLabel(browser)}; the team keeps the zone you save here.`
            : 'Pick the zone your team works in.'}
        </p>
      </div>
      {save.isError && (
        <Alert testId="team-time-zone-error">{errorMessage(save.error, TEAM_MSG.timeZoneFailed)}</Alert>
      )}
      {saved && (
        <Alert tone="success" testId="team-time-zone-saved">
          {saved}
        </Alert>
      )}
      <Button type="submit" size="sm" isLoading={save.isPending} disabled={choice === timeZone}>
        Save time zone
      </Button>
    </form>
  );
}
