import { type ContactFieldType, normalizeFieldValue } from '@common/api/contact-fields';
import { FIELD_OP_LABELS, FIELD_OPS_BY_TYPE, type FieldCondition } from '@common/api/contact-filter';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contactFields, contacts } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';

/**
 * Custom-field conditions of the contacts filter (`conditions`), tested on the contact's own row:
 * `contacts.field_values` (field id → value, kept equal to contact_field_values by the triggers of
 * migration contact_filter_columns). Equality is a jsonb containment the GIN index answers, so a
 * filter ANDs index bitmaps instead of probing another table per contact; ranges, `contains` and
 * emptiness are checked on the rows the other conditions leave. The field's type — loaded once per
 * request — decides how the value compares: text-like case-insensitively (stored lower-cased),
 * numbers as numeric (stored as JSON numbers), dates as their yyyy-mm-dd text.
 */

export type FieldDef = { id: string; key: string; label: string; type: ContactFieldType; options: string[] };
/** The account's fields a filter names, by id. */
export type FieldDefs = ReadonlyMap<string, FieldDef>;
export const NO_FIELDS: FieldDefs = new Map();

/**
 * How to treat a condition on a field that is not there: `reject` answers 400 (a filter someone is
 * typing); `never` makes the condition false (a segment saved before its field was deleted keeps
 * counting, and matches nobody through that condition, rather than more contacts than it was meant to).
 */
export type MissingField = 'reject' | 'never';

/** The account's fields the conditions name (one query; none when there are no conditions). */
export async function loadFieldDefs(
  db: Executor,
  accountId: string,
  conditions: FieldCondition[],
): Promise<FieldDefs> {
  if (conditions.length === 0) return NO_FIELDS;
  const ids = [...new Set(conditions.map((c) => c.fieldId))];
  const rows = await db
    .select({
      id: contactFields.id,
      key: contactFields.key,
      label: contactFields.label,
      type: contactFields.type,
      options: contactFields.options,
    })
    .from(contactFields)
    .where(and(eq(contactFields.accountId, accountId), inArray(contactFields.id, ids)));
  return new Map(rows.map((r) => [r.id, { ...r, type: r.type as ContactFieldType }]));
}

const TEXT_LIKE = new Set<ContactFieldType>(['text', 'url', 'email', 'select']);

/** A LIKE pattern matching `text` anywhere, its own % _ and \ taken literally. */
const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Checks one condition against its field: the comparison value (normalised like a stored value), or a
 * 400 naming what is wrong. `never` for a missing field under `MissingField = 'never'`.
 */
function checkCondition(
  c: FieldCondition,
  field: FieldDef | undefined,
  missing: MissingField,
): { field: FieldDef; value: string } | 'never' {
  if (!field) {
    if (missing === 'never') return 'never';
    throw badRequest('A condition names a custom field that does not exist', 'unknown_field', 'conditions');
  }
  const ops: readonly string[] = FIELD_OPS_BY_TYPE[field.type];
  if (!ops.includes(c.op))
    throw badRequest(
      `${field.label}: "${FIELD_OP_LABELS[c.op]}" does not apply to a ${field.type} field`,
      'validation_failed',
      'conditions',
    );
  if (c.op === 'empty' || c.op === 'not_empty') return { field, value: '' };
  const raw = (c.value ?? '').trim();
  if (field.type === 'number' || field.type === 'date') {
    const checked = normalizeFieldValue({ ...field, options: [] }, raw);
    if (!checked.ok) throw badRequest(checked.message, 'validation_failed', 'conditions');
    return { field, value: checked.value };
  }
  return { field, value: raw };
}

/** One condition as SQL over the contact's `field_values`. */
function conditionSql(c: FieldCondition, field: FieldDef, value: string): SQL {
  const values = contacts.fieldValues;
  const key = sql`${field.id}::text`;
  // The object is built once (a scalar subquery), not again for each row the GIN bitmap rechecks.
  const contains = (v: SQL) => sql`${values} @> (select jsonb_build_object(${key}, ${v}))`;
  if (c.op === 'empty') return sql`(${values} -> ${key}) is null`;
  if (c.op === 'not_empty') return sql`(${values} -> ${key}) is not null`;
  if (field.type === 'number') {
    // A stored number is a JSON number; anything else (never written by the app) matches nothing.
    if (c.op === 'equals') return contains(sql`${value}::numeric`);
    const n = sql`(case when jsonb_typeof(${values} -> ${key}) = 'number' then (${values} ->> ${key})::numeric end)`;
    return sql`${n} ${c.op === 'gt' ? sql`>` : sql`<`} ${value}::numeric`;
  }
  if (field.type === 'date') {
    if (c.op === 'equals') return contains(sql`${value}::text`);
    return sql`(${values} ->> ${key}) ${c.op === 'before' ? sql`<` : sql`>=`} ${value}::text`;
  }
  if (c.op === 'contains') return sql`(${values} ->> ${key}) like ${containsPattern(value)}`;
  const text = TEXT_LIKE.has(field.type) ? sql`lower(${value}::text)` : sql`${value}::text`;
  return contains(text);
}

/** Every condition, all must hold; undefined when there are none. Throws 400 for a condition that cannot be. */
export function fieldConditionsSql(
  conditions: FieldCondition[],
  fields: FieldDefs,
  missing: MissingField = 'reject',
): SQL | undefined {
  if (conditions.length === 0) return undefined;
  const parts = conditions.map((c) => {
    const checked = checkCondition(c, fields.get(c.fieldId), missing);
    return checked === 'never' ? sql`false` : conditionSql(c, checked.field, checked.value);
  });
  return and(...parts);
}
