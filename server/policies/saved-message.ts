import { SAVED_MSG } from '@common/api/saved-messages';
import { definePolicy, type PolicyActor } from './define-policy';

/**
 * A saved-message row, or for listing and creating, the team whose saved messages they are (a new
 * row belongs to the actor's team).
 */
type SavedMessagesSubject = { teamId: string };

const inTeam = (actor: NonNullable<PolicyActor>, s: SavedMessagesSubject) =>
  actor.teamId !== null && actor.teamId === s.teamId;
const ownsTeam = (actor: NonNullable<PolicyActor>, s: SavedMessagesSubject) =>
  inTeam(actor, s) && actor.role === 'owner';

/** Spec §6: every member uses them read-only; only the owner creates, edits and deletes them. */
export const savedMessagePolicy = definePolicy<SavedMessagesSubject, 'view' | 'create' | 'edit' | 'delete'>({
  view: { rule: inTeam, denied: SAVED_MSG.noTeam },
  create: { rule: ownsTeam, denied: SAVED_MSG.onlyOwnersCreate },
  edit: { rule: ownsTeam, denied: SAVED_MSG.onlyOwnersEdit },
  delete: { rule: ownsTeam, denied: SAVED_MSG.onlyOwnersDelete },
});
