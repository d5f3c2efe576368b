import { ASSIGN_MSG } from '@common/api/assignment';
import { INBOX_MSG } from '@common/api/inbox';
import { MSG } from '@common/messages';
import type { contacts } from '../db/schema';
import { definePolicy, inAccount, type PolicyActor, type Refusal } from './define-policy';

type ContactRow = typeof contacts.$inferSelect;
/** The account whose inbox it is (its tabs, its contacts as a whole). */
type InboxSubject = { accountId: string };
/**
 * A contact row with its window state: `windowOpen` is canSendFreeform for it at the messaging clock's
 * now. Only `sendFreeform` reads it; left out, the window counts as closed.
 */
export type ContactSubject = {
  contact: Pick<ContactRow, 'accountId' | 'assignedTo' | 'lastIncomingAt'>;
  windowOpen?: boolean;
};

const TEAM_TAB_DENIED = 'Only team owners can see contacts assigned to team members.';

/** Granted to the account's owner; a teammate who is not one gets `owner_only` with the message. */
const ownerOf =
  (message: string) =>
  (actor: NonNullable<PolicyActor>, inbox: InboxSubject): boolean | Refusal => {
    if (!inAccount(actor, inbox)) return false;
    return actor.role === 'owner' || { status: 403, code: 'owner_only', message };
  };
/** Give contacts to teammates other than yourself: owners (members only take contacts for themselves). */
const assignsToOthers = ownerOf(ASSIGN_MSG.onlyOwners);
/** Delete a contact with its messages: owners. Archive and block are for everyone. */
const deletesContacts = ownerOf(MSG.ownerOnly);
const inContactsAccount = (actor: NonNullable<PolicyActor>, { contact }: ContactSubject) =>
  inAccount(actor, contact);

/**
 * Inbox-level abilities (subject: the account). The team tab is a team-wide view: owners only (spec
 * §2, §6). The UI gets these with the tab counts.
 */
export const inboxPolicy = definePolicy<InboxSubject, 'viewTeam' | 'assignToOthers' | 'deleteContacts'>({
  viewTeam: { rule: ownerOf(TEAM_TAB_DENIED), denied: TEAM_TAB_DENIED },
  assignToOthers: { rule: assignsToOthers, denied: ASSIGN_MSG.onlyOwners },
  deleteContacts: { rule: deletesContacts, denied: MSG.ownerOnly },
});

/**
 * One contact: every teammate reads it, edits its notes and name, archives and blocks it, and sends
 * it free-form messages while its 24-hour window is open; only owners delete it (with its messages).
 */
export const contactPolicy = definePolicy<
  ContactSubject,
  'view' | 'update' | 'archive' | 'block' | 'delete' | 'sendFreeform'
>({
  view: { rule: inContactsAccount, denied: MSG.noAccountAccess },
  update: { rule: inContactsAccount, denied: MSG.noAccountAccess },
  archive: { rule: inContactsAccount, denied: MSG.noAccountAccess },
  block: { rule: inContactsAccount, denied: MSG.noAccountAccess },
  delete: { rule: (actor, { contact }) => deletesContacts(actor, contact), denied: MSG.ownerOnly },
  /** Text, media and reactions: only inside the window (templates go at any time). */
  sendFreeform: {
    rule: (actor, { contact, windowOpen }) => {
      if (!inAccount(actor, contact)) return false;
      return windowOpen === true || { status: 409, code: 'window_closed', message: INBOX_MSG.windowClosed };
    },
    denied: INBOX_MSG.windowClosed,
  },
});

/**
 * Assignment (spec §6; subject: the contact row): an owner assigns a contact to any active member or
 * unassigns it; a member takes an unassigned contact for themself and unassigns only their own.
 */
export const assignmentPolicy = definePolicy<
  Pick<ContactRow, 'accountId' | 'assignedTo'>,
  'assignToSelf' | 'assignToOthers' | 'unassign'
>({
  assignToSelf: {
    rule: (actor, c) =>
      inAccount(actor, c) && (actor.role === 'owner' || c.assignedTo === null || c.assignedTo === actor.id),
    denied: ASSIGN_MSG.alreadyAssigned,
  },
  assignToOthers: { rule: (actor, c) => assignsToOthers(actor, c) === true, denied: ASSIGN_MSG.onlyOwners },
  unassign: {
    rule: (actor, c) => inAccount(actor, c) && (actor.role === 'owner' || c.assignedTo === actor.id),
    denied: ASSIGN_MSG.onlyOwnAssignments,
  },
});

/** Which rule an assignment falls under: unassigning, taking it yourself, or giving it to someone else. */
export function assignmentAbility(actorId: string, assigneeId: string | null) {
  if (assigneeId === null) return 'unassign' as const;
  return assigneeId === actorId ? ('assignToSelf' as const) : ('assignToOthers' as const);
}
