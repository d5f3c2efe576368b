import { IMPORT_MSG, type ImportTarget } from '@common/api/contact-imports';

/** A column's target as a select's value: 'ignore', 'name', 'phone', 'tags', 'consent' or 'field:<id>'. */
export function targetValue(target: ImportTarget): string {
  return target.kind === 'field' ? `field:${target.fieldId}` : target.kind;
}

export function parseTarget(value: string): ImportTarget {
  if (value.startsWith('field:')) return { kind: 'field', fieldId: value.slice('field:'.length) };
  if (value === 'name' || value === 'phone' || value === 'tags' || value === 'consent')
    return { kind: value };
  return { kind: 'ignore' };
}

/** What stops the mapping from starting, in the server's words; null when it can start. */
export function mappingProblem(columns: ImportTarget[]): string | null {
  const phones = columns.filter((c) => c.kind === 'phone').length;
  if (phones === 0) return IMPORT_MSG.noPhoneColumn;
  if (phones > 1) return IMPORT_MSG.onePhoneColumn;
  if (columns.filter((c) => c.kind === 'name').length > 1) return IMPORT_MSG.oneNameColumn;
  return null;
}

/** The suggested targets, minus fields that no longer exist. */
export function initialTargets(suggested: ImportTarget[], fieldIds: Set<string>): ImportTarget[] {
  return suggested.map((t) => (t.kind === 'field' && !fieldIds.has(t.fieldId) ? { kind: 'ignore' } : t));
}

export const formatCount = (n: number) => n.toLocaleString('en-US');
