import type {
  ContactFieldListResponse,
  ContactFieldResponse,
  ContactFieldUsageResponse,
  ContactFieldValues,
  ContactFieldValuesResponse,
  CreateContactFieldInput,
  DeleteContactFieldResponse,
  SetContactFieldValuesInput,
  UpdateContactFieldInput,
} from '@common/api/contact-fields';
import type { ServerEventMap } from '@common/realtime';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { ConversationPages } from './messageList';
import { messageKeys } from './messages';

/**
 * The account's custom contact fields (common/api/contact-fields.ts): Settings → Contact fields
 * defines them (owners), the contact panel edits their values (any teammate). A teammate's change
 * arrives as the live `contact_field.changed` frame, which refetches the list everywhere.
 */

export const CONTACT_FIELDS_KEY = ['contact-fields'] as const;

/** The fields in order, with `abilities.manage` (owners). */
export const contactFieldsQuery = queryOptions({
  queryKey: CONTACT_FIELDS_KEY,
  queryFn: ({ signal }) => apiRequest<ContactFieldListResponse>('/api/contact-fields', { signal }),
  staleTime: 60_000,
});

const fieldPath = (id: string) => `/api/contact-fields/${encodeURIComponent(id)}`;

export function createContactField(body: CreateContactFieldInput): Promise<ContactFieldResponse> {
  return apiRequest<ContactFieldResponse>('/api/contact-fields', { method: 'POST', body });
}

export function updateContactField(id: string, body: UpdateContactFieldInput): Promise<ContactFieldResponse> {
  return apiRequest<ContactFieldResponse>(fieldPath(id), { method: 'PATCH', body });
}

/** How many contacts hold a value: what the delete confirm says. */
export function contactFieldUsage(id: string): Promise<ContactFieldUsageResponse> {
  return apiRequest<ContactFieldUsageResponse>(`${fieldPath(id)}/usage`);
}

export function deleteContactField(id: string): Promise<DeleteContactFieldResponse> {
  return apiRequest<DeleteContactFieldResponse>(fieldPath(id), { method: 'DELETE' });
}

/** Re-reads the fields (after a change here; a teammate's arrives as a live frame). */
export function refreshContactFields(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: CONTACT_FIELDS_KEY });
}

/**
 * Sets (or, with null, clears) some of a contact's values; answers all of them. The open
 * conversation's header, where the chat's panel reads them, shows the saved values at once.
 */
export async function saveContactFieldValues(
  client: QueryClient,
  contactId: string,
  values: SetContactFieldValuesInput,
): Promise<ContactFieldValues> {
  const { fields } = await apiRequest<ContactFieldValuesResponse>(
    `/api/contacts/${encodeURIComponent(contactId)}/fields`,
    { method: 'PUT', body: values },
  );
  client.setQueryData<ConversationPages>(messageKeys.conversation(contactId), (data) => {
    const first = data?.pages[0];
    if (!data || !first) return data;
    return { ...data, pages: [{ ...first, contact: { ...first.contact, fields } }, ...data.pages.slice(1)] };
  });
  return fields;
}

/** The live frame's applier (web/api/live.ts). */
export const contactFieldAppliers = {
  'contact_field.changed': (
    { client }: { client: QueryClient },
    _data: ServerEventMap['contact_field.changed'],
  ) => {
    void refreshContactFields(client);
  },
};
