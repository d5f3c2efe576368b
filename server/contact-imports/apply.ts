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
 * (unknown names created) and the import's tag, and the failed rows recorded. Runs inside the
 * caller's transaction, which also moves the checkpoint, so a batch is applied entirely or not at all.
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
  good: GoodRow[],
  failed: FailedRow[],
): Promise<BatchCounts> {
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
  const tagIdOf = await resolveTags(tx, target, good);
  const rowTagIds = (r: GoodRow) => {
    const ids = new Set(r.tags.flatMap((t) => tagIdOf.get(t.toLowerCase()) ?? []));
    if (target.tagId) ids.add(target.tagId);
    return JSON.stringify([...ids]);
  };
  const rowValues = (r: GoodRow) =>
    JSON.stringify(Object.fromEntries(r.values.map((v) => [v.fieldId, v.value])));
  const created = rowsOf<{ id: string; wa_id: string }>(
    await tx.execute(sql`
      insert into ${contacts} (account_id, wa_id, phone, custom_name, consent, consent_changed_at, consent_source,
        tag_ids, field_values)
      select ${target.accountId}::uuid, wa_id, wa_id, nullif(name, ''), coalesce(consent, 'unknown'),
        case when consent is null then null else now() end, case when consent is null then null else 'import' end,
        array(select distinct t::uuid from jsonb_array_elements_text(tag_ids::jsonb) t order by 1),
        coalesce((select jsonb_object_agg(e.key, contact_field_json(f.type, e.value))
          from jsonb_each_text(field_values::jsonb) e join ${contactFields} f on f.id = e.key::uuid), '{}'::jsonb)
      from unnest(${param(good.map((r) => r.waId))}::text[], ${param(good.map((r) => r.name))}::text[],
        ${param(good.map((r) => r.consent))}::text[], ${param(good.map(rowTagIds))}::text[],
        ${param(good.map(rowValues))}::text[]) as i(wa_id, name, consent, tag_ids, field_values)
      on conflict (account_id, wa_id) do nothing
      returning id, wa_id`),
  );
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
  // Skipped contacts are not in contactOf: nothing of theirs changes, not even the import's tag.
  const applied = good.filter((r) => contactOf.has(r.waId));
  await applyValues(tx, target, applied, contactOf);
  await applyTags(tx, applied, contactOf, tagIdOf, target.tagId);
  const createdIds = new Set(created.map((c) => c.id));
  await refreshFilterColumns(
    tx,
    applied.map((r) => contactOf.get(r.waId)!).filter((id) => !createdIds.has(id)),
  );
  return counts;
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
  await tx.execute(sql`
    insert into ${contactFieldValues} (contact_id, field_id, value)
    select * from unnest(${param(values.map((v) => v.contactId))}::uuid[], ${param(values.map((v) => v.fieldId))}::uuid[],
      ${param(values.map((v) => v.value))}::text[])
    on conflict (contact_id, field_id) ${onConflict}`);
}

/** The batch's tag names (case-insensitively) → tag ids, creating the ones the account lacks. */
async function resolveTags(tx: Executor, target: BatchTarget, rows: GoodRow[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const r of rows)
    for (const t of r.tags) if (!names.has(t.toLowerCase())) names.set(t.toLowerCase(), t);
  const tagIdOf = new Map<string, string>();
  if (names.size === 0) return tagIdOf;
  await tx.execute(sql`
    insert into ${tags} (account_id, name)
    select ${target.accountId}::uuid, name from unnest(${param([...names.values()])}::text[]) as t(name)
    on conflict do nothing`);
  const found = rowsOf<{ id: string; lname: string }>(
    await tx.execute(sql`
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
