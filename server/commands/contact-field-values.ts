import {
  type ContactFieldType,
  type ContactFieldValues,
  normalizeFieldValue,
  type SetContactFieldValuesInput,
} from '@common/api/contact-fields';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { contactFields, contactFieldValues, contacts } from '../db/schema';
import { badRequest } from '../lib/http-errors';
import { contactFieldPolicy } from '../policies/contact-field';
import type { PolicyActor } from '../policies/define-policy';
import { loadFieldValues } from '../presenters/contact-fields';
import { loadContact } from './contact-panel';
import type { CommandDeps } from './deps';

type FieldActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };

/**
 * Sets and clears a contact's values (a partial map key → value; null clears). Every teammate may.
 * Each value is checked against its field's type; an unknown key or a bad value is a 400 naming it,
 * and nothing is written unless every entry is valid. Answers the contact's values after the change.
 */
export async function setContactFieldValues(
  deps: CommandDeps,
  actor: FieldActor,
  contactId: string,
  input: SetContactFieldValuesInput,
): Promise<ContactFieldValues> {
  return deps.events.transaction(async (tx, emit) => {
    const contact = await loadContact(tx, actor.accountId, contactId);
    contactFieldPolicy.authorize(actor, 'setValues', contact);
    const keys = Object.keys(input);
    const fields = keys.length
      ? await tx
          .select()
          .from(contactFields)
          .where(and(eq(contactFields.accountId, actor.accountId), inArray(contactFields.key, keys)))
      : [];
    const byKey = new Map(fields.map((f) => [f.key, f]));
    const unknown = keys.filter((k) => !byKey.has(k));
    if (unknown.length) throw badRequest(`Unknown field: ${unknown.join(', ')}`, 'unknown_field', unknown[0]);

    const upserts: { fieldId: string; value: string }[] = [];
    const clears: string[] = [];
    for (const key of keys) {
      const field = byKey.get(key)!;
      const raw = input[key];
      if (raw === null || raw === undefined) {
        clears.push(field.id);
        continue;
      }
      const checked = normalizeFieldValue({ ...field, type: field.type as ContactFieldType }, raw);
      if (!checked.ok) throw badRequest(checked.message, 'invalid_field_value', key);
      upserts.push({ fieldId: field.id, value: checked.value });
    }

    if (clears.length)
      await tx
        .delete(contactFieldValues)
        .where(
          and(eq(contactFieldValues.contactId, contact.id), inArray(contactFieldValues.fieldId, clears)),
        );
    if (upserts.length)
      await tx
        .insert(contactFieldValues)
        .values(upserts.map((u) => ({ contactId: contact.id, ...u })))
        .onConflictDoUpdate({
          target: [contactFieldValues.contactId, contactFieldValues.fieldId],
          set: { value: sql`excluded.value`, updatedAt: new Date() },
        });
    if (keys.length) {
      // The contact's row is newer, so open panels (theirs and every teammate's) re-read its values.
      await tx.update(contacts).set({ updatedAt: new Date() }).where(eq(contacts.id, contact.id));
      await recordAudit(tx, {
        actorId: actor.id,
        teamId: actor.teamId,
        action: 'contact.fields_set',
        subjectType: 'contact',
        subjectId: contact.id,
        details: { keys },
      });
      emit({ kind: 'contact.updated', accountId: actor.accountId, contactId: contact.id });
    }
    return (await loadFieldValues(tx, [contact.id])).get(contact.id) ?? {};
  });
}
