import { TEAM_MSG } from '@common/api/team';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { teams } from '../db/schema';
import { notFound } from '../lib/http-errors';
import type { PolicyActor } from '../policies/define-policy';
import { teamPolicy } from '../policies/team';
import type { CommandDeps } from './deps';

type TeamActor = NonNullable<PolicyActor> & { teamId: string };

/**
 * The owner sets the team's time zone (already validated as an IANA name). Campaigns scheduled from
 * now on and the AI bot's business hours use it; campaigns already scheduled keep their instant. The
 * activity log records the change (nothing is recorded when the zone stays the same).
 */
export async function setTeamTimeZone(
  deps: CommandDeps,
  actor: TeamActor,
  timeZone: string,
): Promise<{ changed: boolean }> {
  teamPolicy.authorize(actor, 'changeSettings', { id: actor.teamId });
  return deps.events.transaction(async (tx) => {
    const [team] = await tx
      .select({ id: teams.id, timeZone: teams.timeZone })
      .from(teams)
      .where(eq(teams.id, actor.teamId))
      .for('update');
    if (!team) throw notFound(TEAM_MSG.noTeam, 'no_team');
    if (team.timeZone === timeZone) return { changed: false };
    await tx.update(teams).set({ timeZone, updatedAt: new Date() }).where(eq(teams.id, team.id));
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: team.id,
      action: 'team.time_zone_changed',
      subjectType: 'team',
      subjectId: team.id,
      details: { from: team.timeZone, to: timeZone },
    });
    return { changed: true };
  });
}
