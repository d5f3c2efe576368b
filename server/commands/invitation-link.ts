import { INVITATION_TTL_DAYS } from '@common/api/team';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { teamMembers, teams, userProfiles, users, whatsappAccounts } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/crypto';
import { invitationEmail } from '../mail/invitation-email';
import { queueEmail } from '../mail/mailer';
import { userLabel } from '../presenters/users';

const DAY_MS = 24 * 60 * 60 * 1000;

export type MemberRow = typeof teamMembers.$inferSelect;

/**
 * A fresh link secret for an invitation: the secret goes into the e-mail only, its hash and expiry
 * into the row. Issuing a new one (a resend) makes the previous link stop working.
 */
export function newInvitationSecret(now = new Date()) {
  const token = randomToken();
  return {
    token,
    inviteTokenHash: sha256Hex(token),
    inviteExpiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
  };
}

/**
 * The open invitation a link's secret names, locked for update when `lock` is set: still `invited`,
 * not expired. Null for anything else (unknown, used, revoked, expired), which callers answer alike.
 */
export async function findOpenInvitation(
  tx: Executor,
  token: string,
  { lock = false, now = new Date() } = {},
): Promise<MemberRow | null> {
  const query = tx
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.inviteTokenHash, sha256Hex(token)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (row?.status !== 'invited' || !row.inviteExpiresAt) return null;
  if (row.inviteExpiresAt.getTime() <= now.getTime()) return null;
  return row;
}

/** An active membership anywhere, or a connected account of their own (which always has a team). */
export async function belongsToATeam(tx: Executor, userId: string): Promise<boolean> {
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

/** The name an invitation e-mail and the join page give the inviter: their profile name, or label. */
export async function inviterName(tx: Executor, actor: { id: string; email: string }): Promise<string> {
  const [profile] = await tx
    .select({ name: userProfiles.name })
    .from(userProfiles)
    .where(eq(userProfiles.userId, actor.id))
    .limit(1);
  return profile?.name.trim() || userLabel(actor.email);
}

export async function hasAccount(tx: Executor, email: string): Promise<boolean> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return Boolean(user);
}

/** Mails the invitation's link (`PUBLIC_URL/join?token=…`) in the caller's transaction. */
export async function mailInvitation(
  tx: Executor,
  p: {
    member: Pick<MemberRow, 'email' | 'teamId'>;
    token: string;
    actor: { id: string; email: string };
    publicUrl: string;
  },
): Promise<void> {
  const [team] = await tx
    .select({ name: teams.name })
    .from(teams)
    .where(eq(teams.id, p.member.teamId))
    .limit(1);
  await queueEmail(
    tx,
    invitationEmail({
      to: p.member.email,
      teamName: team?.name ?? 'My Team',
      inviter: await inviterName(tx, p.actor),
      hasAccount: await hasAccount(tx, p.member.email),
      link: `${p.publicUrl}/join?token=${encodeURIComponent(p.token)}`,
    }),
  );
}
