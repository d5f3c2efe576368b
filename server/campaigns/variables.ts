import { CAMPAIGN_MSG, type CampaignVariables, type VariableSource } from '@common/api/campaigns';
import type { TemplateView } from '@common/api/templates';
import { and, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { contactFieldValues } from '../db/schema';
import { badRequest } from '../lib/http-errors';

/** What a variable can read of a recipient: the name the inbox shows, the number, the field values. */
export type RecipientFacts = { name: string; phone: string; fields: Map<string, string> };

/** The values one recipient's send carries, in the template's order. */
export type RecipientValues = {
  body: string[];
  header: string[];
  buttons: { index: number; value: string }[];
};

/** A source's value for one recipient: what it reads, or its fallback when that is empty. */
export function valueFor(source: VariableSource, facts: RecipientFacts): string {
  if (source.kind === 'text') return source.text;
  let value = '';
  if (source.kind === 'name') value = facts.name;
  else if (source.kind === 'phone') value = facts.phone ? `+${facts.phone}` : '';
  else value = facts.fields.get(source.fieldId) ?? '';
  return value.trim() === '' ? source.fallback : value;
}

export function valuesFor(variables: CampaignVariables, facts: RecipientFacts): RecipientValues {
  return {
    body: variables.body.map((s) => valueFor(s, facts)),
    header: variables.header.map((s) => valueFor(s, facts)),
    buttons: variables.buttons.map((b) => ({ index: b.index, value: valueFor(b.value, facts) })),
  };
}

/** The URL buttons of a template that take a value (`…{{1}}` at the end of the link), by index. */
export function dynamicButtonIndexes(template: Pick<TemplateView, 'buttons'>): number[] {
  return template.buttons.flatMap((b, index) => (b.type === 'URL' && b.url?.includes('{{') ? [index] : []));
}

/**
 * 400 unless every variable of the template has a source: body {{1}}…{{n}}, the header's {{1}}, and
 * each dynamic URL button's. Sources beyond the template's variables are ignored when sending.
 */
export function checkVariablesFit(
  template: Pick<TemplateView, 'bodyVariables' | 'headerVariables' | 'buttons'>,
  variables: CampaignVariables,
) {
  for (let n = 1; n <= template.bodyVariables; n++) {
    if (!variables.body[n - 1])
      throw badRequest(CAMPAIGN_MSG.variableMissing(`{{${n}}}`), 'validation_failed', 'variables');
  }
  if (template.headerVariables > 0 && !variables.header[0])
    throw badRequest(CAMPAIGN_MSG.variableMissing('{{1}} of the header'), 'validation_failed', 'variables');
  for (const index of dynamicButtonIndexes(template)) {
    if (!variables.buttons.some((b) => b.index === index))
      throw badRequest(
        CAMPAIGN_MSG.variableMissing(`of the button "${template.buttons[index]!.text}"`),
        'validation_failed',
        'variables',
      );
  }
}

/** The fields every variable of a field kind names, which must be the account's. */
export function fieldIdsOf(variables: CampaignVariables): string[] {
  const sources = [...variables.body, ...variables.header, ...variables.buttons.map((b) => b.value)];
  return [...new Set(sources.flatMap((s) => (s.kind === 'field' ? [s.fieldId] : [])))];
}

/** contact → field → value, for the fields a campaign's variables read. */
export async function fieldValuesOf(db: Executor, contactIds: string[], fieldIds: string[]) {
  const byContact = new Map<string, Map<string, string>>();
  if (contactIds.length === 0 || fieldIds.length === 0) return byContact;
  const rows = await db
    .select()
    .from(contactFieldValues)
    .where(
      and(inArray(contactFieldValues.contactId, contactIds), inArray(contactFieldValues.fieldId, fieldIds)),
    );
  for (const row of rows) {
    const values = byContact.get(row.contactId) ?? new Map<string, string>();
    values.set(row.fieldId, row.value);
    byContact.set(row.contactId, values);
  }
  return byContact;
}
