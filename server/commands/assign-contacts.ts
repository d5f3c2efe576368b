import { ASSIGN_MSG, type AssignContactsResponse } from '@common/api/assignment';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Executor } from '../db/client';
import { contacts, teamMembers } from '../db/schema';
import { badRequest, HttpError } from '../lib/http-errors';
import { assignmentAbility, assignmentPolicy } from '../policies/contact';
import type { PolicyActor } from '../policies/define-policy';
import type { CommandDeps } from './deps';

type AssignActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };
/** A contact left as it was, with the typed code of why (`not_found`, or the policy's refusal code). */
type AssignFailure = AssignContactsResponse['failed'][number] & { code: string };

/**
 * Assigns (or with `assigneeId` null, unassigns) contacts of the actor's account. Each contact is
 * judged by the assignment policy on its own, so a bulk request reports which ones failed and why;
 * the allowed ones change together with their audit entries, and teammates hear of it after commit.
 */
export async function assignContacts(
  deps: CommandDeps,
  actor: AssignActor,
  contactIds: string[],
  assigneeId: string | null,
): Promise<{ assigned: string[]; failed: AssignFailure[] }> {
  const ids = [...new Set(contactIds)];
  return deps.events.transaction(async (tx, emit) => {
    if (assigneeId !== null) await requireActiveAssignee(tx, actor.teamId, assigneeId);

    const rows = await tx
      .select({ id: contacts.id, accountId: contacts.accountId, assignedTo: contacts.assignedTo })
      .from(contacts)
      .where(and(eq(contacts.accountId, actor.accountId), inArray(contacts.id, ids)))
      .for('update');
    const found = new Map(rows.map((r) => [r.id, r]));

    const ability = assignmentAbility(actor.id, assigneeId);
    const failed: AssignFailure[] = [];
    const allowed: string[] = [];
    for (const id of ids) {
      const row = found.get(id);
      const refusal = row ? assignmentPolicy.check(actor, ability, row) : null;
      if (!row) failed.push({ contactId: id, message: ASSIGN_MSG.contactNotFound, code: 'not_found' });
      else if (refusal) failed.push({ contactId: id, message: refusal.message, code: refusal.code });
      else if (row.assignedTo !== assigneeId) allowed.push(id);
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
        emit({ kind: 'contact.assigned', accountId: actor.accountId, contactId });
      }
    }
    // Contacts already assigned as asked count as done: the outcome the user wanted holds.
    const assigned = ids.filter((id) => !failed.some((f) => f.contactId === id));
    return { assigned, failed };
  });
}

/** A contact can only go to an active member of the actor's team (400 `not_a_member` otherwise). */
export async function requireActiveAssignee(tx: Executor, teamId: string, assigneeId: string): Promise<void> {
  const [member] = await tx
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.teamId, teamId),
        eq(teamMembers.userId, assigneeId),
        eq(teamMembers.status, 'active'),
      ),
    )
    .limit(1);
  if (!member) throw badRequest(ASSIGN_MSG.notActiveMember, 'not_a_member', 'assigneeId');
}

/**
 * Assigns (or unassigns) one contact: like assignContacts, but its refusal is thrown, 404 for a
 * contact outside the account and the policy's 403 otherwise.
 */
export async function assignContact(
  deps: CommandDeps,
  actor: AssignActor,
  contactId: string,
  assigneeId: string | null,
): Promise<void> {
  const [failure] = (await assignContacts(deps, actor, [contactId], assigneeId)).failed;
  if (failure) {
    throw new HttpError(failure.code === 'not_found' ? 404 : 403, failure.code, failure.message);
  }
}
