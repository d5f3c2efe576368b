import { definePolicy, type PolicyActor } from './define-policy';

/** A tag, or the tag list, of the account a team works in (subject: that team). */
type TagSubject = { teamId: string };

const inTeam = (actor: NonNullable<PolicyActor>, s: TagSubject) => actor.teamId === s.teamId;
const DENIED = 'Tags belong to the team that uses them.';

/**
 * Tags (spec §5, §6): the spec restricts nothing, so every active teammate — owner or member — lists,
 * creates, renames and deletes the account's tags and puts them on and takes them off contacts. Other
 * teams get nothing: the commands also look tags up only within the actor's account. Change a rule
 * here and every tag route follows.
 */
export const tagPolicy = definePolicy<TagSubject, 'view' | 'create' | 'rename' | 'delete' | 'apply'>({
  view: { rule: inTeam, denied: DENIED },
  create: { rule: inTeam, denied: DENIED },
  rename: { rule: inTeam, denied: DENIED },
  delete: { rule: inTeam, denied: DENIED },
  apply: { rule: inTeam, denied: DENIED },
});
