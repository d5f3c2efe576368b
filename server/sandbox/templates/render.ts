import type { RenderedTemplate } from '@common/api/sandbox';
import { z } from 'zod';
import { graphErrors } from '../graph/errors';
import { findComponent, placeholdersOf, type SandboxTemplate } from '../state/templates';

/** A parameter of a template send (text, currency, date_time, media, payload…). Unknown keys pass through. */
export const sendParameterSchema = z.looseObject({
  type: z.string(),
  parameter_name: z.string().optional(),
  text: z.string().optional(),
  payload: z.string().optional(),
  currency: z.looseObject({ fallback_value: z.string() }).optional(),
  date_time: z.looseObject({ fallback_value: z.string() }).optional(),
  image: z.looseObject({ id: z.string().optional(), link: z.string().optional() }).optional(),
  video: z.looseObject({ id: z.string().optional(), link: z.string().optional() }).optional(),
  document: z.looseObject({ id: z.string().optional(), link: z.string().optional() }).optional(),
});

export const sendComponentSchema = z.looseObject({
  type: z.string(),
  sub_type: z.string().optional(),
  index: z.union([z.string(), z.number()]).optional(),
  parameters: z.array(sendParameterSchema).optional(),
});

type SendParameter = z.infer<typeof sendParameterSchema>;
type SendComponent = z.infer<typeof sendComponentSchema>;

export type { RenderedTemplate };

const MEDIA_FORMATS = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;

function parameterText(parameter: SendParameter): string {
  if (parameter.type === 'text') return parameter.text ?? '';
  if (parameter.type === 'currency') return parameter.currency?.fallback_value ?? '';
  if (parameter.type === 'date_time') return parameter.date_time?.fallback_value ?? '';
  return `[${parameter.type}]`;
}

/** Fills a component's placeholders; the parameter count must match exactly (else 132000, as Meta). */
function fill(where: string, text: string, parameters: SendParameter[], named: boolean): string {
  const names = placeholdersOf(text);
  if (names.length !== parameters.length) {
    throw graphErrors.templateParamCount(
      `${where}: number of localizable_params (${parameters.length}) does not match the expected number of params (${names.length})`,
    );
  }
  const values = new Map<string, string>();
  names.forEach((name, index) => {
    const parameter = named ? parameters.find((p) => p.parameter_name === name) : parameters[index];
    if (!parameter) {
      throw graphErrors.templateParamCount(`${where}: no parameter named '${name}' was given`);
    }
    values.set(name, parameterText(parameter));
  });
  return text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) => values.get(name) ?? whole);
}

function parametersFor(components: SendComponent[], type: string): SendParameter[] {
  return components.find((c) => c.type.toLowerCase() === type)?.parameters ?? [];
}

/** The text a customer sees for a template send, or the 132000/132012 error Meta would answer with. */
export function renderTemplate(template: SandboxTemplate, components: SendComponent[]): RenderedTemplate {
  const named = template.parameterFormat === 'NAMED';
  const headerDef = findComponent(template, 'HEADER');
  const bodyDef = findComponent(template, 'BODY');
  const footerDef = findComponent(template, 'FOOTER');
  const buttonsDef = findComponent(template, 'BUTTONS');

  let header: RenderedTemplate['header'] = null;
  const headerParams = parametersFor(components, 'header');
  if (headerDef?.format && (MEDIA_FORMATS as readonly string[]).includes(headerDef.format)) {
    const kind = headerDef.format.toLowerCase() as 'image' | 'video' | 'document';
    const media = headerParams.find((p) => p.type === kind);
    if (!media) {
      throw graphErrors.templateFormat(
        `header: Format mismatch, expected ${headerDef.format}, received ${headerParams[0]?.type.toUpperCase() ?? 'UNKNOWN'}`,
      );
    }
    header = { kind, mediaId: media[kind]?.id ?? null };
  } else if (headerDef?.text !== undefined) {
    header = { kind: 'text', text: fill('header', headerDef.text, headerParams, named) };
  }

  return {
    header,
    body: fill('body', bodyDef?.text ?? '', parametersFor(components, 'body'), named),
    footer: footerDef?.text ?? null,
    buttons: (buttonsDef?.buttons ?? []).map((b) => ({ type: b.type, text: b.text ?? '' })),
  };
}
