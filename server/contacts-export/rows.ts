import { and, asc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { contactFieldValues, contacts, messages, tags, users } from '../db/schema';
import { BOM, csvLines, exportCells, exportHeader } from './csv';

/** Contacts per query: big enough to keep round trips few, small enough to keep memory flat. */
export const EXPORT_BATCH = 2000;

/** The ids of one keyset batch (by id) of the contacts `where` matches: where the batch ends. */
function batchIds(db: Executor, where: SQL, after: string | null, limit: number) {
  return db
    .select({ id: contacts.id })
    .from(contacts)
    .where(after ? and(where, gt(contacts.id, after)) : where)
    .orderBy(asc(contacts.id))
    .limit(limit);
}

/**
 * The contacts of one batch — `where`, with ids in (after, last] — with what the CSV shows: assignee
 * e-mail, message count and field values by field id, each a correlated subquery on its own index
 * (messages by contact_id, contact_field_values by its primary key), so a batch reads only its own
 * contacts' rows, and the tag ids from the contact's own `tag_ids`. (Measured against three `contact_id = any($ids)` queries
 * per batch: the correlated form is about twice as fast.)
 */
export function exportBatchQuery(db: Executor, where: SQL, after: string | null, last: string) {
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
      // The contact's own copy of its tag ids (db/filter-columns.ts): no lookup per contact.
      tagIds: contacts.tagIds,
    })
    .from(contacts)
    .leftJoin(users, eq(users.id, contacts.assignedTo))
    .where(and(where, after ? gt(contacts.id, after) : undefined, lte(contacts.id, last)))
    .orderBy(asc(contacts.id));
}

const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase()) || a.localeCompare(b);

/** The tag names of a contact, A→Z, joined by ', '. */
function tagList(ids: string[] | null, names: Map<string, string>): string | null {
  if (!ids || ids.length === 0) return null;
  return ids
    .flatMap((id) => names.get(id) ?? [])
    .sort(byName)
    .join(', ');
}

export type ExportFields = { id: string; key: string }[];
/** Batches whose details are being read while the client takes the earlier ones. */
const AHEAD = 3;

/**
 * The CSV as text chunks: the BOM and header, then one chunk per batch, in id order. Where each batch
 * ends is found one after the other (keyset on id, index only), and up to AHEAD batches are read at
 * once (on PostgreSQL each on its own pooled connection) while earlier ones are written out. Nothing more is asked once `signal` aborts (the client
 * went away) or the consumer stops reading (the generator is returned).
 */
export async function* exportChunks(
  db: Executor,
  accountId: string,
  where: SQL,
  fields: ExportFields,
  signal?: AbortSignal,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<string> {
  const fieldIds = fields.map((f) => f.id);
  const tagRows = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(eq(tags.accountId, accountId));
  const tagNames = new Map(tagRows.map((t) => [t.id, t.name]));
  yield BOM + csvLines([exportHeader(fields.map((f) => f.key))]);

  const pending: Promise<string>[] = [];
  let after: string | null = null;
  let more = true;
  while (!signal?.aborted) {
    while (more && pending.length < AHEAD && !signal?.aborted) {
      const ids = await batchIds(db, where, after, batchSize);
      more = ids.length === batchSize;
      if (ids.length === 0) break;
      const from = after;
      after = ids.at(-1)!.id;
      const chunk = exportBatchQuery(db, where, from, after).then((rows) =>
        csvLines(rows.map((c) => exportCells({ ...c, tags: tagList(c.tagIds, tagNames) }, fieldIds))),
      );
      // One left behind by an abort must not surface as an unhandled rejection.
      chunk.catch(() => {});
      pending.push(chunk);
    }
    const next = pending.shift();
    if (!next) return;
    yield await next;
  }
}
