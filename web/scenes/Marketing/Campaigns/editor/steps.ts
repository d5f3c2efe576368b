import {
  CAMPAIGN_MSG,
  type Campaign,
  type CampaignVariables,
  type UpdateCampaignInput,
  type VariableSource,
} from '@common/api/campaigns';
import { isMediaFormat, type TemplateView } from '@common/api/templates';

export const STEPS = [
  { id: 'name', label: 'Name' },
  { id: 'template', label: 'Template' },
  { id: 'audience', label: 'Audience' },
  { id: 'variables', label: 'Variables' },
  { id: 'schedule', label: 'Schedule' },
  { id: 'review', label: 'Review' },
] as const;
export type StepId = (typeof STEPS)[number]['id'];

export function isStepId(value: string | null): value is StepId {
  return STEPS.some((s) => s.id === value);
}

/** The step a server refusal is about, from the field it names (the review step otherwise). */
export function stepOfField(field: string | null): StepId {
  if (!field) return 'review';
  if (field === 'name') return 'name';
  if (field.startsWith('template')) return 'template';
  if (field.startsWith('audience')) return 'audience';
  if (field.startsWith('variables') || field.startsWith('headerMedia')) return 'variables';
  if (field === 'sendAt' || field === 'sendRate' || field === 'timeZone') return 'schedule';
  return 'review';
}

/** One value a send of the template needs, and where the draft keeps its source. */
export type VariableSlot =
  | { part: 'body'; n: number; label: string }
  | { part: 'header'; label: string }
  | { part: 'button'; index: number; label: string };

/** The URL buttons that take a value at the end of their link, by index. */
export function dynamicButtonIndexes(template: Pick<TemplateView, 'buttons'>): number[] {
  return template.buttons.flatMap((b, index) => (b.type === 'URL' && b.url?.includes('{{') ? [index] : []));
}

/** Every value the template needs: body {{1}}…{{n}}, the header's {{1}}, each dynamic URL button. */
export function variableSlots(
  template: Pick<TemplateView, 'bodyVariables' | 'headerVariables' | 'buttons'>,
): VariableSlot[] {
  const slots: VariableSlot[] = [];
  if (template.headerVariables > 0) slots.push({ part: 'header', label: 'Header {{1}}' });
  for (let n = 1; n <= template.bodyVariables; n++) slots.push({ part: 'body', n, label: `{{${n}}}` });
  for (const index of dynamicButtonIndexes(template)) {
    slots.push({ part: 'button', index, label: `Link of the button “${template.buttons[index]!.text}”` });
  }
  return slots;
}

export function slotKey(slot: VariableSlot): string {
  return slot.part === 'body' ? `body-${slot.n}` : slot.part === 'header' ? 'header' : `button-${slot.index}`;
}

/** The sources as the editor holds them: one per slot key, null while not chosen. */
export type SourceMap = Record<string, VariableSource | null>;

export function sourcesOf(slots: VariableSlot[], variables: CampaignVariables, prefill = true): SourceMap {
  const map: SourceMap = {};
  for (const slot of slots) {
    const key = slotKey(slot);
    if (slot.part === 'body') map[key] = variables.body[slot.n - 1] ?? null;
    else if (slot.part === 'header') map[key] = variables.header[0] ?? null;
    else map[key] = variables.buttons.find((b) => b.index === slot.index)?.value ?? null;
  }
  // A new mapping starts with the contact's name in the first body variable, as the send modal does.
  const first = slots.find((s) => s.part === 'body');
  if (prefill && first && Object.values(map).every((s) => s === null))
    map[slotKey(first)] = { kind: 'name', fallback: '' };
  return map;
}

/** What is missing before the sources can be saved, in the contract's words; null when complete. */
export function sourcesProblem(slots: VariableSlot[], map: SourceMap): string | null {
  for (const slot of slots) {
    const source = map[slotKey(slot)];
    const where =
      slot.part === 'body'
        ? slot.label
        : slot.part === 'header'
          ? '{{1}} of the header'
          : slot.label.replace('Link of the button', 'of the button');
    if (!source || (source.kind === 'text' && !source.text.trim()))
      return CAMPAIGN_MSG.variableMissing(where);
  }
  return null;
}

export function variablesOf(slots: VariableSlot[], map: SourceMap): CampaignVariables {
  const variables: CampaignVariables = { body: [], header: [], buttons: [] };
  for (const slot of slots) {
    const source = map[slotKey(slot)];
    if (!source) continue;
    if (slot.part === 'body') variables.body[slot.n - 1] = source;
    else if (slot.part === 'header') variables.header = [source];
    else variables.buttons.push({ index: slot.index, value: source });
  }
  return variables;
}

/** Whether a header carries a file (image, video, document) a campaign may replace. */
export function hasMediaHeader(template: Pick<TemplateView, 'header'>): boolean {
  return isMediaFormat(template.header?.format);
}

/** Which steps are done, for the stepper and for what may be opened. */
export function completedSteps(campaign: Campaign | null, template: TemplateView | null): Set<StepId> {
  const done = new Set<StepId>();
  if (!campaign) return done;
  done.add('name');
  if (campaign.templateId && template) done.add('template');
  if (campaign.audience) done.add('audience');
  if (template) {
    const slots = variableSlots(template);
    if (sourcesProblem(slots, sourcesOf(slots, campaign.variables, false)) === null) done.add('variables');
  }
  return done;
}

/** What every step of the create flow is given by the editor. */
export type StepProps = {
  /** Null until the name step creates the draft. */
  campaign: Campaign | null;
  /** The draft's template among the approved ones (null when none is chosen or it is not approved). */
  template: TemplateView | null;
  /** The server's refusal about this step, in words. */
  error: string | null;
  busy: boolean;
  /** Saves the parts given (creating the draft first) and, when it worked, opens `next`. */
  save: (patch: UpdateCampaignInput, next: StepId | null) => Promise<boolean>;
  go: (step: StepId) => void;
  /** Records a refusal (an API error or words) against the step it concerns. */
  fail: (error: unknown, step?: StepId) => void;
};
