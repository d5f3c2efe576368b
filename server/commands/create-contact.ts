import { type ContactFieldType, normalizeFieldValue } from '@common/api/contact-fields';
import { type createContactSchema, NEW_CONTACT_MSG } from '@common/api/new-contact';
import { and, eq, inArray } from 'drizzle-orm';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit-log';
import type { Executor } from '../db/client';
import {
  contactFields,
  contactFieldValues,
  contacts,
  contactTags,
  tags,
  whatsappAccounts,
} from '../db/schema';
import { badRequest, HttpError } from '../lib/http-errors';
import { contactsPolicy } from '../policies/contact-bulk';
import type { PolicyActor } from '../policies/define-policy';
import type { CommandDeps } from './deps';

type CreateActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };
type CreateContactBody = z.output<typeof createContactSchema>;

/** 409: the number already belongs to a contact of the account; the route answers with its id. */
export class ContactExistsError extends HttpError {
  constructor(readonly contactId: string) {
    super(409, 'contact_exists', NEW_CONTACT_MSG.exists, 'phone');
  }
}

/**
 * How a number typed without its country code is read: in the country of the team's own WhatsApp
 * number (a shared calling code like +1 still gives the code when the country is ambiguous).
 */
async function teamPhoneRegion(
  db: Executor,
  accountId: string,
): Promise<{ defaultCountry?: CountryCode; defaultCallingCode?: string }> {
  const [account] = await db
    .select({ display: whatsappAccounts.displayPhoneNumber })
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.id, accountId))
    .limit(1);
  const own = account?.display ? parsePhoneNumberFromString(account.display) : undefined;
  if (!own) return {};
  return { defaultCountry: own.country, defaultCallingCode: own.countryCallingCode };
}

/** The number in E.164 (`+16502530000`), or the 400 the form shows under the phone. */
function normalizePhone(
  raw: string,
  region: { defaultCountry?: CountryCode; defaultCallingCode?: string },
): string {
  const parsed = parsePhoneNumberFromString(raw, region);
  if (!parsed?.isValid()) throw badRequest(NEW_CONTACT_MSG.phoneInvalid, 'invalid_phone', 'phone');
  return parsed.number;
}

/**
 * "Add contact" (issue 14), for any teammate: a contact without a conversation yet, written to later
 * with a template. The phone is validated and normalised to E.164 (wa_id = its digits, as WhatsApp
 * names the same person); tags and custom field values are checked before anything is written
 * (unknown tag or field key, or a value of the wrong type: 400, nothing saved). The new contact is
 * unassigned whoever adds it: it appears under Unassigned for the whole team, as a customer who writes
 * first does, and a member takes it with Assign like any other. Audit `contact.created`, and a live
 * `contact.updated` so the table and the inbox show it at once.
 */
export async function createContact(
  deps: CommandDeps,
  actor: CreateActor,
  input: CreateContactBody,
): Promise<{ contactId: string }> {
  const accountId = actor.accountId;
  contactsPolicy.authorize(actor, 'create', { accountId });
  const e164 = normalizePhone(input.phone, await teamPhoneRegion(deps.db, accountId));
  const digits = e164.slice(1);

  return deps.events.transaction(async (tx, emit) => {
    const existing = async () => {
      const [row] = await tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.accountId, accountId), eq(contacts.waId, digits)))
        .limit(1);
      return row?.id;
    };
    const taken = await existing();
    if (taken) throw new ContactExistsError(taken);

    const tagIds = [...new Set(input.tagIds)];
    if (tagIds.length > 0) {
      const found = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.accountId, accountId), inArray(tags.id, tagIds)));
      if (found.length !== tagIds.length) throw badRequest('Tag not found', 'unknown_tag', 'tagIds');
    }
    const values = await checkFieldValues(tx, accountId, input.fields);

    const [created] = await tx
      .insert(contacts)
      .values({ accountId, waId: digits, phone: digits, customName: input.name || null })
      .onConflictDoNothing()
      .returning({ id: contacts.id });
    if (!created) throw new ContactExistsError((await existing())!);
    const contactId = created.id;
    if (tagIds.length > 0) await tx.insert(contactTags).values(tagIds.map((tagId) => ({ contactId, tagId })));
    if (values.length > 0)
      await tx.insert(contactFieldValues).values(values.map((v) => ({ contactId, ...v })));
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: 'contact.created',
      subjectType: 'contact',
      subjectId: contactId,
      details: { waId: digits, tags: tagIds.length, fields: Object.keys(input.fields) },
    });
    emit({ kind: 'contact.updated', accountId, contactId });
    return { contactId };
  });
}

/** Field values by key, each checked against its field like PUT /api/contacts/:id/fields; blanks are left out. */
async function checkFieldValues(tx: Executor, accountId: string, input: Record<string, string>) {
  const keys = Object.keys(input).filter((key) => input[key]!.trim() !== '');
  if (keys.length === 0) return [];
  const fields = await tx
    .select()
    .from(contactFields)
    .where(and(eq(contactFields.accountId, accountId), inArray(contactFields.key, keys)));
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const unknown = keys.filter((k) => !byKey.has(k));
  if (unknown.length) throw badRequest(`Unknown field: ${unknown.join(', ')}`, 'unknown_field', unknown[0]);
  return keys.map((key) => {
    const field = byKey.get(key)!;
    const checked = normalizeFieldValue({ ...field, type: field.type as ContactFieldType }, input[key]!);
    if (!checked.ok) throw badRequest(checked.message, 'invalid_field_value', key);
    return { fieldId: field.id, value: checked.value };
  });
}
