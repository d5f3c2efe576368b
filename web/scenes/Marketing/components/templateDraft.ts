import {
  placeholdersIn,
  TEMPLATE_MSG,
  TEMPLATE_SAMPLE_RULES,
  type TemplateMediaFormat,
} from '@common/api/templates';

/** How many `{{n}}` the body has (in order); the example fields follow it. */
export function bodyVariableCount(body: string): number {
  return placeholdersIn(body).filter((p) => /^\d+$/.test(p)).length;
}

/** The next variable to insert at the end of the body: {{k+1}}. */
export function nextVariable(body: string): string {
  return `{{${bodyVariableCount(body) + 1}}}`;
}

/** The browser's idea of a sample (its type and size) against the format's rules; the server checks the bytes. */
export function sampleProblem(format: TemplateMediaFormat, file: Pick<File, 'type' | 'size'>): string | null {
  const rule = TEMPLATE_SAMPLE_RULES[format];
  if (file.type && !rule.mimeTypes.includes(file.type)) return TEMPLATE_MSG.sampleType(format);
  if (file.size > rule.maxMb * 1024 * 1024) return TEMPLATE_MSG.sampleSize(format);
  return null;
}
