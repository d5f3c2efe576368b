import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

type Row<T> = { id: string; have: T; want: T };
const rowsOf = <T>(result: unknown) => (result as { rows: Row<T>[] }).rows;

/**
 * The account's contacts whose filter columns (contacts.tag_ids, contacts.field_values) differ from
 * what contact_tags and contact_field_values say — recomputed here independently of the triggers.
 */
export async function filterColumnDrift(db: Database, accountId: string) {
  const tags = rowsOf<string[]>(
    await db.execute(sql`
      select c.id, c.tag_ids as have,
        coalesce((select array_agg(t.tag_id order by t.tag_id) from contact_tags t where t.contact_id = c.id), '{}') as want
      from contacts c where c.account_id = ${accountId}`),
  );
  const values = rowsOf<object>(
    await db.execute(sql`
      select c.id, c.field_values as have,
        coalesce((select jsonb_object_agg(v.field_id::text,
          case when f.type = 'number' then to_jsonb(v.value::numeric)
               when f.type = 'date' then to_jsonb(v.value) else to_jsonb(lower(v.value)) end)
          from contact_field_values v join contact_fields f on f.id = v.field_id
          where v.contact_id = c.id), '{}'::jsonb) as want
      from contacts c where c.account_id = ${accountId}`),
  );
  return {
    tags: tags.filter((r) => [...r.have].join() !== [...r.want].join()).map((r) => r.id),
    values: values.filter((r) => JSON.stringify(r.have) !== JSON.stringify(r.want)).map((r) => r.id),
  };
}
