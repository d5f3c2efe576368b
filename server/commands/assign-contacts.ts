import { ASSIGN_MSG, type AssignContactsResponse } from '@common/api/assignment';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Database } from '../db/client';
import { contacts, teamMembers } from '../db/schema';
import { type InboxChange, publishChanges } from '../inbound/inbox-changes';
import { badRequest } from '../lib/http-errors';
import { assignmentAbility, assignmentPolicy } from '../policies/contact';

type AssignActor = { id: string; teamId: string; role: 'owner' | 'member' | null; accountId: string };

/**
 * Assigns (or with `assigneeId` null, unassigns) contacts of the actor's account. Each contact is
 * judged by the assignment policy on its own, so a bulk request reports which ones failed and why;
 * the allowed ones change together with their audit entries, and teammates hear of it after commit.
 */
export async function assignContacts(
  db: Database,
  actor: AssignActor,
  contactIds: string[],
  assigneeId: string | null,
): Promise<AssignContactsResponse> {
  const ids = [...new Set(contactIds)];
  const changes: InboxChange[] = [];

  const result = await db.transaction(async (tx) => {
    if (assigneeId !== null) {
      const [member] = await tx
        .select({ id: teamMembers.id })
        .from(teamMembers)
        .where(
          and(
            eq(teamMembers.teamId, actor.teamId),
            eq(teamMembers.userId, assigneeId),
            eq(teamMembers.status, 'active'),
          ),
        )
        .limit(1);
      if (!member) throw badRequest(ASSIGN_MSG.notActiveMember, 'not_a_member', 'assigneeId');
    }

    const rows = await tx
      .select({ id: contacts.id, assignedTo: contacts.assignedTo })
      .from(contacts)
      .where(and(eq(contacts.accountId, actor.accountId), inArray(contacts.id, ids)))
      .for('update');
    const found = new Map(rows.map((r) => [r.id, r]));

    const ability = assignmentAbility(actor.id, assigneeId);
    const failed: AssignContactsResponse['failed'] = [];
    const allowed: string[] = [];
    for (const id of ids) {
      const row = found.get(id);
      if (!row) failed.push({ contactId: id, message: ASSIGN_MSG.contactNotFound });
      else if (!assignmentPolicy.can(actor, ability, row)) {
        failed.push({ contactId: id, message: policyMessage(ability) });
      } else if (row.assignedTo !== assigneeId) allowed.push(id);
    }

    if (allowed.length > 0) {
      await tx
        .update(contacts)
        .set({ assignedTo: assigneeId, updatedAt: new Date() })
        .where(and(eq(contacts.accountId, actor.accountId), inArray(contacts.id, allowed)));
      for (const contactId of allowed) {
        await recordAudit(tx, {
          actorId: actor.id,
          teamId: actor.teamId,
          action: assigneeId ? 'contact.assigned' : 'contact.unassigned',
          subjectType: 'contact',
          subjectId: contactId,
          details: { assigneeId },
        });
        changes.push({ kind: 'contact.assigned', accountId: actor.accountId, contactId });
      }
    }
    // Contacts already assigned as asked count as done: the outcome the user wanted holds.
    const assigned = ids.filter((id) => !failed.some((f) => f.contactId === id));
    return { assigned, failed };
  });

  publishChanges(changes);
  return result;
}

function policyMessage(ability: ReturnType<typeof assignmentAbility>): string {
  if (ability === 'assignToOthers') return ASSIGN_MSG.onlyOwners;
  if (ability === 'unassign') return ASSIGN_MSG.onlyOwnAssignments;
  return ASSIGN_MSG.alreadyAssigned;
}
