import type { TagSummary } from '@common/api/inbox';
import { TAG_MSG, type Tag, type TagContactsResponse } from '@common/api/tags';
import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { actionFailureText, cachedContacts, patchCachedContact } from './contactCache';
import { inboxKeys, tagsQuery } from './inboxKeys';

/**
 * Tags: the account's list (create, rename, delete) and putting tags on contacts. Adding and removing
 * a tag is optimistic (spec §4): the rows and the open header change at once and go back when the
 * server refuses. Teammates hear of every change through `contact.tagged` live events.
 */

/** A failed tag action, carrying the text to show (the server's message when it sent one). */
export class TagActionError extends Error {}

/** The server's order for tags: by name in any letter case (`lower(name)`), then id. */
export function byName(a: TagSummary, b: TagSummary): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function updateTagList(client: QueryClient, change: (tags: Tag[]) => Tag[]): void {
  client.setQueryData<Tag[]>(inboxKeys.tags, (tags) => (tags ? change(tags) : tags));
}

/** Every cached contact carrying `tagId` gets `change` applied to its tag list. */
function patchContactsWithTag(
  client: QueryClient,
  tagId: string,
  change: (tags: TagSummary[]) => TagSummary[],
): void {
  for (const contact of cachedContacts(client).values()) {
    if (contact.tags.some((t) => t.id === tagId)) {
      patchCachedContact(client, contact.id, (c) => ({ ...c, tags: change(c.tags) }));
    }
  }
}

/** The exact name is case-insensitively the same as an existing tag's (spec §5: no Create then). */
export function findTagByName<T extends { name: string }>(tags: readonly T[], name: string): T | undefined {
  const wanted = name.trim().toLowerCase();
  return tags.find((t) => t.name.trim().toLowerCase() === wanted);
}

export async function createTag(client: QueryClient, name: string): Promise<Tag> {
  try {
    const { tag } = await apiRequest<{ tag: Tag }>('/api/tags', {
      method: 'POST',
      body: { name: name.trim() },
    });
    updateTagList(client, (tags) => [...tags.filter((t) => t.id !== tag.id), tag].sort(byName));
    return tag;
  } catch (error) {
    throw new TagActionError(actionFailureText(error, TAG_MSG.createFailed));
  }
}

export async function renameTag(client: QueryClient, tag: TagSummary, name: string): Promise<void> {
  const next = name.trim();
  const rename = <T extends TagSummary>(t: T): T => (t.id === tag.id ? { ...t, name: next } : t);
  const restore = <T extends TagSummary>(t: T): T => (t.id === tag.id ? { ...t, name: tag.name } : t);
  updateTagList(client, (tags) => tags.map(rename).sort(byName));
  patchContactsWithTag(client, tag.id, (tags) => tags.map(rename));
  try {
    await apiRequest<null>(`/api/tags/${tag.id}`, { method: 'PATCH', body: { name: next } });
  } catch (error) {
    updateTagList(client, (tags) => tags.map(restore).sort(byName));
    patchContactsWithTag(client, tag.id, (tags) => tags.map(restore));
    throw new TagActionError(actionFailureText(error, TAG_MSG.updateFailed));
  }
}

/** Deletes a tag; it comes off every contact (spec §5). Not optimistic: the user confirmed a removal. */
export async function deleteTag(client: QueryClient, tag: TagSummary): Promise<void> {
  try {
    await apiRequest<null>(`/api/tags/${tag.id}`, { method: 'DELETE' });
  } catch (error) {
    throw new TagActionError(actionFailureText(error, TAG_MSG.deleteFailed));
  }
  updateTagList(client, (tags) => tags.filter((t) => t.id !== tag.id));
  patchContactsWithTag(client, tag.id, (tags) => tags.filter((t) => t.id !== tag.id));
}

function refreshTagCounts(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: inboxKeys.tags });
}

/**
 * Puts a tag on contacts. Ones that already carry it are skipped (here and on the server), so a
 * failure only takes it off the contacts this call added it to.
 */
export async function addTagToContacts(
  client: QueryClient,
  tag: TagSummary,
  contactIds: readonly string[],
): Promise<TagContactsResponse> {
  const contacts = cachedContacts(client);
  const changed = contactIds.filter((id) => !contacts.get(id)?.tags.some((t) => t.id === tag.id));
  for (const id of changed) {
    patchCachedContact(client, id, (c) =>
      c.tags.some((t) => t.id === tag.id)
        ? c
        : { ...c, tags: [...c.tags, { id: tag.id, name: tag.name }].sort(byName) },
    );
  }
  try {
    return await apiRequest<TagContactsResponse>(`/api/tags/${tag.id}/contacts`, {
      method: 'POST',
      body: { contactIds },
    });
  } catch (error) {
    for (const id of changed) {
      patchCachedContact(client, id, (c) => ({ ...c, tags: c.tags.filter((t) => t.id !== tag.id) }));
    }
    throw new TagActionError(actionFailureText(error, TAG_MSG.addFailed));
  } finally {
    refreshTagCounts(client);
  }
}

/** Takes a tag off contacts (one request each); the ones the server refused get it back. */
export async function removeTagFromContacts(
  client: QueryClient,
  tag: TagSummary,
  contactIds: readonly string[],
): Promise<void> {
  const contacts = cachedContacts(client);
  const positions = new Map(
    contactIds.map((id) => [id, contacts.get(id)?.tags.findIndex((t) => t.id === tag.id)]),
  );
  for (const id of contactIds) {
    patchCachedContact(client, id, (c) => ({ ...c, tags: c.tags.filter((t) => t.id !== tag.id) }));
  }
  const results = await Promise.allSettled(
    contactIds.map((id) => apiRequest<null>(`/api/tags/${tag.id}/contacts/${id}`, { method: 'DELETE' })),
  );
  refreshTagCounts(client);
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!failure) return;
  results.forEach((result, index) => {
    const id = contactIds[index]!;
    const position = positions.get(id);
    if (result.status === 'fulfilled' || position === undefined || position < 0) return;
    patchCachedContact(client, id, (c) => {
      if (c.tags.some((t) => t.id === tag.id)) return c;
      const tags = [...c.tags];
      tags.splice(Math.min(position, tags.length), 0, { id: tag.id, name: tag.name });
      return { ...c, tags };
    });
  });
  throw new TagActionError(actionFailureText(failure.reason, TAG_MSG.removeFailed));
}

/** The tags every one of these contacts carries (spec §4 "common tags"), in the first one's order. */
export function commonTags(contacts: readonly { tags: readonly TagSummary[] }[]): TagSummary[] {
  const [first, ...rest] = contacts;
  if (!first) return [];
  return first.tags.filter((tag) => rest.every((c) => c.tags.some((t) => t.id === tag.id)));
}

/**
 * A tag was renamed or deleted somewhere (the live event names no contact): read the tag list again
 * and bring every cached row and open conversation header in line with it (new names, deleted tags
 * gone) without refetching each conversation.
 */
export async function refreshTagNames(client: QueryClient): Promise<void> {
  let tags: Tag[];
  try {
    tags = await client.fetchQuery({ ...tagsQuery, staleTime: 0 });
  } catch {
    return;
  }
  const byId = new Map(tags.map((t) => [t.id, t.name]));
  for (const contact of cachedContacts(client).values()) {
    const next = contact.tags.flatMap((t) => {
      const name = byId.get(t.id);
      return name === undefined ? [] : [{ id: t.id, name }];
    });
    const same =
      next.length === contact.tags.length && next.every((t, i) => t.name === contact.tags[i]!.name);
    if (!same) patchCachedContact(client, contact.id, (c) => ({ ...c, tags: next }));
  }
}
