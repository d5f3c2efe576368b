import type { ContactField } from '@common/api/contact-fields';
import type { CreateContactInput, CreateContactResponse } from '@common/api/new-contact';
import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './client';
import { crmKeys } from './crmKeys';
import { inboxKeys } from './inboxKeys';

/**
 * "Add contact" (`POST /api/contacts`). A refusal comes back as a `NewContactError` naming the
 * form field it is about, and on 409 the contact that already holds the number.
 */

export type NewContactField = 'name' | 'phone' | 'tags' | `field:${string}` | null;

export class NewContactError extends Error {
  readonly status: number;
  readonly field: NewContactField;
  /** 409: the existing contact with this number. */
  readonly existingContactId: string | null;
  constructor(status: number, message: string, field: NewContactField, existingContactId: string | null) {
    super(message);
    this.name = 'NewContactError';
    this.status = status;
    this.field = field;
    this.existingContactId = existingContactId;
  }
}

type ErrorBody = { error?: string; message?: string; field?: string; contactId?: string };

/**
 * Which input the server's message is about: its `field` (`phone`, `fields.order_total`…) or, for a
 * custom field, the `Label (key): …` its type check says.
 */
export function errorField(body: ErrorBody, fields: readonly Pick<ContactField, 'key'>[]): NewContactField {
  const named = body.field ?? '';
  if (named === 'name' || named === 'phone') return named;
  if (named === 'tagIds') return 'tags';
  const fromPath = /^fields[.[]"?([a-z0-9_]+)/.exec(named)?.[1];
  if (fromPath) return `field:${fromPath}`;
  const fromMessage = /\(([a-z0-9_]{1,40})\):/.exec(body.message ?? '')?.[1];
  if (fromMessage && fields.some((f) => f.key === fromMessage)) return `field:${fromMessage}`;
  if (/phone|number/i.test(body.message ?? '')) return 'phone';
  return null;
}

export async function createContact(
  client: QueryClient,
  input: CreateContactInput,
  fields: readonly Pick<ContactField, 'key'>[],
): Promise<CreateContactResponse> {
  let response: Response;
  try {
    response = await fetch('/api/contacts', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiRequestError(0, null, 'Network error. Please check your connection.');
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {}
  if (!response.ok) {
    const error = (body && typeof body === 'object' ? body : {}) as ErrorBody;
    const message = error.message || `The contact could not be added (${response.status}).`;
    const field = response.status === 409 ? 'phone' : errorField(error, fields);
    throw new NewContactError(response.status, message, field, error.contactId ?? null);
  }
  void client.invalidateQueries({ queryKey: crmKeys.table });
  void client.invalidateQueries({ queryKey: crmKeys.segments });
  void client.invalidateQueries({ queryKey: inboxKeys.tags });
  return body as CreateContactResponse;
}
