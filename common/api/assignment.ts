import { z } from 'zod';

/** Spec §6 and §8 texts for assignment. */
export const ASSIGN_MSG = {
  onlyOwners: 'Only team owners can assign to others',
  /** The assign menu's note when nobody can be picked for an unassigned contact (spec §6). */
  onlyOwnersOtherMembers: 'Only team owners can assign to other members',
  onlyOwnAssignments: 'You can only unassign contacts assigned to you.',
  alreadyAssigned: 'This contact is already assigned to someone else. Only team owners can reassign it.',
  notActiveMember: 'That person is not an active member of your team.',
  noContacts: 'No contacts provided',
  contactNotFound: 'Contact not found',
  assignFailed: 'Failed to assign contact',
  unassignFailed: 'Failed to unassign contact',
  // Bulk (spec §8 "Tags, assignment and notes"); without failures the second sentence is left out.
  bulkAssigned: (n: number, failed: number) =>
    failed > 0
      ? `Assigned ${n} contacts successfully. ${failed} failed.`
      : `Assigned ${n} ${n === 1 ? 'contact' : 'contacts'} successfully.`,
  bulkUnassigned: (n: number, failed: number) =>
    failed > 0
      ? `Unassigned ${n} contacts successfully. ${failed} failed.`
      : `Unassigned ${n} ${n === 1 ? 'contact' : 'contacts'} successfully.`,
  bulkAssignFailed: 'Failed to assign contacts',
  bulkUnassignFailed: 'Failed to unassign contacts',
} as const;

/** `assigneeId` null unassigns. The requester is always the signed-in user, never a body field. */
export const assignContactSchema = z.object({ assigneeId: z.uuid().nullable() });
export type AssignContactInput = z.infer<typeof assignContactSchema>;

export const assignContactsSchema = z.object({
  contactIds: z
    .array(z.uuid(), { error: ASSIGN_MSG.noContacts })
    .min(1, ASSIGN_MSG.noContacts)
    .max(500, 'At most 500 contacts at once'),
  assigneeId: z.uuid().nullable(),
});
export type AssignContactsInput = z.infer<typeof assignContactsSchema>;

/** Bulk answer: the UI shows 'Assigned N contacts successfully. M failed.' (or the unassign twin). */
export type AssignContactsResponse = {
  assigned: string[];
  failed: { contactId: string; message: string }[];
};
