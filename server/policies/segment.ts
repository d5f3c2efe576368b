import { definePolicy, inAccount, type PolicyActor } from './define-policy';

/** A segment row (its creator), or for listing and creating, the account whose segments they are. */
type SegmentSubject = { accountId: string; createdBy?: string | null };

const DENIED = 'Segments belong to the team that uses them.';
const CREATOR_OR_OWNER = 'Only the teammate who saved this segment or the team owner can change it.';

const creatorOrOwner = (actor: NonNullable<PolicyActor>, s: SegmentSubject) =>
  inAccount(actor, s) && (actor.role === 'owner' || (!!s.createdBy && s.createdBy === actor.id));

/**
 * Segments (issue 14): every teammate lists, counts and saves them; the teammate who saved one, or
 * the owner, renames, changes or deletes it. Other teams get nothing (the commands look segments up
 * within the actor's account, so a foreign id is a 404 before this is asked).
 */
export const segmentPolicy = definePolicy<SegmentSubject, 'view' | 'create' | 'update' | 'delete'>({
  view: { rule: inAccount, denied: DENIED },
  create: { rule: inAccount, denied: DENIED },
  update: { rule: creatorOrOwner, denied: CREATOR_OR_OWNER },
  delete: { rule: creatorOrOwner, denied: CREATOR_OR_OWNER },
});
