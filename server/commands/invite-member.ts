import { INVITATIONS_PER_HOUR, TEAM_MSG, type TeamRole } from '@common/api/team';
import { and, eq } from 'drizzle-orm';
import { countAuditActions, recordAudit } from '../audit/audit-log';
import type { Database, Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { teamMembers, teams, userProfiles, users, whatsappAccounts } from '../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../lib/http-errors';
import { queueEmail } from '../mail/mailer';
import type { PolicyActor } from '../policies/define-policy';
import { teamPolicy } from '../policies/team';
import { userLabel } from '../presenters/users';

const HOUR_MS = 60 * 60 * 1000;

type MemberRow = typeof teamMembers.$inferSelect;

export type InviteMemberProps = {
  actor: NonNullable<PolicyActor> & { email: string };
  input: { email: string; role: TeamRole; teamId?: string | undefined };
  /** Where links in the e-mail point (PUBLIC_URL, or the address the request came to). */
  baseUrl: string;
};

/**
 * Invites an e-mail address into the owner's team as a member and mails the invitee. A new address
 * waits as `invited` until its owner signs up (sign-up activates it); an address that already has an
 * account, and no team, is added `active` at once, since sign-up will never run for it. One hour
 * allows INVITATIONS_PER_HOUR invitations per team. The row, the audit entry and the e-mail are
 * written in one transaction.
 */
export async function inviteMember(
  db: Database,
  { actor, input, baseUrl }: InviteMemberProps,
): Promise<{ member: MemberRow; outcome: 'invited' | 'added' }> {
  if (!actor.teamId) throw notFound(TEAM_MSG.noTeam, 'no_team');
  // A teamId in the body may only name the caller's own team; the policy refuses any other.
  const teamId = input.teamId ?? actor.teamId;
  teamPolicy.authorize(actor, 'invite', { id: teamId });
  if (input.role !== 'member') throw badRequest(TEAM_MSG.memberRoleOnly, 'role_not_allowed', 'role');
  const email = input.email.trim().toLowerCase();

  return db.transaction(async (tx) => {
    // Locks the team row: invitations of one team run one at a time, so the hourly limit and the
    // duplicate checks below see each other.
    const [team] = await tx
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(eq(teams.id, teamId))
      .for('update');
    if (!team) throw notFound(TEAM_MSG.noTeam, 'no_team');

    const since = new Date(Date.now() - HOUR_MS);
    const recent = await countAuditActions(tx, team.id, ['member.invited', 'member.added'], since);
    if (recent >= INVITATIONS_PER_HOUR) {
      throw new HttpError(429, 'too_many_invitations', TEAM_MSG.tooManyInvitations);
    }

    const [existing] = await tx
      .select({ status: teamMembers.status })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.email, email)))
      .limit(1);
    if (existing?.status === 'active') throw conflict(TEAM_MSG.alreadyMember, 'already_member');
    if (existing) throw conflict(TEAM_MSG.alreadyInvited, 'already_invited');

    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (user && (await belongsToATeam(tx, user.id))) {
      throw conflict(TEAM_MSG.inAnotherTeam, 'in_another_team');
    }

    let member: MemberRow;
    try {
      [member] = (await tx
        .insert(teamMembers)
        .values({
          teamId: team.id,
          userId: user?.id ?? null,
          email,
          role: 'member',
          status: user ? 'active' : 'invited',
        })
        .returning()) as [MemberRow];
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(TEAM_MSG.alreadyInvited, 'already_invited');
      throw error;
    }
    const outcome = user ? 'added' : 'invited';

    await recordAudit(tx, {
      actorId: actor.id,
      teamId: team.id,
      action: outcome === 'added' ? 'member.added' : 'member.invited',
      subjectType: 'team_member',
      subjectId: member.id,
      details: { email, role: member.role },
    });
    const inviter = await inviterName(tx, actor);
    await queueEmail(tx, invitationEmail({ to: email, teamName: team.name, inviter, outcome, baseUrl }));
    return { member, outcome };
  });
}

/** An active membership anywhere, or a connected account of their own (which always has a team). */
async function belongsToATeam(tx: Executor, userId: string): Promise<boolean> {
  const [membership] = await tx
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.status, 'active')))
    .limit(1);
  if (membership) return true;
  const [account] = await tx
    .select({ id: whatsappAccounts.id })
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.userId, userId))
    .limit(1);
  return Boolean(account);
}

async function inviterName(tx: Executor, actor: { id: string; email: string }): Promise<string> {
  const [profile] = await tx
    .select({ name: userProfiles.name })
    .from(userProfiles)
    .where(eq(userProfiles.userId, actor.id))
    .limit(1);
  return profile?.name.trim() || userLabel(actor.email);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The invitation e-mail: a sign-up link with the address filled in, or a sign-in link when added. */
export function invitationEmail(p: {
  to: string;
  teamName: string;
  inviter: string;
  outcome: 'invited' | 'added';
  baseUrl: string;
}) {
  const link =
    p.outcome === 'invited'
      ? `${p.baseUrl}/sign-up?email=${encodeURIComponent(p.to)}`
      : `${p.baseUrl}/sign-in`;
  const subject = `${p.inviter} invited you to ${p.teamName} on Switchboard`;
  const intro =
    p.outcome === 'invited'
      ? `${p.inviter} invited you to join the team "${p.teamName}" on Switchboard, the shared WhatsApp inbox your team answers customers from.`
      : `${p.inviter} added you to the team "${p.teamName}" on Switchboard, the shared WhatsApp inbox your team answers customers from.`;
  const action =
    p.outcome === 'invited'
      ? `Create your account with this e-mail address (${p.to}) to join:`
      : 'Sign in with your account to start:';
  const button = p.outcome === 'invited' ? 'Accept the invitation' : 'Sign in';
  return {
    to: p.to,
    subject,
    text: `${intro}\n\n${action}\n${link}\n\nIf you weren't expecting this, you can ignore this e-mail.`,
    html: `<p>${escapeHtml(intro)}</p><p>${escapeHtml(action)}</p><p><a href="${escapeHtml(link)}">${button}</a></p><p>If you weren't expecting this, you can ignore this e-mail.</p>`,
  };
}
