import { graphErrors } from './errors';

/**
 * Graph's `fields=` selection: the requested fields (id always included), or the node's defaults.
 * Asking for a field the node does not have is error 100, as on Meta.
 */
export function selectFields(
  node: Record<string, unknown>,
  nodeType: string,
  fields: string | undefined,
  defaults: string[],
): Record<string, unknown> {
  const wanted = fields
    ? fields
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean)
    : defaults;
  const out: Record<string, unknown> = {};
  for (const field of wanted) {
    if (!(field in node)) {
      throw graphErrors.invalidParameter(
        `Tried accessing nonexisting field (${field}) on node type (${nodeType})`,
      );
    }
    if (field !== 'id') out[field] = node[field];
  }
  out.id = node.id;
  return out;
}

/** `limit` as Graph reads it: 1 to 100, default 25. */
export function pageLimit(raw: unknown): number {
  const n = Number(raw ?? 25);
  if (!Number.isInteger(n) || n < 1)
    throw graphErrors.invalidParameter('The parameter limit must be a positive integer.');
  return Math.min(n, 100);
}
