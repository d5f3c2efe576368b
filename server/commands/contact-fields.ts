import {
  CONTACT_FIELD_MSG,
  type ContactField,
  type CreateContactFieldInput,
  fieldKeyFromLabel,
  MAX_CONTACT_FIELDS,
  type UpdateContactFieldInput,
} from '@common/api/contact-fields';
import { and, asc, count, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { contactFields, contactFieldValues } from '../db/schema';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { contactFieldPolicy } from '../policies/contact-field';
import type { PolicyActor } from '../policies/define-policy';
import { presentField } from '../presenters/contact-fields';
import type { CommandDeps } from './deps';

type FieldActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };
/** The account's fields in their order (position, then creation). */
export async function listContactFields(db: Executor, actor: FieldActor) {
  contactFieldPolicy.authorize(actor, 'view', { accountId: actor.accountId });
  const rows = await db
    .select()
    .from(contactFields)
    .where(eq(contactFields.accountId, actor.accountId))
    .orderBy(asc(contactFields.position), asc(contactFields.createdAt), asc(contactFields.id));
  return {
    fields: rows.map(presentField),
    abilities: { manage: contactFieldPolicy.can(actor, 'manage', { accountId: actor.accountId }) },
  };
}

async function loadField(db: Executor, accountId: string, fieldId: string) {
  const [row] = await db
    .select()
    .from(contactFields)
    .where(and(eq(contactFields.id, fieldId), eq(contactFields.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound(CONTACT_FIELD_MSG.notFound);
  return row;
}

const usage = async (db: Executor, fieldId: string) =>
  Number(
    (
      await db.select({ n: count() }).from(contactFieldValues).where(eq(contactFieldValues.fieldId, fieldId))
    )[0]?.n ?? 0,
  );

/** Owners define a field; the key comes from the label unless given; 50 per account at most. */
export async function createContactField(
  deps: CommandDeps,
  actor: FieldActor,
  input: CreateContactFieldInput,
): Promise<ContactField> {
  contactFieldPolicy.authorize(actor, 'manage', { accountId: actor.accountId });
  const key = input.key ?? fieldKeyFromLabel(input.label);
  try {
    return await deps.events.transaction(async (tx, emit) => {
      const existing = await tx
        .select({ position: contactFields.position })
        .from(contactFields)
        .where(eq(contactFields.accountId, actor.accountId))
        // Serializes concurrent creates of one account, so the limit holds.
        .for('update');
      if (existing.length >= MAX_CONTACT_FIELDS)
        throw badRequest(CONTACT_FIELD_MSG.tooMany, 'too_many_fields');
      const position = input.position ?? Math.max(-1, ...existing.map((r) => r.position)) + 1;
      const [row] = await tx
        .insert(contactFields)
        .values({
          accountId: actor.accountId,
          key,
          label: input.label,
          type: input.type,
          options: input.type === 'select' ? (input.options ?? []) : [],
          position,
        })
        .returning();
      await audit(tx, actor, 'contact_field.created', row!.id, { key, label: input.label, type: input.type });
      emit({ kind: 'contact_field.changed', accountId: actor.accountId, fieldId: row!.id });
      return presentField(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CONTACT_FIELD_MSG.keyTaken, 'field_key_taken');
    throw error;
  }
}

/**
 * Owners rename, reorder, or change a select's options (the key and the type never change). Values
 * that are no longer an option stay stored until a teammate changes them.
 */
export async function updateContactField(
  deps: CommandDeps,
  actor: FieldActor,
  fieldId: string,
  input: UpdateContactFieldInput,
): Promise<ContactField> {
  return deps.events.transaction(async (tx, emit) => {
    const field = await loadField(tx, actor.accountId, fieldId);
    contactFieldPolicy.authorize(actor, 'manage', field);
    if (input.options && field.type !== 'select')
      throw badRequest(CONTACT_FIELD_MSG.optionsOnlyForSelect, 'bad_request', 'options');
    const [row] = await tx
      .update(contactFields)
      .set({
        ...(input.label !== undefined ? { label: input.label } : {}),
        ...(input.options !== undefined ? { options: input.options } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
        updatedAt: new Date(),
      })
      .where(eq(contactFields.id, field.id))
      .returning();
    await audit(tx, actor, 'contact_field.updated', field.id, { key: field.key, ...input });
    emit({ kind: 'contact_field.changed', accountId: actor.accountId, fieldId: field.id });
    return presentField(row!);
  });
}

/** How many contacts hold a value: what the delete confirm says. Owners ask before deleting. */
export async function contactFieldUsage(db: Executor, actor: FieldActor, fieldId: string) {
  const field = await loadField(db, actor.accountId, fieldId);
  contactFieldPolicy.authorize(actor, 'manage', field);
  return { contactCount: await usage(db, field.id) };
}

/** Owners delete a field and every value of it; answers how many contacts held one. */
export async function deleteContactField(deps: CommandDeps, actor: FieldActor, fieldId: string) {
  return deps.events.transaction(async (tx, emit) => {
    const field = await loadField(tx, actor.accountId, fieldId);
    contactFieldPolicy.authorize(actor, 'manage', field);
    const contactCount = await usage(tx, field.id);
    await tx.delete(contactFields).where(eq(contactFields.id, field.id));
    await audit(tx, actor, 'contact_field.deleted', field.id, {
      key: field.key,
      label: field.label,
      contactCount,
    });
    emit({ kind: 'contact_field.changed', accountId: actor.accountId, fieldId: field.id });
    return { deleted: true as const, contactCount };
  });
}

function audit(tx: Executor, actor: FieldActor, action: string, subjectId: string, details: object) {
  return recordAudit(tx, {
    actorId: actor.id,
    teamId: actor.teamId,
    action,
    subjectType: 'contact_field',
    subjectId,
    details: details as Record<string, unknown>,
  });
}
