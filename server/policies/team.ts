import { TEAM_MSG, type TeamRole } from '@common/api/team';
import { definePolicy, type PolicyActor } from './define-policy';

type TeamSubject = { id: string };
type MemberSubject = {
  teamId: string;
  userId: string | null;
  role: TeamRole;
  status: 'active' | 'invited';
};

/** An active member of this team (owner or member); invited rows never reach here (no user yet). */
const inTeam = (actor: NonNullable<PolicyActor>, teamId: string) => actor.teamId === teamId;
const ownsTeam = (actor: NonNullable<PolicyActor>, teamId: string) =>
  inTeam(actor, teamId) && actor.role === 'owner';

/**
 * What a user may do with a team: everyone in it sees who is in it and its settings (the time zone);
 * only its owner changes them.
 */
export const teamPolicy = definePolicy<
  TeamSubject,
  'viewMembers' | 'invite' | 'removeMembers' | 'viewActivity' | 'changeSettings'
>({
  viewMembers: { rule: (actor, team) => inTeam(actor, team.id), denied: TEAM_MSG.noTeam },
  invite: { rule: (actor, team) => ownsTeam(actor, team.id), denied: TEAM_MSG.onlyOwnersInvite },
  removeMembers: { rule: (actor, team) => ownsTeam(actor, team.id), denied: TEAM_MSG.onlyOwnersRemove },
  viewActivity: { rule: (actor, team) => ownsTeam(actor, team.id), denied: TEAM_MSG.onlyOwnersViewActivity },
  changeSettings: {
    rule: (actor, team) => ownsTeam(actor, team.id),
    denied: TEAM_MSG.onlyOwnersChangeSettings,
  },
});

/**
 * What a user may do with one membership (active or invited). The owner removes anyone but
 * themselves (for an invitation, that revokes it); the owner's row is never removable, so a team
 * always keeps its owner. The owner resends an open invitation's link.
 */
export const memberPolicy = definePolicy<MemberSubject, 'remove' | 'resend'>({
  remove: {
    rule: (actor, member) =>
      ownsTeam(actor, member.teamId) && member.userId !== actor.id && member.role !== 'owner',
    denied: TEAM_MSG.onlyOwnersRemove,
  },
  resend: {
    rule: (actor, member) => ownsTeam(actor, member.teamId) && member.status === 'invited',
    denied: TEAM_MSG.onlyOwnersInvite,
  },
});
