import type { TeamMember } from '@common/api/team';
import type { teamMembers } from '../../db/schema';
import type { PolicyActor } from '../../policies/define-policy';
import { memberPolicy } from '../../policies/team';
import { userLabel } from '../../presenters/users';

type MemberRow = typeof teamMembers.$inferSelect;

/** One team_members row for the wire, with what the caller may do with it. */
export function presentMember(row: MemberRow, actor: PolicyActor): TeamMember {
  return {
    id: row.id,
    userId: row.userId,
    email: row.email,
    label: userLabel(row.email),
    role: row.role,
    status: row.status,
    isYou: actor !== null && row.userId === actor.id,
    createdAt: row.createdAt.toISOString(),
    invitationExpiresAt: row.status === 'invited' ? (row.inviteExpiresAt?.toISOString() ?? null) : null,
    abilities: memberPolicy.abilities(actor, row),
  };
}
