/**
 * "Add contact" on the Contacts page: POST /api/contacts (any teammate). The phone is validated and
 * normalised to E.164 with libphonenumber-js; a number without a country code is read in the team's
 * country (from its WhatsApp number). A contact without a conversation is written to with a template.
 */
import { z } from 'zod';

export const NEW_CONTACT_MSG = {
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Enter a valid phone number with its country code, e.g. +1 650 555 0100',
  exists: 'A contact with this number already exists',
} as const;

export const createContactSchema = z.object({
  name: z.string().trim().max(200).default(''),
  phone: z
    .string({ error: NEW_CONTACT_MSG.phoneRequired })
    .trim()
    .min(1, NEW_CONTACT_MSG.phoneRequired)
    .max(40),
  tagIds: z.array(z.uuid()).max(50).default([]),
  /** Custom field values by key, checked by type like PUT /api/contacts/:id/fields. */
  fields: z.record(z.string(), z.string().max(1000)).default({}),
});
export type CreateContactInput = z.input<typeof createContactSchema>;

/** 201 with the new contact's id; 409 `{ message: exists, contactId }` when the number is taken. */
export type CreateContactResponse = { contactId: string };
