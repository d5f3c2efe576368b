import type { ContactField, ContactFieldType, ContactFieldValues } from '@common/api/contact-fields';
import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { contactFields, contactFieldValues } from '../db/schema';

/** The custom field values of these contacts by key, in one query (the contact detail carries them). */
export async function loadFieldValues(
  db: Executor,
  contactIds: string[],
): Promise<Map<string, ContactFieldValues>> {
  const result = new Map<string, ContactFieldValues>();
  if (contactIds.length === 0) return result;
  const rows = await db
    .select({
      contactId: contactFieldValues.contactId,
      key: contactFields.key,
      value: contactFieldValues.value,
    })
    .from(contactFieldValues)
    .innerJoin(contactFields, eq(contactFields.id, contactFieldValues.fieldId))
    .where(inArray(contactFieldValues.contactId, contactIds));
  for (const row of rows) {
    const values = result.get(row.contactId) ?? {};
    values[row.key] = row.value;
    result.set(row.contactId, values);
  }
  return result;
}

type FieldRow = typeof contactFields.$inferSelect;

/** A field definition as the API answers it. */
export function presentField(row: FieldRow): ContactField {
  return {
    id: row.id,
    key: row.key,
    label: row.label,
    type: row.type as ContactFieldType,
    options: row.options,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
