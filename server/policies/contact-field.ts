import { definePolicy, inAccount, type PolicyActor } from './define-policy';

/** A field row, or for listing and creating, the account whose fields they are. */
type ContactFieldSubject = { accountId: string };

const DENIED = 'Contact fields belong to the team that uses them.';
const OWNERS_ONLY = 'Only the team owner can define contact fields.';

const ownerInAccount = (actor: NonNullable<PolicyActor>, row: ContactFieldSubject) =>
  inAccount(actor, row) && actor.role === 'owner';

/**
 * Custom contact fields (issue 14): owners define, rename, reorder and delete them; every teammate
 * reads them and sets a contact's values. Other teams get nothing (commands look fields up within the
 * actor's account, so a foreign id is a 404 before this is asked).
 */
export const contactFieldPolicy = definePolicy<ContactFieldSubject, 'view' | 'manage' | 'setValues'>({
  view: { rule: inAccount, denied: DENIED },
  manage: { rule: ownerInAccount, denied: OWNERS_ONLY },
  setValues: { rule: inAccount, denied: DENIED },
});
