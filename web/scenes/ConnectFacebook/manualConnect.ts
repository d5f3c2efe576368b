import { type ConnectManualInput, connectManualSchema } from '@common/api/whatsapp';
import { ApiRequestError } from '../../api/client';

export type ManualField = keyof ConnectManualInput;
export type ManualValues = Record<ManualField, string>;
export type ManualFieldErrors = Partial<Record<ManualField, string>>;

export const ACCESS_TOKEN_REQUIRED = 'Access token is required';

export const MANUAL_FIELDS: readonly ManualField[] = ['wabaId', 'phoneNumberId', 'accessToken'];

const isManualField = (value: unknown): value is ManualField =>
  typeof value === 'string' && (MANUAL_FIELDS as readonly string[]).includes(value);

/**
 * The same rules the server applies (common/api/whatsapp.ts), checked before sending: the first
 * problem of each field, or the trimmed input when all is well.
 */
export function validateManualConnect(
  values: ManualValues,
): { ok: true; input: ConnectManualInput } | { ok: false; errors: ManualFieldErrors } {
  const parsed = connectManualSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: ManualFieldErrors = {};
  // The shared schema calls an empty token "too short"; say what is missing instead.
  if (!values.accessToken.trim()) errors.accessToken = ACCESS_TOKEN_REQUIRED;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isManualField(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** Where the server's answer belongs: under the field it names, or in the form's red box. */
export function placeServerError(
  error: unknown,
  fallback: string,
): { field: ManualField; message: string } | { field: null; message: string } {
  if (error instanceof ApiRequestError && error.hasServerMessage) {
    return isManualField(error.field)
      ? { field: error.field, message: error.message }
      : { field: null, message: error.message };
  }
  return { field: null, message: fallback };
}
