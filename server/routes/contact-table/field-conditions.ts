import { type ContactFieldType, normalizeFieldValue } from '@common/api/contact-fields';
import { FIELD_OP_LABELS, FIELD_OPS_BY_TYPE, type FieldCondition } from '@common/api/contact-filter';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contactFields, contactFieldValues, contacts } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';

/**
 * Custom-field conditions of the contacts filter (`conditions`): each one an `exists` (or `not
 * exists`, for `empty`) over `contact_field_values`, which the primary key (contact_id, field_id)
 * answers per contact and the (field_id, value) index answers per field. The field's type — loaded
 * once per request — decides how the value compares: text-like case-insensitively, numbers as
 * numeric, dates as their yyyy-mm-dd text (which orders like the dates).
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

const NUMBER_TEXT = '^[-+]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][-+]?[0-9]+)?$';
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

/** The comparison on `v.value` a condition makes (its op already suits the field's type). */
function valueTest(op: FieldCondition['op'], type: ContactFieldType, value: string): SQL {
  const v = contactFieldValues.value;
  if (type === 'number') {
    // Stored values are numbers already; the guard keeps a stray one from failing the whole query.
    const n = sql`(case when ${v} ~ ${NUMBER_TEXT} then ${v}::numeric end)`;
    const cmp = op === 'gt' ? sql`>` : op === 'lt' ? sql`<` : sql`=`;
    return sql`${n} ${cmp} ${value}::numeric`;
  }
  if (type === 'date') {
    const cmp = op === 'before' ? sql`<` : op === 'after' ? sql`>=` : sql`=`;
    return sql`${v} ${cmp} ${value}`;
  }
  if (op === 'contains') return sql`lower(${v}) like ${containsPattern(value)}`;
  return TEXT_LIKE.has(type) ? sql`lower(${v}) = ${value.toLowerCase()}` : sql`${v} = ${value}`;
}

/** One condition as SQL over `contacts`. */
function conditionSql(c: FieldCondition, field: FieldDef, value: string): SQL {
  const base = sql`${contactFieldValues.contactId} = ${contacts.id} and ${contactFieldValues.fieldId} = ${field.id}::uuid`;
  if (c.op === 'empty') return sql`not exists (select 1 from ${contactFieldValues} where ${base})`;
  if (c.op === 'not_empty') return sql`exists (select 1 from ${contactFieldValues} where ${base})`;
  return sql`exists (select 1 from ${contactFieldValues} where ${base} and ${valueTest(c.op, field.type, value)})`;
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
