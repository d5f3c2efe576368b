import { z } from 'zod';

/** Spec §5 and §8 texts for tags. */
export const TAG_MSG = {
  nameRequired: 'Tag name is required',
  duplicate: 'A tag with this name already exists',
  notFound: 'Tag not found',
  noContacts: 'No contacts provided',
  deleteConfirm: 'Are you sure you want to delete this tag? It will be removed from all contacts.',
  createFailed: 'Failed to create tag',
  updateFailed: 'Failed to update tag',
  deleteFailed: 'Failed to delete tag',
  // The picker (spec §2 "Tag picker"); `{text}` is what was typed.
  searchPlaceholder: 'Search or create tag...',
  create: (text: string) => `Create "${text}"`,
  noMatches: 'No matching tags',
  // Ours: the spec states the optimistic rule, not the words.
  addFailed: 'Failed to add tag',
  removeFailed: 'Failed to remove tag',
} as const;

/** Names are trimmed; a blank one is refused (the picker ignores it before asking). */
const tagName = z
  .string({ error: TAG_MSG.nameRequired })
  .trim()
  .min(1, TAG_MSG.nameRequired)
  .max(50, 'Tag names are at most 50 characters');

export const tagNameSchema = z.object({ name: tagName });
export type TagNameInput = z.infer<typeof tagNameSchema>;

export const tagContactsSchema = z.object({
  contactIds: z.array(z.uuid(), { error: TAG_MSG.noContacts }).min(1, TAG_MSG.noContacts).max(500),
});

export type Tag = { id: string; name: string; contactCount: number };
export type TagListResponse = { tags: Tag[] };
/** Bulk tagging skips contacts that already carry the tag (spec §5). */
export type TagContactsResponse = { added: number; skipped: number };
