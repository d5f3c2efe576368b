import { TAG_MSG, type Tag } from '@common/api/tags';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Database, Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { contacts, contactTags, tags } from '../db/schema';
import { type InboxChange, publishChanges } from '../inbound/inbox-changes';
import { conflict, notFound } from '../lib/http-errors';

type TagActor = { id: string; teamId: string; accountId: string };

/** The account's tags by name, with how many contacts carry each. */
export async function listTags(db: Executor, accountId: string): Promise<Tag[]> {
  const rows = await db
    .select({ id: tags.id, name: tags.name, contactCount: count(contactTags.contactId) })
    .from(tags)
    .leftJoin(contactTags, eq(contactTags.tagId, tags.id))
    .where(eq(tags.accountId, accountId))
    .groupBy(tags.id)
    .orderBy(asc(sql`lower(${tags.name})`));
  return rows.map((r) => ({ id: r.id, name: r.name, contactCount: Number(r.contactCount) }));
}

async function loadTag(db: Executor, accountId: string, tagId: string) {
  const [tag] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.accountId, accountId)))
    .limit(1);
  if (!tag) throw notFound(TAG_MSG.notFound);
  return tag;
}

/** Creates a tag; the same name in another letter case is the same tag (409). */
export async function createTag(db: Database, actor: TagActor, name: string): Promise<Tag> {
  try {
    return await db.transaction(async (tx) => {
      const [tag] = await tx.insert(tags).values({ accountId: actor.accountId, name }).returning();
      await audit(tx, actor, 'tag.created', tag!.id, { name });
      return { id: tag!.id, name: tag!.name, contactCount: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAG_MSG.duplicate, 'tag_exists');
    throw error;
  }
}

export async function renameTag(db: Database, actor: TagActor, tagId: string, name: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const tag = await loadTag(tx, actor.accountId, tagId);
      await tx.update(tags).set({ name }).where(eq(tags.id, tag.id));
      await audit(tx, actor, 'tag.renamed', tag.id, { from: tag.name, to: name });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAG_MSG.duplicate, 'tag_exists');
    throw error;
  }
  publishChanges([{ kind: 'contact.tagged', accountId: actor.accountId, contactId: null }]);
}

/** Deletes a tag and takes it off every contact (spec §5). */
export async function deleteTag(db: Database, actor: TagActor, tagId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const tag = await loadTag(tx, actor.accountId, tagId);
    await tx.delete(contactTags).where(eq(contactTags.tagId, tag.id));
    await tx.delete(tags).where(eq(tags.id, tag.id));
    await audit(tx, actor, 'tag.deleted', tag.id, { name: tag.name });
  });
  publishChanges([{ kind: 'contact.tagged', accountId: actor.accountId, contactId: null }]);
}

/** Puts a tag on contacts of the account; ones that already carry it are skipped. */
export async function tagContacts(db: Database, actor: TagActor, tagId: string, contactIds: string[]) {
  const ids = [...new Set(contactIds)];
  const changes: InboxChange[] = [];
  const result = await db.transaction(async (tx) => {
    const tag = await loadTag(tx, actor.accountId, tagId);
    const owned = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.accountId, actor.accountId), inArray(contacts.id, ids)));
    if (owned.length === 0) return { added: 0, skipped: ids.length };
    const added = await tx
      .insert(contactTags)
      .values(owned.map((c) => ({ contactId: c.id, tagId: tag.id })))
      .onConflictDoNothing()
      .returning({ contactId: contactTags.contactId });
    for (const { contactId } of added) {
      await audit(tx, actor, 'contact.tagged', contactId, { tag: tag.name });
      changes.push({ kind: 'contact.tagged', accountId: actor.accountId, contactId });
    }
    return { added: added.length, skipped: ids.length - added.length };
  });
  publishChanges(changes);
  return result;
}

export async function untagContact(
  db: Database,
  actor: TagActor,
  tagId: string,
  contactId: string,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const tag = await loadTag(tx, actor.accountId, tagId);
    const rows = await tx
      .delete(contactTags)
      .where(
        and(
          eq(contactTags.tagId, tag.id),
          eq(contactTags.contactId, contactId),
          // Only contacts of the caller's account.
          inArray(
            contactTags.contactId,
            tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.accountId, actor.accountId)),
          ),
        ),
      )
      .returning({ contactId: contactTags.contactId });
    if (rows.length > 0) await audit(tx, actor, 'contact.untagged', contactId, { tag: tag.name });
    return rows.length > 0;
  });
  if (removed) publishChanges([{ kind: 'contact.tagged', accountId: actor.accountId, contactId }]);
}

function audit(
  tx: Executor,
  actor: TagActor,
  action: string,
  subjectId: string,
  details: Record<string, unknown>,
) {
  return recordAudit(tx, {
    actorId: actor.id,
    teamId: actor.teamId,
    action,
    subjectType: action.startsWith('tag.') ? 'tag' : 'contact',
    subjectId,
    details,
  });
}
