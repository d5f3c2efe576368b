import { MSG } from '@common/messages';
import { definePolicy, inAccount, type PolicyActor, type Refusal } from './define-policy';

/** The account whose contacts a bulk action, an export or "Add contact" works on. */
type ContactsSubject = { accountId: string };

const DENIED = 'Contacts belong to the team that works with them.';
const EXPORT_DENIED = 'Only team owners can export contacts.';

const owners =
  (message: string) =>
  (actor: NonNullable<PolicyActor>, subject: ContactsSubject): boolean | Refusal => {
    if (!inAccount(actor, subject)) return false;
    return actor.role === 'owner' || { status: 403, code: 'owner_only', message };
  };

/**
 * The Contacts page's account-wide actions (issue 14): every teammate adds contacts and tags, untags
 * or assigns the ones they see (assignment then follows assignmentPolicy per contact); deleting many
 * contacts with their messages and exporting the list (personal data leaving the app) are for owners.
 */
export const contactsPolicy = definePolicy<ContactsSubject, 'create' | 'bulkEdit' | 'bulkDelete' | 'export'>({
  create: { rule: inAccount, denied: DENIED },
  bulkEdit: { rule: inAccount, denied: DENIED },
  bulkDelete: { rule: owners(MSG.ownerOnly), denied: MSG.ownerOnly },
  export: { rule: owners(EXPORT_DENIED), denied: EXPORT_DENIED },
});
