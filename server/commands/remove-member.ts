import { TEAM_MSG } from '@common/api/team';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { contacts, teamMembers, teams } from '../db/schema';
import { badRequest, forbidden, notFound } from '../lib/http-errors';
import type { PolicyActor } from '../policies/define-policy';
import { memberPolicy, teamPolicy } from '../policies/team';
import type { CommandDeps } from './deps';

type MemberRow = typeof teamMembers.$inferSelect;

/**
 * Removes a member or withdraws an invitation (owners only, never themselves). Access ends at once:
 * the removed user's sessions stay signed in, but every team route answers 403 from the next request
 * (and the route closes their live sockets with what this returns: `userId` is null for an
 * invitation, `accountId` null for a team with no number). Contacts assigned to them go back to
 * Unassigned. The change and its audit entry share a transaction.
 */
export async function removeMember(
  deps: CommandDeps,
  { actor, memberId }: { actor: NonNullable<PolicyActor>; memberId: string },
): Promise<{
  member: MemberRow;
  unassignedContacts: number;
  userId: string | null;
  teamId: string;
  accountId: string | null;
}> {
  if (!actor.teamId) throw notFound(TEAM_MSG.noTeam, 'no_team');
  teamPolicy.authorize(actor, 'removeMembers', { id: actor.teamId });
  const teamId = actor.teamId;

  const result = await deps.events.transaction(async (tx, emit) => {
    const [member] = await tx
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.id, memberId), eq(teamMembers.teamId, teamId)))
      .for('update');
    if (!member) throw notFound(TEAM_MSG.memberNotFound);
    if (member.userId === actor.id) throw badRequest(TEAM_MSG.cannotRemoveSelf, 'cannot_remove_self');
    if (member.role === 'owner') throw forbidden(TEAM_MSG.ownerCannotBeRemoved, 'forbidden');
    memberPolicy.authorize(actor, 'remove', member);

    await tx.delete(teamMembers).where(eq(teamMembers.id, member.id));

    let unassigned: { id: string; accountId: string }[] = [];
    const [team] = await tx
      .select({ accountId: teams.whatsappAccountId })
      .from(teams)
      .where(eq(teams.id, teamId))
      .limit(1);
    if (member.userId && team?.accountId) {
      unassigned = await tx
        .update(contacts)
        .set({ assignedTo: null, updatedAt: new Date() })
        .where(and(eq(contacts.accountId, team.accountId), eq(contacts.assignedTo, member.userId)))
        .returning({ id: contacts.id, accountId: contacts.accountId });
    }

    await recordAudit(tx, {
      actorId: actor.id,
      teamId,
      action: 'member.removed',
      subjectType: 'team_member',
      subjectId: member.id,
      details: {
        email: member.email,
        role: member.role,
        status: member.status,
        unassignedContacts: unassigned.length,
      },
    });
    // Teammates' lists move the contacts to Unassigned live.
    for (const c of unassigned) emit({ kind: 'contact.assigned', accountId: c.accountId, contactId: c.id });
    return { member, unassigned, accountId: team?.accountId ?? null };
  });
  return {
    member: result.member,
    unassignedContacts: result.unassigned.length,
    userId: result.member.userId,
    teamId,
    accountId: result.accountId,
  };
}
