import { TAG_MSG, type Tag } from '@common/api/tags';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { contacts, contactTags, tags } from '../db/schema';
import { conflict, notFound } from '../lib/http-errors';
import type { PolicyActor } from '../policies/define-policy';
import { tagPolicy } from '../policies/tag';
import type { CommandDeps } from './deps';

type TagActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };

/** The account's tags by name, with how many contacts carry each. */
export async function listTags(db: Executor, actor: TagActor): Promise<Tag[]> {
  const accountId = actor.accountId;
  tagPolicy.authorize(actor, 'view', { accountId });
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
export async function createTag(deps: CommandDeps, actor: TagActor, name: string): Promise<Tag> {
  tagPolicy.authorize(actor, 'create', { accountId: actor.accountId });
  try {
    return await deps.db.transaction(async (tx) => {
      const [tag] = await tx.insert(tags).values({ accountId: actor.accountId, name }).returning();
      await audit(tx, actor, 'tag.created', tag!.id, { name });
      return { id: tag!.id, name: tag!.name, contactCount: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAG_MSG.duplicate, 'tag_exists');
    throw error;
  }
}

export async function renameTag(
  deps: CommandDeps,
  actor: TagActor,
  tagId: string,
  name: string,
): Promise<void> {
  try {
    await deps.events.transaction(async (tx, emit) => {
      const tag = await loadTag(tx, actor.accountId, tagId);
      tagPolicy.authorize(actor, 'rename', tag);
      await tx.update(tags).set({ name }).where(eq(tags.id, tag.id));
      await audit(tx, actor, 'tag.renamed', tag.id, { from: tag.name, to: name });
      emit({ kind: 'contact.tagged', accountId: actor.accountId, contactId: null });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TAG_MSG.duplicate, 'tag_exists');
    throw error;
  }
}

/** Deletes a tag and takes it off every contact (spec §5). */
export async function deleteTag(deps: CommandDeps, actor: TagActor, tagId: string): Promise<void> {
  await deps.events.transaction(async (tx, emit) => {
    const tag = await loadTag(tx, actor.accountId, tagId);
    tagPolicy.authorize(actor, 'delete', tag);
    await tx.delete(contactTags).where(eq(contactTags.tagId, tag.id));
    await tx.delete(tags).where(eq(tags.id, tag.id));
    await audit(tx, actor, 'tag.deleted', tag.id, { name: tag.name });
    emit({ kind: 'contact.tagged', accountId: actor.accountId, contactId: null });
  });
}

/** Puts a tag on contacts of the account; ones that already carry it are skipped. */
export async function tagContacts(deps: CommandDeps, actor: TagActor, tagId: string, contactIds: string[]) {
  const ids = [...new Set(contactIds)];
  return deps.events.transaction(async (tx, emit) => {
    const tag = await loadTag(tx, actor.accountId, tagId);
    tagPolicy.authorize(actor, 'apply', tag);
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
      emit({ kind: 'contact.tagged', accountId: actor.accountId, contactId });
    }
    return { added: added.length, skipped: ids.length - added.length };
  });
}

export async function untagContact(
  deps: CommandDeps,
  actor: TagActor,
  tagId: string,
  contactId: string,
): Promise<void> {
  await deps.events.transaction(async (tx, emit) => {
    const tag = await loadTag(tx, actor.accountId, tagId);
    tagPolicy.authorize(actor, 'apply', tag);
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
    if (rows.length === 0) return;
    await audit(tx, actor, 'contact.untagged', contactId, { tag: tag.name });
    emit({ kind: 'contact.tagged', accountId: actor.accountId, contactId });
  });
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
