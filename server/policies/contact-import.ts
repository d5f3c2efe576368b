import { definePolicy, inAccount, type PolicyActor } from './define-policy';

/** An import row, or for uploading and listing, the account the contacts belong to. */
type ContactImportSubject = { accountId: string };

const OWNERS_ONLY = 'Only the team owner can import contacts.';

const ownerInAccount = (actor: NonNullable<PolicyActor>, row: ContactImportSubject) =>
  inAccount(actor, row) && actor.role === 'owner';

/**
 * CSV imports (issue 14): only owners upload, start, follow and download the failed rows of an
 * import; members get 403 with the message. Other teams' imports are 404 (looked up in the account).
 */
export const contactImportPolicy = definePolicy<ContactImportSubject, 'import'>({
  import: { rule: ownerInAccount, denied: OWNERS_ONLY },
});
