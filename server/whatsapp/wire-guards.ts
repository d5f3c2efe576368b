/**
 * Tiny readers for untrusted JSON. Each returns a typed value or a fallback and never throws, so the webhook
 * parser and the Graph client can read Meta's payloads field by field without trusting their shape.
 */

export type JsonRecord = Record<string, unknown>;

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value as a record, or an empty one. */
export function recordOf(value: unknown): JsonRecord {
  return isRecord(value) ? value : {};
}

/** The value as an array, or an empty one. */
export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A string, or a finite number turned into its decimal string (Meta ids are sometimes numbers); else null. */
export function stringOrNull(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A non-empty string (ids and names where '' means "absent"), else null. */
export function nonEmptyOrNull(value: unknown): string | null {
  const text = stringOrNull(value);
  return text === null || text === '' ? null : text;
}

/** A finite number, or a numeric string turned into a number; else null. */
export function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/** A boolean, else null. */
export function booleanOrNull(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/** A Unix-seconds value (string or number) as a Date, or null when absent or not a number. */
export function dateFromUnixSeconds(value: unknown): Date | null {
  const seconds = numberOrNull(value);
  if (seconds === null || seconds < 0) return null;
  return new Date(seconds * 1000);
}
