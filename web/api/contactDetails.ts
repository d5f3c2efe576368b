import type { ContactMediaResponse, ContactStats } from '@common/api/contact-details';
import type { ContactDetail, ContactListItem, ContactResponse } from '@common/api/inbox';
import {
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from './client';
import { applyContact, type ContactPages, countsQuery, inboxKeys, loadRetry, loadRetryDelay } from './inbox';
import type { ConversationPages } from './messageList';
import { conversationQuery, messageKeys } from './messages';

/**
 * The contact panel of the chats screen: stats and files, notes, archive/block and delete. The
 * contact itself (name, tags, assignee, notes) is the open conversation's header row, which live
 * events keep current; notes are not on the live rows, so they are re-read when the row changes.
 */

export type MediaTab = 'media' | 'docs';

export const contactDetailKeys = {
  all: (contactId: string) => ['contact-details', contactId] as const,
  stats: (contactId: string) => ['contact-details', contactId, 'stats'] as const,
  media: (contactId: string, tab: MediaTab) => ['contact-details', contactId, 'media', tab] as const,
};

/** How many files a tab shows (the newest). */
export const MEDIA_TAB_LIMIT = 100;

export function statsQuery(contactId: string) {
  return queryOptions({
    queryKey: contactDetailKeys.stats(contactId),
    queryFn: ({ signal }) => apiRequest<ContactStats>(`/api/contacts/${contactId}/stats`, { signal }),
    retry: loadRetry,
    retryDelay: loadRetryDelay,
    staleTime: 60_000,
  });
}

export function mediaQuery(contactId: string, tab: MediaTab) {
  return queryOptions({
    queryKey: contactDetailKeys.media(contactId, tab),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<ContactMediaResponse>(
          `/api/contacts/${contactId}/media?tab=${tab}&limit=${MEDIA_TAB_LIMIT}`,
          { signal },
        )
      ).items,
    retry: loadRetry,
    retryDelay: loadRetryDelay,
    staleTime: 60_000,
  });
}

/** Stats and file lists are re-read (when shown) after the conversation gained a message or a file. */
export function refreshContactFiles(client: QueryClient, contactId: string): void {
  void client.invalidateQueries({ queryKey: contactDetailKeys.all(contactId) });
}

function writeDetail(
  client: QueryClient,
  contactId: string,
  change: (contact: ContactDetail) => ContactDetail,
): void {
  client.setQueryData<ConversationPages>(messageKeys.conversation(contactId), (data) => {
    const first = data?.pages[0];
    if (!data || !first) return data;
    return { ...data, pages: [{ ...first, contact: change(first.contact) }, ...data.pages.slice(1)] };
  });
}

/**
 * Re-reads the contact (for its notes, which live rows do not carry) and writes it into the open
 * conversation's header unless the cached row is newer.
 */
export async function refreshContactDetail(client: QueryClient, contactId: string): Promise<void> {
  const { contact } = await apiRequest<ContactResponse>(`/api/contacts/${contactId}`);
  writeDetail(client, contactId, (current) =>
    Date.parse(contact.updatedAt) >= Date.parse(current.updatedAt)
      ? contact
      : { ...current, notes: contact.notes },
  );
}

/** Saves the notes (the server trims them too) and shows the saved text at once. */
export async function saveNotes(client: QueryClient, contactId: string, notes: string): Promise<string> {
  const saved = await apiRequest<{ name: string; notes: string }>(`/api/contacts/${contactId}`, {
    method: 'PATCH',
    body: { notes: notes.trim() },
  });
  writeDetail(client, contactId, (current) => ({ ...current, notes: saved.notes }));
  return saved.notes;
}

/** The list row part of a header row (the lists never hold notes). */
function listItemOf(contact: ContactListItem): ContactListItem {
  const { profileName: _profileName, notes: _notes, ...item } = contact as ContactDetail;
  return item;
}

/**
 * Archives or blocks the contact (or undoes it). Archived contacts leave every tab at once, here
 * and, through the live feed, for every teammate; a new message from them brings them back.
 */
export async function setContactState(
  client: QueryClient,
  contact: ContactListItem,
  state: { archived?: boolean; blocked?: boolean },
  meId: string | null,
): Promise<void> {
  await apiRequest<void>(`/api/contacts/${contact.id}/state`, { method: 'POST', body: state });
  // The server's row arrives with the live event (newer `updatedAt`) and replaces this one.
  applyContact(client, { ...listItemOf(contact), ...state }, meId);
}

/**
 * Deletes the contact and its whole conversation (owners); it leaves every cached list at once. The
 * conversation's own cache is dropped by the live `contact.deleted` event, once the screen has closed
 * it (dropping it while it is still shown would refetch it and flash an error).
 */
export async function deleteContact(client: QueryClient, contactId: string): Promise<void> {
  await apiRequest<void>(`/api/contacts/${contactId}`, { method: 'DELETE' });
  for (const [key, data] of client.getQueriesData<ContactPages>({ queryKey: inboxKeys.lists })) {
    if (!data?.pages.some((p) => p.contacts.some((c) => c.id === contactId))) continue;
    client.setQueryData<ContactPages>(key, {
      ...data,
      pages: data.pages.map((p) => ({ ...p, contacts: p.contacts.filter((c) => c.id !== contactId) })),
    });
  }
  void client.invalidateQueries({ queryKey: ['inbox', 'counts'] });
}

// ---------------------------------------------------------------------------------------------------
// Hooks
// ---------------------------------------------------------------------------------------------------

type PanelView = { contact: ContactDetail | null; filesKey: string };

/** The header row, and a key that changes when the conversation gains a message or a file finishes. */
function selectPanelView(data: ConversationPages): PanelView {
  const first = data.pages[0];
  const messages = first?.messages ?? [];
  const ready = messages.filter((m) => m.media?.status === 'ready').length;
  return { contact: first?.contact ?? null, filesKey: `${messages[0]?.id ?? ''}:${ready}` };
}

/**
 * The open contact for the panel, from the conversation's cache (live events keep it current). When
 * the row changes, its notes are re-read (a teammate may have edited them); when the conversation
 * gains a message or a file, the stats and file lists are refetched.
 */
export function useContactPanel(contactId: string): {
  contact: ContactDetail | null;
  isPending: boolean;
  isError: boolean;
} {
  const client = useQueryClient();
  const query = useInfiniteQuery({ ...conversationQuery(contactId), select: selectPanelView });
  const contact = query.data?.contact ?? null;
  const updatedAt = contact?.updatedAt ?? null;
  const filesKey = query.data?.filesKey ?? null;

  // What was seen of this contact so far: the first values (or another contact's) refresh nothing.
  const seenUpdate = useRef<string | null>(null);
  useEffect(() => {
    if (updatedAt === null) return;
    const key = `${contactId} ${updatedAt}`;
    const previous = seenUpdate.current;
    seenUpdate.current = key;
    if (previous !== null && previous !== key && previous.startsWith(`${contactId} `)) {
      void refreshContactDetail(client, contactId).catch(() => {});
    }
  }, [client, contactId, updatedAt]);

  const seenFiles = useRef<string | null>(null);
  useEffect(() => {
    if (filesKey === null) return;
    const key = `${contactId} ${filesKey}`;
    const previous = seenFiles.current;
    seenFiles.current = key;
    if (previous !== null && previous !== key && previous.startsWith(`${contactId} `)) {
      refreshContactFiles(client, contactId);
    }
  }, [client, contactId, filesKey]);

  return { contact, isPending: query.isPending, isError: query.isError };
}

/** Whether the signed-in user may delete contacts (owners), from the tab counts' abilities. */
export function useCanDeleteContacts(): boolean {
  const counts = useQuery(countsQuery({ q: '', tagIds: [] }));
  return counts.data?.abilities.deleteContacts ?? false;
}
