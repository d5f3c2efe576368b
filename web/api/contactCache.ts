import type { ContactDetail, ContactListItem } from '@common/api/inbox';
import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from './client';
import { type ContactPages, inboxKeys } from './inboxKeys';
import type { ConversationPages } from './messageList';

/**
 * Optimistic edits of a contact that do not move it between tabs (tags, name): the change is written
 * into every cached list row and into the open conversation's header. Live events carrying the
 * server's row replace it afterwards (they are at least as new: `updatedAt` is kept here).
 */
export function patchCachedContact(
  client: QueryClient,
  contactId: string,
  change: (contact: ContactListItem) => ContactListItem,
): void {
  for (const [key, data] of client.getQueriesData<ContactPages>({ queryKey: inboxKeys.lists })) {
    if (!data?.pages.some((p) => p.contacts.some((c) => c.id === contactId))) continue;
    client.setQueryData<ContactPages>(key, {
      ...data,
      pages: data.pages.map((page) =>
        page.contacts.some((c) => c.id === contactId)
          ? { ...page, contacts: page.contacts.map((c) => (c.id === contactId ? change(c) : c)) }
          : page,
      ),
    });
  }
  client.setQueryData<ConversationPages>(['messages', contactId], (data) => {
    const first = data?.pages[0];
    if (!data || !first) return data;
    const contact: ContactDetail = { ...first.contact, ...change(first.contact) };
    return { ...data, pages: [{ ...first, contact }, ...data.pages.slice(1)] };
  });
}

/** Every cached row of the account's contacts, once each (lists first, then open conversations). */
export function cachedContacts(client: QueryClient): Map<string, ContactListItem> {
  const found = new Map<string, ContactListItem>();
  for (const [, data] of client.getQueriesData<ContactPages>({ queryKey: inboxKeys.lists })) {
    for (const page of data?.pages ?? []) {
      for (const contact of page.contacts) if (!found.has(contact.id)) found.set(contact.id, contact);
    }
  }
  for (const [, data] of client.getQueriesData<ConversationPages>({ queryKey: ['messages'] })) {
    const contact = data?.pages?.[0]?.contact;
    if (contact && !found.has(contact.id)) found.set(contact.id, contact);
  }
  return found;
}

/**
 * The text for a failed contact action: the server's own reason when it refused the request (4xx:
 * 'Only team owners can assign to others', 'A tag with this name already exists'), else the spec's
 * text for the action ('Failed to assign contact', 'Failed to create tag'…).
 */
export function actionFailureText(error: unknown, fallback: string): string {
  if (
    error instanceof ApiRequestError &&
    error.hasServerMessage &&
    error.status >= 400 &&
    error.status < 500
  ) {
    return error.message;
  }
  return fallback;
}

export const NAME_SAVE_FAILED = 'Failed to save name. Please try again.';

/**
 * Saves the name the team gives a contact (spec §5: trimmed, saved only when changed). It shows at
 * once; an empty name brings back the customer's WhatsApp profile name. Undone when refused.
 */
export async function saveContactName(
  client: QueryClient,
  contact: Pick<ContactDetail, 'id' | 'name' | 'profileName'>,
  typed: string,
): Promise<void> {
  const name = typed.trim();
  if (name === contact.name) return;
  const before = contact.name;
  patchCachedContact(client, contact.id, (c) => ({ ...c, name: name || contact.profileName }));
  try {
    const saved = await apiRequest<{ name: string }>(`/api/contacts/${contact.id}`, {
      method: 'PATCH',
      body: { name },
    });
    patchCachedContact(client, contact.id, (c) => ({ ...c, name: saved.name }));
  } catch (error) {
    patchCachedContact(client, contact.id, (c) => ({ ...c, name: before }));
    throw new Error(actionFailureText(error, NAME_SAVE_FAILED));
  }
}
