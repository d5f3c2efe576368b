import { INVITATIONS_PER_HOUR, TEAM_MSG, type TeamRole } from '@common/api/team';
import { and, eq } from 'drizzle-orm';
import { countAuditActions, recordAudit } from '../audit/audit-log';
import type { Database, Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { teamMembers, teams, users } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-errors';
import type { PolicyActor } from '../policies/define-policy';
import { teamPolicy } from '../policies/team';
import { belongsToATeam, type MemberRow, mailInvitation, newInvitationSecret } from './invitation-link';

const HOUR_MS = 60 * 60 * 1000;
/** What counts toward a team's hourly invitation budget: new invitations and resent links. */
export const INVITATION_ACTIONS = ['member.invited', 'member.added', 'member.invitation_resent'];

export type InviteMemberProps = {
  actor: NonNullable<PolicyActor> & { email: string };
  input: { email: string; role: TeamRole; teamId?: string | undefined };
  /** Where the e-mailed link points: PUBLIC_URL, never an address taken from the request. */
  publicUrl: string;
};

/**
 * Invites an e-mail address into the owner's team as a member and mails the invitee a single-use
 * link. The row waits as `invited`, with no user, until someone signed in as (or signing up as) that
 * address follows the link (`accept-invitation.ts`): an account that already exists is never added
 * without it. One hour allows INVITATIONS_PER_HOUR invitations per team. The row, the audit entry and
 * the e-mail are written in one transaction.
 */
export async function inviteMember(
  db: Database,
  { actor, input, publicUrl }: InviteMemberProps,
): Promise<{ member: MemberRow; outcome: 'invited' }> {
  if (!actor.teamId) throw notFound(TEAM_MSG.noTeam, 'no_team');
  // A teamId in the body may only name the caller's own team; the policy refuses any other.
  const teamId = input.teamId ?? actor.teamId;
  teamPolicy.authorize(actor, 'invite', { id: teamId });
  if (input.role !== 'member') throw badRequest(TEAM_MSG.memberRoleOnly, 'role_not_allowed', 'role');
  const email = input.email.trim().toLowerCase();

  return db.transaction(async (tx) => {
    await lockTeamWithinBudget(tx, teamId);

    const [existing] = await tx
      .select({ status: teamMembers.status })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.email, email)))
      .limit(1);
    if (existing?.status === 'active') throw conflict(TEAM_MSG.alreadyMember, 'already_member');
    if (existing) throw conflict(TEAM_MSG.alreadyInvited, 'already_invited');

    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (user && (await belongsToATeam(tx, user.id))) {
      throw conflict(TEAM_MSG.inAnotherTeam, 'in_another_team');
    }

    const { token, ...secret } = newInvitationSecret();
    let member: MemberRow;
    try {
      [member] = (await tx
        .insert(teamMembers)
        .values({ teamId, userId: null, email, role: 'member', status: 'invited', ...secret })
        .returning()) as [MemberRow];
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(TEAM_MSG.alreadyInvited, 'already_invited');
      throw error;
    }

    await recordAudit(tx, {
      actorId: actor.id,
      teamId,
      action: 'member.invited',
      subjectType: 'team_member',
      subjectId: member.id,
      details: { email, role: member.role },
    });
    await mailInvitation(tx, { member, token, actor, publicUrl });
    return { member, outcome: 'invited' as const };
  });
}

/**
 * Locks the team row, so that invitations of one team run one at a time and the hourly limit and the
 * duplicate checks see each other; refuses with 429 once the hour's budget is spent.
 */
export async function lockTeamWithinBudget(tx: Executor, teamId: string): Promise<void> {
  const [team] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
  if (!team) throw notFound(TEAM_MSG.noTeam, 'no_team');
  const since = new Date(Date.now() - HOUR_MS);
  const recent = await countAuditActions(tx, team.id, INVITATION_ACTIONS, since);
  if (recent >= INVITATIONS_PER_HOUR) {
    throw new HttpError(429, 'too_many_invitations', TEAM_MSG.tooManyInvitations);
  }
}
