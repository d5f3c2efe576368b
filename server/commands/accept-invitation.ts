import { INVITATION_MSG, type InvitationPreview } from '@common/api/invitations';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Database, Executor } from '../db/client';
import { teamMembers, teams, users } from '../db/schema';
import { conflict, HttpError, notFound } from '../lib/http-errors';
import { belongsToATeam, findOpenInvitation, hasAccount, inviterName } from './invitation-link';

const invalid = () => notFound(INVITATION_MSG.invalid, 'invitation_invalid');

/**
 * Joins the team an invitation link names: only a user whose own address is the invited one, who
 * belongs to no team yet. The row becomes active, its secret is spent, and the address's other open
 * invitations are withdrawn (a user belongs to one team). Runs in the caller's transaction, so
 * sign-up can make the account and the membership together, or neither.
 */
export async function acceptInvitationInTx(
  tx: Executor,
  user: { id: string; email: string },
  token: string,
): Promise<{ teamId: string; memberId: string }> {
  const invitation = await findOpenInvitation(tx, token, { lock: true });
  if (!invitation) throw invalid();
  if (invitation.email !== user.email.toLowerCase()) {
    throw new HttpError(403, 'invitation_other_address', INVITATION_MSG.otherAddress(invitation.email));
  }
  // One accept at a time per user: two links of two teams followed at once cannot both see "no team".
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
  if (await belongsToATeam(tx, user.id)) throw conflict(INVITATION_MSG.inAnotherTeam, 'in_another_team');

  await tx
    .update(teamMembers)
    .set({
      userId: user.id,
      status: 'active',
      inviteTokenHash: null,
      inviteExpiresAt: null,
      updatedAt: new Date(),
    })
    .where(eq(teamMembers.id, invitation.id));
  const withdrawn = await tx
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.email, invitation.email),
        isNull(teamMembers.userId),
        ne(teamMembers.id, invitation.id),
      ),
    );
  if (withdrawn.length > 0) {
    await tx.delete(teamMembers).where(
      inArray(
        teamMembers.id,
        withdrawn.map((w) => w.id),
      ),
    );
  }
  await recordAudit(tx, {
    actorId: user.id,
    teamId: invitation.teamId,
    action: 'member.joined',
    subjectType: 'team_member',
    subjectId: invitation.id,
    details: { email: invitation.email },
  });
  return { teamId: invitation.teamId, memberId: invitation.id };
}

/** A signed-in user follows an invitation link. */
export async function acceptInvitation(
  db: Database,
  { user, token }: { user: { id: string; email: string }; token: string },
) {
  return db.transaction((tx) => acceptInvitationInTx(tx, user, token));
}

/**
 * What the join page shows for a link before anyone signs in: the invited address, the team, who
 * invited, and whether the address has an account (sign-in rather than sign-up). Only the holder of
 * the secret learns this, and only while the invitation is open.
 */
export async function previewInvitation(db: Database, token: string): Promise<InvitationPreview> {
  const invitation = await findOpenInvitation(db, token);
  if (!invitation?.inviteExpiresAt) throw invalid();
  const [team] = await db
    .select({ name: teams.name })
    .from(teams)
    .where(eq(teams.id, invitation.teamId))
    .limit(1);
  const [owner] = await db
    .select({ id: users.id, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, invitation.teamId), eq(teamMembers.role, 'owner')))
    .limit(1);
  return {
    email: invitation.email,
    teamName: team?.name ?? 'My Team',
    inviter: owner ? await inviterName(db, owner) : (team?.name ?? 'Your team'),
    hasAccount: await hasAccount(db, invitation.email),
    expiresAt: invitation.inviteExpiresAt.toISOString(),
  };
}
