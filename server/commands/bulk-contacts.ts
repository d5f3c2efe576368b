import { ASSIGN_MSG } from '@common/api/assignment';
import type { BulkAction, ContactBulkResponse } from '@common/api/contact-bulk';
import { TAG_MSG } from '@common/api/tags';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Executor } from '../db/client';
import { contacts, contactTags, tags } from '../db/schema';
import type { DomainEvent } from '../events/types';
import { notFound } from '../lib/http-errors';
import { assignmentAbility, assignmentPolicy } from '../policies/contact';
import { contactsPolicy } from '../policies/contact-bulk';
import type { PolicyActor } from '../policies/define-policy';
import { tagPolicy } from '../policies/tag';
import { type ContactTarget, namedIds, targetCondition } from '../routes/contact-bulk/target';
import { requireActiveAssignee } from './assign-contacts';
import type { CommandDeps } from './deps';

type BulkActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };
type Row = { id: string; accountId: string; assignedTo: string | null };
type Failure = ContactBulkResponse['failed'][number];

/** Contacts locked and changed per statement: bounded statements and memory at any target size. */
export const BULK_BATCH = 2000;
/** Up to this many changed contacts, each gets its own live event; above, one `contacts.changed`. */
export const PER_CONTACT_EVENTS = 100;
const LISTED_FAILURES = 100;

const plural = (n: number) => `${n} ${n === 1 ? 'contact' : 'contacts'}`;

/**
 * A bulk action on the Contacts page (issue 14): tag, untag, assign or delete the contacts a target
 * names — selected ids (≤ 1000) or every contact matching a filter (100,000 or more). The target is
 * read with the table's own conditions and visibility, so a member acts only on the contacts they see.
 *
 * Set-based: the matching contacts are walked by id in batches of BULK_BATCH, each batch locked and
 * changed by one statement (assignment is judged per contact by assignmentPolicy, then one UPDATE).
 * Everything runs in one transaction with its audit entry and events, so a failure changes nothing.
 * One audit entry per action (`contacts.bulk_tagged`…) with the count; per-contact live events up to
 * PER_CONTACT_EVENTS changed contacts, else one `contacts.changed`.
 */
export async function bulkContacts(
  deps: CommandDeps,
  actor: BulkActor,
  target: ContactTarget,
  action: BulkAction,
): Promise<ContactBulkResponse> {
  const accountId = actor.accountId;
  contactsPolicy.authorize(actor, action.type === 'delete' ? 'bulkDelete' : 'bulkEdit', { accountId });
  const where = await targetCondition(deps.db, actor, target);

  return deps.events.transaction(async (tx, emit) => {
    const apply = await prepare(tx, actor, action);
    const failed: Failure[] = [];
    const changed: string[] = [];
    const seen = new Set<string>();
    let matched = 0;
    let last: string | null = null;
    for (;;) {
      const rows: Row[] = await tx
        .select({ id: contacts.id, accountId: contacts.accountId, assignedTo: contacts.assignedTo })
        .from(contacts)
        .where(last ? and(where, gt(contacts.id, last)) : where)
        .orderBy(asc(contacts.id))
        .limit(BULK_BATCH)
        .for('update');
      if (rows.length === 0) break;
      matched += rows.length;
      last = rows.at(-1)!.id;
      for (const row of rows) seen.add(row.id);
      const result = await apply.batch(rows);
      changed.push(...result.changed);
      failed.push(...result.failed);
      if (rows.length < BULK_BATCH) break;
    }
    // Selected contacts the actor cannot see (another account's, another member's, deleted).
    for (const id of namedIds(target) ?? [])
      if (!seen.has(id)) failed.push({ contactId: id, reason: ASSIGN_MSG.contactNotFound });
    if ('ids' in target) matched = seen.size;

    const done = matched - failed.filter((f) => seen.has(f.contactId)).length;
    if (changed.length > 0) {
      await recordAudit(tx, {
        actorId: actor.id,
        teamId: actor.teamId,
        action: apply.audit,
        subjectType: 'contact',
        subjectId: null,
        details: {
          count: changed.length,
          matched,
          target: 'ids' in target ? 'ids' : 'filter',
          ...apply.details,
        },
      });
      if (changed.length <= PER_CONTACT_EVENTS)
        emit(...changed.map((contactId) => apply.event(accountId, contactId)));
      else emit({ kind: 'contacts.changed', accountId, count: changed.length });
    }
    return {
      matched,
      changed: changed.length,
      failed: failed.slice(0, LISTED_FAILURES),
      failedCount: failed.length,
      message: apply.message(done, changed.length, failed.length),
    };
  });
}

type Applier = {
  /** Changes one locked batch: the contacts actually changed, and the ones refused with why. */
  batch(rows: Row[]): Promise<{ changed: string[]; failed: Failure[] }>;
  audit: string;
  details: Record<string, unknown>;
  event(accountId: string, contactId: string): DomainEvent;
  /** The line the UI shows: `done` contacts now as asked, `changed` of them changed, `failed` refused. */
  message(done: number, changed: number, failed: number): string;
};

const failedSuffix = (failed: number) => (failed > 0 ? ` ${failed} failed.` : '');

/** Checks what the action needs (its tag, its assignee) and returns how it changes a batch. */
async function prepare(tx: Executor, actor: BulkActor, action: BulkAction): Promise<Applier> {
  const ids = (rows: Row[]) => rows.map((r) => r.id);
  switch (action.type) {
    case 'tag':
    case 'untag': {
      const [tag] = await tx
        .select()
        .from(tags)
        .where(and(eq(tags.id, action.tagId), eq(tags.accountId, actor.accountId)))
        .limit(1);
      if (!tag) throw notFound(TAG_MSG.notFound);
      tagPolicy.authorize(actor, 'apply', tag);
      const tagging = action.type === 'tag';
      return {
        async batch(rows) {
          const done = tagging
            ? await tx
                .insert(contactTags)
                .values(rows.map((r) => ({ contactId: r.id, tagId: tag.id })))
                .onConflictDoNothing()
                .returning({ contactId: contactTags.contactId })
            : await tx
                .delete(contactTags)
                .where(and(eq(contactTags.tagId, tag.id), inArray(contactTags.contactId, ids(rows))))
                .returning({ contactId: contactTags.contactId });
          return { changed: done.map((r) => r.contactId), failed: [] };
        },
        audit: tagging ? 'contacts.bulk_tagged' : 'contacts.bulk_untagged',
        details: { tagId: tag.id, tag: tag.name },
        event: (accountId, contactId) => ({ kind: 'contact.tagged', accountId, contactId }),
        message: (done, _changed, failed) =>
          `${tagging ? `Tagged ${plural(done)} with ${tag.name}.` : `Removed ${tag.name} from ${plural(done)}.`}${failedSuffix(failed)}`,
      };
    }
    case 'assign': {
      const assigneeId = action.assigneeId;
      if (assigneeId !== null) await requireActiveAssignee(tx, actor.teamId, assigneeId);
      const ability = assignmentAbility(actor.id, assigneeId);
      return {
        async batch(rows) {
          const failed: Failure[] = [];
          const allowed: string[] = [];
          for (const row of rows) {
            // Already as asked: nothing changes, so nothing to refuse (a member "unassigning" a
            // filter that includes unassigned contacts is not told those failed).
            if (row.assignedTo === assigneeId) continue;
            const refusal = assignmentPolicy.check(actor, ability, row);
            if (refusal) failed.push({ contactId: row.id, reason: refusal.message });
            else allowed.push(row.id);
          }
          if (allowed.length > 0)
            await tx
              .update(contacts)
              .set({ assignedTo: assigneeId, updatedAt: new Date() })
              .where(inArray(contacts.id, allowed));
          return { changed: allowed, failed };
        },
        audit: assigneeId ? 'contacts.bulk_assigned' : 'contacts.bulk_unassigned',
        details: { assigneeId },
        event: (accountId, contactId) => ({ kind: 'contact.assigned', accountId, contactId }),
        message: (done, _changed, failed) =>
          assigneeId ? ASSIGN_MSG.bulkAssigned(done, failed) : ASSIGN_MSG.bulkUnassigned(done, failed),
      };
    }
    case 'delete':
      return {
        // Messages, tags and field values go with the contact (foreign keys cascade), as for one.
        async batch(rows) {
          const gone = await tx
            .delete(contacts)
            .where(inArray(contacts.id, ids(rows)))
            .returning({ id: contacts.id });
          return { changed: gone.map((r) => r.id), failed: [] };
        },
        audit: 'contacts.bulk_deleted',
        details: {},
        event: (accountId, contactId) => ({ kind: 'contact.deleted', accountId, contactId }),
        message: (_done, changed, failed) => `Deleted ${plural(changed)}.${failedSuffix(failed)}`,
      };
  }
}
