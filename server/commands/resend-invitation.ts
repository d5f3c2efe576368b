import { TEAM_MSG } from '@common/api/team';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Database } from '../db/client';
import { teamMembers } from '../db/schema';
import { conflict, notFound } from '../lib/http-errors';
import type { PolicyActor } from '../policies/define-policy';
import { memberPolicy, teamPolicy } from '../policies/team';
import { type MemberRow, mailInvitation, newInvitationSecret } from './invitation-link';
import { lockTeamWithinBudget } from './invite-member';

/**
 * Mails an open invitation again with a new link and a new expiry (owners only); the previous link
 * stops working. Counts toward the team's hourly invitation budget. Withdrawing an invitation is
 * `removeMember` on its row.
 */
export async function resendInvitation(
  db: Database,
  p: { actor: NonNullable<PolicyActor> & { email: string }; memberId: string; publicUrl: string },
): Promise<MemberRow> {
  const { actor, memberId, publicUrl } = p;
  if (!actor.teamId) throw notFound(TEAM_MSG.noTeam, 'no_team');
  const teamId = actor.teamId;

  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.id, memberId), eq(teamMembers.teamId, teamId)))
      .limit(1);
    if (!row) throw notFound(TEAM_MSG.memberNotFound);
    teamPolicy.authorize(actor, 'invite', { id: teamId });
    if (row.status !== 'invited') throw conflict(TEAM_MSG.notAnInvitation, 'already_member');
    memberPolicy.authorize(actor, 'resend', row);
    await lockTeamWithinBudget(tx, teamId);

    const { token, ...secret } = newInvitationSecret();
    const [member] = (await tx
      .update(teamMembers)
      .set({ ...secret, updatedAt: new Date() })
      .where(and(eq(teamMembers.id, row.id), eq(teamMembers.status, 'invited')))
      .returning()) as [MemberRow | undefined];
    if (!member) throw conflict(TEAM_MSG.notAnInvitation, 'already_member');

    await recordAudit(tx, {
      actorId: actor.id,
      teamId,
      action: 'member.invitation_resent',
      subjectType: 'team_member',
      subjectId: member.id,
      details: { email: member.email },
    });
    await mailInvitation(tx, { member, token, actor, publicUrl });
    return member;
  });
}
