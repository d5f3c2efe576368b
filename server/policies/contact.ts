import { ASSIGN_MSG } from '@common/api/assignment';
import type { ContactAbilities, InboxAbilities } from '@common/api/inbox';
import type { Actor } from '../auth/route-access';
import type { contacts } from '../db/schema';
import { canSendFreeform } from '../outbound/window';
import { definePolicy } from './define-policy';

type ContactRow = typeof contacts.$inferSelect;
export type InboxActor = Pick<Actor, 'id' | 'role'>;

/**
 * Inbox-level abilities. The team tab is a team-wide view: owners only (spec §2, §6).
 */
export const inboxPolicy = {
  viewTeam: (actor: InboxActor): boolean => actor.role === 'owner',
  /** Give contacts to teammates other than yourself (members only take contacts for themselves). */
  assignToOthers: (actor: InboxActor): boolean => actor.role === 'owner',
  /** Delete a contact with its messages. Archive and block are for everyone. */
  deleteContacts: (actor: InboxActor): boolean => actor.role === 'owner',
};

/** The inbox abilities the UI shows or hides controls by (the routes check the same rules). */
export function inboxAbilities(actor: InboxActor): InboxAbilities {
  return {
    viewTeam: inboxPolicy.viewTeam(actor),
    assignToOthers: inboxPolicy.assignToOthers(actor),
    deleteContacts: inboxPolicy.deleteContacts(actor),
  };
}

/** What anyone in the team may do with a contact right now (window-dependent, not role-dependent). */
export function contactAbilities(contact: Pick<ContactRow, 'lastIncomingAt'>, now: Date): ContactAbilities {
  return { sendFreeform: canSendFreeform(contact, now) };
}

/**
 * Assignment (spec §6): an owner assigns a contact to any active member or unassigns it; a member
 * takes an unassigned contact for themself and unassigns only their own.
 */
export const assignmentPolicy = definePolicy<
  Pick<ContactRow, 'assignedTo'>,
  'assignToSelf' | 'assignToOthers' | 'unassign'
>({
  assignToSelf: {
    rule: (actor, c) => actor.role === 'owner' || c.assignedTo === null || c.assignedTo === actor.id,
    denied: ASSIGN_MSG.alreadyAssigned,
  },
  assignToOthers: { rule: (actor) => inboxPolicy.assignToOthers(actor), denied: ASSIGN_MSG.onlyOwners },
  unassign: {
    rule: (actor, c) => actor.role === 'owner' || c.assignedTo === actor.id,
    denied: ASSIGN_MSG.onlyOwnAssignments,
  },
});

/** Which rule an assignment falls under: unassigning, taking it yourself, or giving it to someone else. */
export function assignmentAbility(actorId: string, assigneeId: string | null) {
  if (assigneeId === null) return 'unassign' as const;
  return assigneeId === actorId ? ('assignToSelf' as const) : ('assignToOthers' as const);
}
