import { ASSIGN_MSG, type AssignContactsResponse } from '@common/api/assignment';
import type { ContactListItem, UserSummary } from '@common/api/inbox';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { actionFailureText, cachedContacts } from './contactCache';
import { applyContact } from './inbox';

/**
 * Assigning contacts. The change shows at once (the row moves to its new tab, the header changes) and
 * goes back when the server refuses (spec §4); the server's `contact.assigned` events then move the
 * rows for every teammate. The requester is always the signed-in user (the server takes it from the
 * session).
 */

export class AssignError extends Error {}

function withAssignee(contact: ContactListItem, assignee: UserSummary | null): ContactListItem {
  return { ...contact, assignee: assignee ? { id: assignee.id, label: assignee.label } : null };
}

/** Assigns one contact (`assignee` null unassigns); throws AssignError with the text to show. */
export async function assignContact(
  client: QueryClient,
  contact: ContactListItem,
  assignee: UserSummary | null,
  meId: string | null,
): Promise<void> {
  const before = cachedContacts(client).get(contact.id) ?? contact;
  applyContact(client, withAssignee(before, assignee), meId);
  try {
    await apiRequest(`/api/contacts/${contact.id}/assignment`, {
      method: 'POST',
      body: { assigneeId: assignee?.id ?? null },
    });
  } catch (error) {
    applyContact(client, before, meId);
    throw new AssignError(
      actionFailureText(error, assignee ? ASSIGN_MSG.assignFailed : ASSIGN_MSG.unassignFailed),
    );
  }
}

export type BulkAssignOutcome = { kind: 'success' | 'error'; text: string; result: AssignContactsResponse };

/** The toast after a bulk request the server answered (spec §8). */
export function bulkAssignText(
  assignee: UserSummary | null,
  result: AssignContactsResponse,
): { kind: 'success' | 'error'; text: string } {
  const done = result.assigned.length;
  const failed = result.failed.length;
  const text = assignee ? ASSIGN_MSG.bulkAssigned(done, failed) : ASSIGN_MSG.bulkUnassigned(done, failed);
  return { kind: failed > 0 && done === 0 ? 'error' : 'success', text };
}

/**
 * Assigns many contacts at once. Every row moves at once; the ones the server refused move back.
 * A request that fails as a whole throws AssignError ('Failed to assign contacts' / '…unassign…').
 */
export async function assignContactsBulk(
  client: QueryClient,
  contactIds: readonly string[],
  assignee: UserSummary | null,
  meId: string | null,
): Promise<BulkAssignOutcome> {
  const cached = cachedContacts(client);
  const before = contactIds.map((id) => cached.get(id)).filter((c): c is ContactListItem => Boolean(c));
  for (const contact of before) applyContact(client, withAssignee(contact, assignee), meId);
  let result: AssignContactsResponse;
  try {
    result = await apiRequest<AssignContactsResponse>('/api/contacts/assignment', {
      method: 'POST',
      body: { contactIds, assigneeId: assignee?.id ?? null },
    });
  } catch (error) {
    for (const contact of before) applyContact(client, contact, meId);
    throw new AssignError(
      actionFailureText(error, assignee ? ASSIGN_MSG.bulkAssignFailed : ASSIGN_MSG.bulkUnassignFailed),
    );
  }
  const failed = new Set(result.failed.map((f) => f.contactId));
  for (const contact of before) if (failed.has(contact.id)) applyContact(client, contact, meId);
  return { ...bulkAssignText(assignee, result), result };
}
