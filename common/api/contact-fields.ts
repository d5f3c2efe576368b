import { z } from 'zod';

/** Issue 14 "Custom fields": the types a field can have; a field's type never changes. */
export const CONTACT_FIELD_TYPES = ['text', 'number', 'date', 'select', 'url', 'email'] as const;
export type ContactFieldType = (typeof CONTACT_FIELD_TYPES)[number];

export const MAX_CONTACT_FIELDS = 50;
export const MAX_SELECT_OPTIONS = 50;
/** A text value's limit (ours: the spec names none). */
export const MAX_FIELD_VALUE_LENGTH = 1000;

export const CONTACT_FIELD_MSG = {
  labelRequired: 'Field label is required',
  labelTooLong: 'Field labels are at most 60 characters',
  keyInvalid: 'Field keys are 1–40 characters: lowercase letters, digits and _',
  keyTaken: 'A field with this key already exists',
  tooMany: `An account has at most ${MAX_CONTACT_FIELDS} custom fields`,
  optionsRequired: 'A select field needs 1–50 options',
  optionsDistinct: 'Select options must be distinct',
  optionsOnlyForSelect: 'Only select fields have options',
  notFound: 'Field not found',
  deleteConfirm: (count: number) =>
    `Delete this field? ${count} ${count === 1 ? 'contact holds' : 'contacts hold'} a value, which will be lost.`,
} as const;

/** The key the label gives when none is set: lowercase, a-z0-9_, at most 40 characters. */
export function fieldKeyFromLabel(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/, '');
}

const label = z
  .string({ error: CONTACT_FIELD_MSG.labelRequired })
  .trim()
  .min(1, CONTACT_FIELD_MSG.labelRequired)
  .max(60, CONTACT_FIELD_MSG.labelTooLong);
const key = z
  .string({ error: CONTACT_FIELD_MSG.keyInvalid })
  .regex(/^[a-z0-9_]{1,40}$/, CONTACT_FIELD_MSG.keyInvalid);
const options = z
  .array(z.string().trim().min(1, 'Options cannot be blank').max(100, 'Options are at most 100 characters'))
  .min(1, CONTACT_FIELD_MSG.optionsRequired)
  .max(MAX_SELECT_OPTIONS, CONTACT_FIELD_MSG.optionsRequired)
  .refine((list) => new Set(list).size === list.length, CONTACT_FIELD_MSG.optionsDistinct);
const position = z.number().int().min(0).max(10_000);

export const createContactFieldSchema = z
  .object({
    label,
    key: key.optional(),
    type: z.enum(CONTACT_FIELD_TYPES, { error: `Type is one of ${CONTACT_FIELD_TYPES.join(', ')}` }),
    options: options.optional(),
    position: position.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'select' && !body.options)
      ctx.addIssue({ code: 'custom', path: ['options'], message: CONTACT_FIELD_MSG.optionsRequired });
    if (body.type !== 'select' && body.options)
      ctx.addIssue({ code: 'custom', path: ['options'], message: CONTACT_FIELD_MSG.optionsOnlyForSelect });
    if (!body.key && !fieldKeyFromLabel(body.label))
      ctx.addIssue({ code: 'custom', path: ['key'], message: CONTACT_FIELD_MSG.keyInvalid });
  });
export type CreateContactFieldInput = z.infer<typeof createContactFieldSchema>;

/** Label, options (select only) and position; the key and the type never change. */
export const updateContactFieldSchema = z
  .object({ label: label.optional(), options: options.optional(), position: position.optional() })
  .strict();
export type UpdateContactFieldInput = z.infer<typeof updateContactFieldSchema>;

/** A value is a string (a number may come as a JSON number); null clears it. */
const fieldValue = z.union([z.string().max(MAX_FIELD_VALUE_LENGTH), z.number(), z.null()]);
/** A partial map key → value: keys left out stay as they are. */
export const setContactFieldValuesSchema = z
  .record(z.string().max(40), fieldValue)
  .refine((map) => Object.keys(map).length <= MAX_CONTACT_FIELDS, 'Too many fields');
export type SetContactFieldValuesInput = z.infer<typeof setContactFieldValuesSchema>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks one value against its field: the stored text, or the error the 400 names. Shared so the
 * server validates and the UI (and a CSV import) can say the same thing before asking.
 */
export function normalizeFieldValue(
  field: { key: string; label: string; type: ContactFieldType; options: string[] },
  raw: string | number,
): { ok: true; value: string } | { ok: false; message: string } {
  const bad = (what: string) => ({ ok: false as const, message: `${field.label} (${field.key}): ${what}` });
  if (field.type === 'number') {
    const n = typeof raw === 'number' ? raw : raw.trim() === '' ? Number.NaN : Number(raw.trim());
    return Number.isFinite(n) ? { ok: true, value: String(n) } : bad('must be a number');
  }
  if (typeof raw !== 'string') return bad('must be text');
  const text = raw.trim();
  if (text === '') return bad('cannot be blank (send null to clear it)');
  switch (field.type) {
    case 'text':
      return { ok: true, value: text };
    case 'date': {
      const m = DATE.exec(text);
      const d = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : null;
      const real = d && d.toISOString().slice(0, 10) === text;
      return real ? { ok: true, value: text } : bad('must be a date as yyyy-mm-dd');
    }
    case 'url': {
      let url: URL | null = null;
      try {
        url = new URL(text);
      } catch {}
      return url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname
        ? { ok: true, value: text }
        : bad('must be an http(s) URL');
    }
    case 'email':
      return EMAIL.test(text) && text.length <= 254
        ? { ok: true, value: text }
        : bad('must be an e-mail address');
    case 'select':
      return field.options.includes(text)
        ? { ok: true, value: text }
        : bad(`must be one of ${field.options.join(', ')}`);
  }
}

export type ContactField = {
  id: string;
  key: string;
  label: string;
  type: ContactFieldType;
  options: string[];
  position: number;
  createdAt: string;
  updatedAt: string;
};
export type ContactFieldListResponse = {
  fields: ContactField[];
  /** Whether the caller may define, rename, reorder and delete fields (owners). */
  abilities: { manage: boolean };
};
export type ContactFieldResponse = { field: ContactField };
/** How many contacts hold a value of the field: what the delete confirm says. */
export type ContactFieldUsageResponse = { contactCount: number };
export type DeleteContactFieldResponse = { deleted: true; contactCount: number };
/** A contact's values by field key; fields without a value are left out. */
export type ContactFieldValues = Record<string, string>;
export type ContactFieldValuesResponse = { fields: ContactFieldValues };
