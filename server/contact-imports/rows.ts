import type { ContactFieldType } from '@common/api/contact-fields';
import { fieldKeyFromLabel, normalizeFieldValue } from '@common/api/contact-fields';
import { IMPORT_MSG, type ImportTarget, type StartImportInput } from '@common/api/contact-imports';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { CsvRecord } from './csv';

/** A custom field as the import needs it. */
export type ImportField = {
  id: string;
  key: string;
  label: string;
  type: ContactFieldType;
  options: string[];
};

/** The mapping resolved to column positions: what each row is read with. */
export type ImportPlan = {
  width: number;
  phone: number;
  name: number | null;
  tags: number[];
  fields: { column: number; field: ImportField }[];
  consent: number | null;
  defaultCountry: CountryCode | undefined;
};

export function planImport(mapping: StartImportInput, fields: ImportField[], width: number): ImportPlan {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const plan: ImportPlan = {
    width,
    phone: -1,
    name: null,
    tags: [],
    fields: [],
    consent: null,
    defaultCountry: mapping.defaultCountry as CountryCode | undefined,
  };
  mapping.columns.forEach((target, column) => {
    if (target.kind === 'phone') plan.phone = column;
    else if (target.kind === 'name') plan.name = column;
    else if (target.kind === 'tags') plan.tags.push(column);
    else if (target.kind === 'consent') plan.consent = column;
    else if (target.kind === 'field') {
      const field = byId.get(target.fieldId);
      if (field) plan.fields.push({ column, field });
    }
  });
  return plan;
}

/** A row ready to apply: the number as WhatsApp's id (E.164 digits), the name, tag names, values. */
export type GoodRow = {
  line: number;
  waId: string;
  name: string;
  tags: string[];
  values: { fieldId: string; value: string }[];
  /** Set by the file, or null (blank or no consent column): left as it is. */
  consent: 'opted_in' | 'opted_out' | null;
};
export type FailedRow = { line: number; reason: string; raw: string[] };
export type RowOutcome = ({ ok: true } & GoodRow) | ({ ok: false } & FailedRow);

/** A number in the international form, or null when it is not a valid one. */
export function normalizePhone(text: string, defaultCountry: CountryCode | undefined): string | null {
  const trimmed = text.trim();
  // "00" is the international prefix in most of the world; "+" is what the parser reads.
  const input = trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
  const parsed = parsePhoneNumberFromString(input, defaultCountry ? { defaultCountry } : undefined);
  return parsed?.isValid() ? parsed.number.slice(1) : null;
}

/** Tag names of a cell: separated by commas or semicolons, trimmed, at most 50 characters, once each. */
export function tagNames(cell: string): string[] {
  const out = new Map<string, string>();
  for (const part of cell.split(/[,;]/)) {
    const name = part.trim().slice(0, 50).trim();
    if (name && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), name);
  }
  return [...out.values()];
}

/**
 * Reads one row: the phone (required, valid, first time in the file), then each mapped field's value
 * by its type. `seen` maps each number already imported from this file to its line; a good row adds
 * its own. Pure apart from `seen`, so replaying the done rows rebuilds it exactly after a restart.
 */
export function evaluateRow(plan: ImportPlan, record: CsvRecord, seen: Map<string, number>): RowOutcome {
  const { line, cells } = record;
  const fail = (reason: string): RowOutcome => ({ ok: false, line, reason, raw: cells });
  const phoneText = cells[plan.phone]?.trim() ?? '';
  if (!phoneText) return fail(IMPORT_MSG.missingPhone);
  const waId = normalizePhone(phoneText, plan.defaultCountry);
  if (!waId) return fail(IMPORT_MSG.invalidPhone);
  const earlier = seen.get(waId);
  if (earlier !== undefined) return fail(IMPORT_MSG.duplicateInFile(earlier));
  const values: GoodRow['values'] = [];
  for (const { column, field } of plan.fields) {
    const cell = cells[column]?.trim() ?? '';
    if (!cell) continue;
    const checked = normalizeFieldValue(field, cell);
    if (!checked.ok) {
      const prefix = `${field.label} (${field.key}): `;
      const problem = checked.message.startsWith(prefix)
        ? checked.message.slice(prefix.length)
        : checked.message;
      return fail(IMPORT_MSG.wrongType(field.label, problem));
    }
    values.push({ fieldId: field.id, value: checked.value });
  }
  let consent: GoodRow['consent'] = null;
  if (plan.consent !== null) {
    const word = (cells[plan.consent] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (CONSENT_IN.has(word)) consent = 'opted_in';
    else if (CONSENT_OUT.has(word)) consent = 'opted_out';
    else if (word !== '' && word !== 'unknown')
      return fail(IMPORT_MSG.wrongType(IMPORT_MSG.consentLabel, IMPORT_MSG.consentProblem));
  }
  seen.set(waId, line);
  const name = plan.name === null ? '' : (cells[plan.name]?.trim().slice(0, 200) ?? '');
  const tags = plan.tags.flatMap((column) => tagNames(cells[column] ?? ''));
  return { ok: true, line, waId, name, tags, values, consent };
}

const CONSENT_IN = new Set(['opted_in', 'optin', 'opt_in', 'in', 'yes', 'y', 'true', '1', 'subscribed']);
const CONSENT_OUT = new Set([
  'opted_out',
  'optout',
  'opt_out',
  'out',
  'no',
  'n',
  'false',
  '0',
  'unsubscribed',
]);

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A first guess per column from its header: phone, name, tags, or a field by its label or key. */
export function suggestTargets(columns: string[], fields: ImportField[]): ImportTarget[] {
  let phone = false;
  let name = false;
  return columns.map((header): ImportTarget => {
    const h = squash(header);
    const field = fields.find(
      (f) => squash(f.label) === h || squash(f.key) === h || fieldKeyFromLabel(header) === f.key,
    );
    if (field) return { kind: 'field', fieldId: field.id };
    if (!phone && /phone|mobile|number|whatsapp|cell|msisdn|^tel/.test(h)) {
      phone = true;
      return { kind: 'phone' };
    }
    if (!name && /^(full|contact|customer|display)?name$|^contact$/.test(h)) {
      name = true;
      return { kind: 'name' };
    }
    if (/^(tags?|labels?)$/.test(h)) return { kind: 'tags' };
    if (/consent|optin|optedin|marketing/.test(h)) return { kind: 'consent' };
    return { kind: 'ignore' };
  });
}
