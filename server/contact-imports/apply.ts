import type { ImportExisting } from '@common/api/contact-imports';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { deferFilterColumns, refreshFilterColumns } from '../db/filter-columns';
import {
  contactFields,
  contactFieldValues,
  contactImportFailures,
  contacts,
  contactTags,
  tags,
} from '../db/schema';
import type { FailedRow, GoodRow } from './rows';

export type BatchTarget = {
  importId: string;
  accountId: string;
  existing: ImportExisting;
  tagId: string | null;
};
export type BatchCounts = { created: number; updated: number; skipped: number; failed: number };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const param = <T>(values: T[]) => sql.param(values);

/**
 * Applies one batch of evaluated rows with set-based statements (a fixed number whatever the batch's
 * size): new contacts inserted, existing ones handled by the `existing` policy, field values, tags
 * (their ids from `resolveTags`, run first) and the import's tag, and the failed rows recorded. Runs
 * inside the caller's transaction, which also moves the checkpoint, so a batch is applied entirely or
 * not at all.
 * Rows are unique by number within a batch (the in-file dedupe guarantees it).
 *
 * The contacts' filter columns (db/filter-columns.ts) are written once per contact, not once per
 * statement: new contacts are inserted with them already filled (the same SQL the triggers use, from
 * the batch's own values and tags), the triggers are deferred, and the existing contacts the batch
 * changed are refreshed at the end.
 */
export async function applyBatch(
  tx: Executor,
  target: BatchTarget,
  batch: { good: GoodRow[]; failed: FailedRow[]; tagIdOf: Map<string, string> },
): Promise<BatchCounts> {
  const { good, failed, tagIdOf } = batch;
  const counts: BatchCounts = { created: 0, updated: 0, skipped: 0, failed: failed.length };
  if (failed.length > 0)
    await tx.execute(sql`
      insert into ${contactImportFailures} (import_id, line, reason, raw)
      select ${target.importId}::uuid, line, reason, raw::jsonb
      from unnest(${param(failed.map((f) => f.line))}::int[], ${param(failed.map((f) => f.reason))}::text[],
        ${param(failed.map((f) => JSON.stringify(f.raw)))}::text[]) as f(line, reason, raw)
      on conflict do nothing`);
  if (good.length === 0) return counts;

  await deferFilterColumns(tx);
  const created = await insertNewContacts(tx, target, good, tagIdOf);
  counts.created = created.length;
  const contactOf = new Map(created.map((c) => [c.wa_id, c.id]));
  const existingRows = good.filter((r) => !contactOf.has(r.waId));
  if (existingRows.length > 0 && target.existing === 'skip') counts.skipped = existingRows.length;
  else if (existingRows.length > 0) {
    const overwrite = target.existing === 'overwrite';
    // update_empty: the name only when the contact has none at all (typed or from WhatsApp).
    const updated = rowsOf<{ id: string; wa_id: string }>(
      await tx.execute(sql`
        update ${contacts} c set
          custom_name = case
            when i.name = '' then c.custom_name
            when ${overwrite}::boolean or (coalesce(c.custom_name, '') = '' and c.profile_name = '') then i.name
            else c.custom_name end,
          consent = case when i.consent is not null and (${overwrite}::boolean or c.consent = 'unknown')
            then i.consent else c.consent end,
          consent_changed_at = case when i.consent is not null and (${overwrite}::boolean or c.consent = 'unknown')
            and i.consent <> c.consent then now() else c.consent_changed_at end,
          consent_source = case when i.consent is not null and (${overwrite}::boolean or c.consent = 'unknown')
            and i.consent <> c.consent then 'import' else c.consent_source end,
          updated_at = now()
        from unnest(${param(existingRows.map((r) => r.waId))}::text[], ${param(existingRows.map((r) => r.name))}::text[],
          ${param(existingRows.map((r) => r.consent))}::text[])
          as i(wa_id, name, consent)
        where c.account_id = ${target.accountId}::uuid and c.wa_id = i.wa_id
        returning c.id, c.wa_id`),
    );
    counts.updated = updated.length;
    for (const u of updated) contactOf.set(u.wa_id, u.id);
  }
  // New contacts got their values and tags with their rows. Skipped contacts are not in contactOf:
  // nothing of theirs changes, not even the import's tag.
  const changed = existingRows.filter((r) => contactOf.has(r.waId));
  await applyValues(tx, target, changed, contactOf);
  await applyTags(tx, changed, contactOf, tagIdOf, target.tagId);
  await refreshFilterColumns(
    tx,
    changed.map((r) => contactOf.get(r.waId)!),
  );
  return counts;
}

/**
 * Inserts the batch's new contacts with their field values and tags in one statement, each contact's
 * filter columns filled on insert (the same SQL the triggers use). Tags and fields travel once per
 * batch as id lists, and each row names them by position, so a batch's parameters stay small.
 * Returns the contacts created (a number the account already has is left to the caller).
 */
async function insertNewContacts(
  tx: Executor,
  target: BatchTarget,
  rows: GoodRow[],
  tagIdOf: Map<string, string>,
): Promise<{ id: string; wa_id: string }[]> {
  const tagList: string[] = [];
  const fieldList: string[] = [];
  /** An id's 1-based position in its list, added at the end when new. */
  const position = (list: string[], id: string) => {
    const at = list.indexOf(id);
    return at < 0 ? list.push(id) : at + 1;
  };
  const tagPositions = rows.map((r) => {
    const ids = new Set(r.tags.flatMap((t) => tagIdOf.get(t.toLowerCase()) ?? []));
    if (target.tagId) ids.add(target.tagId);
    return `{${[...ids].map((id) => position(tagList, id)).join(',')}}`;
  });
  const valueLists = rows.map((r) => {
    const values: (string | null)[] = [];
    for (const v of r.values) values[position(fieldList, v.fieldId) - 1] = v.value;
    return JSON.stringify(Array.from(values, (v) => v ?? null));
  });
  return rowsOf<{ id: string; wa_id: string }>(
    await tx.execute(sql`
      with i as (
        select * from unnest(${param(rows.map((r) => r.waId))}::text[], ${param(rows.map((r) => r.name))}::text[],
          ${param(rows.map((r) => r.consent))}::text[], ${param(tagPositions)}::text[], ${param(valueLists)}::text[])
          as i(wa_id, name, consent, tag_positions, vals)
      ),
      fields as (
        select f.id, f.type, l.k from unnest(${param(fieldList)}::uuid[]) with ordinality as l(id, k)
        join ${contactFields} f on f.id = l.id
      ),
      ins as (
        insert into ${contacts} (account_id, wa_id, phone, custom_name, consent, consent_changed_at, consent_source,
          tag_ids, field_values)
        select ${target.accountId}::uuid, wa_id, wa_id, nullif(name, ''), coalesce(consent, 'unknown'),
          case when consent is null then null else now() end, case when consent is null then null else 'import' end,
          array(select distinct (${param(tagList)}::uuid[])[p] from unnest(tag_positions::int[]) p order by 1),
          coalesce((select jsonb_object_agg(f.id::text, contact_field_json(f.type, v.value))
            from jsonb_array_elements_text(vals::jsonb) with ordinality as v(value, k)
            join fields f on f.k = v.k where v.value is not null), '{}'::jsonb)
        from i
        on conflict (account_id, wa_id) do nothing
        returning id, wa_id, tag_ids
      ),
      tagged as (
        insert into ${contactTags} (contact_id, tag_id)
        select ins.id, t from ins, unnest(ins.tag_ids) as t
      ),
      valued as (
        insert into ${contactFieldValues} (contact_id, field_id, value)
        select ins.id, f.id, v.value
        from ins join i on i.wa_id = ins.wa_id,
          jsonb_array_elements_text(i.vals::jsonb) with ordinality as v(value, k)
          join fields f on f.k = v.k
        where v.value is not null
      )
      select id, wa_id from ins`),
  );
}

async function applyValues(
  tx: Executor,
  target: BatchTarget,
  rows: GoodRow[],
  contactOf: Map<string, string>,
) {
  const values = rows.flatMap((r) => r.values.map((v) => ({ contactId: contactOf.get(r.waId)!, ...v })));
  if (values.length === 0) return;
  const onConflict =
    target.existing === 'overwrite'
      ? sql`do update set value = excluded.value, updated_at = now()`
      : sql`do nothing`;
  // A field deleted while the import runs loses its values, as it would have had it gone first.
  await tx.execute(sql`
    insert into ${contactFieldValues} (contact_id, field_id, value)
    select v.* from unnest(${param(values.map((v) => v.contactId))}::uuid[], ${param(values.map((v) => v.fieldId))}::uuid[],
      ${param(values.map((v) => v.value))}::text[]) as v(contact_id, field_id, value)
    where exists (select from ${contactFields} f where f.id = v.field_id)
    on conflict (contact_id, field_id) ${onConflict}`);
}

/**
 * The batch's tag names (case-insensitively) → tag ids, creating the ones the account lacks. Runs
 * before the batch's transaction and commits on its own, so two batches being written at once never
 * wait on each other's new tags (a crash may leave a created tag that no contact carries yet).
 */
export async function resolveTags(
  db: Executor,
  target: BatchTarget,
  rows: GoodRow[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const r of rows)
    for (const t of r.tags) if (!names.has(t.toLowerCase())) names.set(t.toLowerCase(), t);
  const tagIdOf = new Map<string, string>();
  if (names.size === 0) return tagIdOf;
  await db.execute(sql`
    insert into ${tags} (account_id, name)
    select ${target.accountId}::uuid, name from unnest(${param([...names.values()])}::text[]) as t(name)
    on conflict do nothing`);
  const found = rowsOf<{ id: string; lname: string }>(
    await db.execute(sql`
      select id, lower(name) as lname from ${tags}
      where account_id = ${target.accountId}::uuid and lower(name) = any(${param([...names.keys()])}::text[])`),
  );
  for (const t of found) tagIdOf.set(t.lname, t.id);
  return tagIdOf;
}

async function applyTags(
  tx: Executor,
  rows: GoodRow[],
  contactOf: Map<string, string>,
  tagIdOf: Map<string, string>,
  importTagId: string | null,
) {
  const pairs: { contactId: string; tagId: string }[] = [];
  for (const r of rows) {
    const contactId = contactOf.get(r.waId)!;
    for (const t of r.tags) {
      const tagId = tagIdOf.get(t.toLowerCase());
      if (tagId) pairs.push({ contactId, tagId });
    }
    if (importTagId) pairs.push({ contactId, tagId: importTagId });
  }
  if (pairs.length === 0) return;
  await tx.execute(sql`
    insert into ${contactTags} (contact_id, tag_id)
    select * from unnest(${param(pairs.map((p) => p.contactId))}::uuid[], ${param(pairs.map((p) => p.tagId))}::uuid[])
    on conflict do nothing`);
}
