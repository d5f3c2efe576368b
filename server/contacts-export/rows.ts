import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { contactFieldValues, contacts, contactTags, messages, tags, users } from '../db/schema';
import { BOM, csvLines, type ExportContact, exportCells, exportHeader } from './csv';

/** Contacts per query: big enough to keep round trips few, small enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

/**
 * One keyset batch (by id) of the contacts `where` matches, with what the CSV shows: assignee e-mail,
 * message count, field values by field id and tag names, each a correlated subquery on its own index
 * (contact_tags and contact_field_values by their primary key, messages by contact_id), so a batch
 * reads only its own contacts' rows.
 */
export function exportBatchQuery(db: Executor, where: SQL, after: string | null, limit = EXPORT_BATCH) {
  return db
    .select({
      id: contacts.id,
      customName: contacts.customName,
      profileName: contacts.profileName,
      phone: contacts.phone,
      assignee: users.email,
      consent: contacts.consent,
      createdAt: contacts.createdAt,
      lastMessageAt: contacts.lastMessageAt,
      archivedAt: contacts.archivedAt,
      messageCount: sql<number>`(select count(*)::int from ${messages} where ${messages.contactId} = ${contacts.id})`,
      fields: sql<Record<
        string,
        string
      > | null>`(select jsonb_object_agg(${contactFieldValues.fieldId}, ${contactFieldValues.value}) from ${contactFieldValues} where ${contactFieldValues.contactId} = ${contacts.id})`,
      tags: sql<
        string | null
      >`(select string_agg(${tags.name}, ', ' order by lower(${tags.name}), ${tags.name}) from ${contactTags} join ${tags} on ${tags.id} = ${contactTags.tagId} where ${contactTags.contactId} = ${contacts.id})`,
    })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.assignedTo))
    .where(after ? and(where, gt(contacts.id, after)) : where)
    .orderBy(asc(contacts.id))
    .limit(limit);
}

export type ExportFields = { id: string; key: string }[];

/**
 * The CSV as text chunks: the BOM and header, then one chunk per batch. The next batch is asked for
 * while the current one is written out, and nothing more is asked once `signal` aborts (the client
 * went away) or the consumer stops reading (the generator is returned).
 */
export async function* exportChunks(
  db: Executor,
  where: SQL,
  fields: ExportFields,
  signal?: AbortSignal,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<string> {
  const fieldIds = fields.map((f) => f.id);
  yield BOM + csvLines([exportHeader(fields.map((f) => f.key))]);
  let next: Promise<ExportContact[]> | null = Promise.resolve(exportBatchQuery(db, where, null, batchSize));
  while (next && !signal?.aborted) {
    const rows: ExportContact[] = await next;
    next =
      rows.length === batchSize && !signal?.aborted
        ? Promise.resolve(exportBatchQuery(db, where, rows.at(-1)!.id, batchSize))
        : null;
    // A prefetch left behind by an abort must not surface as an unhandled rejection.
    next?.catch(() => {});
    if (rows.length > 0) yield csvLines(rows.map((row) => exportCells(row, fieldIds)));
  }
}
