import type { AccessKind } from '@common/guards';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { teamMembers, teams, whatsappAccounts } from '../db/schema';

type AccountRow = typeof whatsappAccounts.$inferSelect;

/** What the signed-in user may reach: their own account, their team's, or nothing. */
export type AccountAccess = {
  kind: AccessKind;
  teamId: string | null;
  role: 'owner' | 'member' | null;
  account: AccountRow | null;
};

/**
 * Resolves the account a user works in. An owner holds the account directly; an active team member
 * uses the account of the team's owner (spec §6 "Shared account").
 */
export async function resolveAccess(db: Executor, userId: string): Promise<AccountAccess> {
  const [own] = await db.select().from(whatsappAccounts).where(eq(whatsappAccounts.userId, userId)).limit(1);

  const memberships = await db
    .select({ teamId: teamMembers.teamId, role: teamMembers.role, accountId: teams.whatsappAccountId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.status, 'active')));
  // An owner's own team wins over teams the user was invited into.
  const membership =
    (own && memberships.find((m) => m.accountId === own.id)) ??
    memberships.find((m) => m.role === 'owner') ??
    memberships[0];

  if (own) {
    return { kind: 'owner', teamId: membership?.teamId ?? null, role: 'owner', account: own };
  }
  if (!membership) return { kind: 'none', teamId: null, role: null, account: null };

  let account: AccountRow | null = null;
  if (membership.accountId) {
    [account = null] = await db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.id, membership.accountId))
      .limit(1);
  }
  return {
    kind: membership.role === 'owner' ? 'owner' : 'team_member',
    teamId: membership.teamId,
    role: membership.role,
    account,
  };
}
