import { TEAM_SETTINGS_PATH } from '@common/api/team';
import { timeZoneLabel } from '@common/time-zone';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { teamQuery } from '../api/team';

/**
 * The team's time zone (Settings → Team) for the screens that read times in it: null while it loads
 * or when the team could not be read. Whether the caller may change it comes along.
 */
export function useTeamTimeZone(): { timeZone: string | null; canChange: boolean } {
  const { data } = useQuery(teamQuery);
  return { timeZone: data?.team.timeZone ?? null, canChange: data?.abilities.changeSettings ?? false };
}

/**
 * "Times are in the team's time zone, Europe/Berlin." with a link to Settings → Team, where the owner
 * changes it (members read it there). `lead: null` when the screen already names the zone: only the
 * link's sentence.
 */
export function TeamTimeZoneNote({
  lead = 'Times are in the team’s time zone',
  className = '',
  testId = 'team-time-zone-note',
}: {
  lead?: string | null;
  className?: string;
  testId?: string;
}) {
  const { timeZone, canChange } = useTeamTimeZone();
  if (!timeZone) return null;
  const it = lead === null ? 'the team’s time zone' : 'it';
  return (
    <p className={`text-sm text-slate-600 ${className}`} data-testid={testId}>
      {lead !== null && (
        <>
          {lead}, <strong className="font-medium text-slate-900">{timeZoneLabel(timeZone)}</strong>.{' '}
        </>
      )}
      {canChange ? `Change ${it} in ` : `The team owner sets ${it} in `}
      <Link to={TEAM_SETTINGS_PATH} className="font-medium text-ink-700 underline underline-offset-2">
        Settings → Team
      </Link>
      .
    </p>
  );
}
