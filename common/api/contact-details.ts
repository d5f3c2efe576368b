import { z } from 'zod';

export const NOTES_MAX_LENGTH = 500;

/** Spec §5 and §8 texts for a contact's notes and name. */
export const CONTACT_MSG = {
  notesTooLong: 'Notes cannot exceed 500 characters',
  notesPlaceholder: 'Add notes about this contact',
  saveNotesFailed: 'Failed to save notes. Please try again.',
} as const;

/** Either field may be sent; both are trimmed. An empty name clears the team's name (WhatsApp's shows again). */
export const updateContactSchema = z
  .object({
    name: z.string().max(200).optional(),
    notes: z.string().optional(),
  })
  .refine((v) => v.name !== undefined || v.notes !== undefined, 'Nothing to update')
  .refine((v) => v.notes === undefined || v.notes.trim().length <= NOTES_MAX_LENGTH, {
    message: CONTACT_MSG.notesTooLong,
    path: ['notes'],
  });
export type UpdateContactInput = z.infer<typeof updateContactSchema>;

/** Spec §3 "Contact stats": audio counts as documents. */
export type ContactStats = {
  firstContactDate: string;
  messageCount: number;
  mediaCount: { photos: number; videos: number; documents: number };
};

/**
 * Spec §3 "Contact media item"; `filename` defaults to Image, Video, Audio or Document. `url` is null
 * while an incoming file still downloads (or when it could not be fetched); `thumbnailUrl` is the small
 * preview the browser made for an outgoing photo or video, else the photo itself, else null.
 */
export type ContactMediaItem = {
  id: string;
  type: 'image' | 'video' | 'document' | 'audio';
  url: string | null;
  thumbnailUrl: string | null;
  filename: string;
  /** For the document cards ('218 kB / 4 pages'); null when unknown. */
  fileSize: number | null;
  mimeType: string | null;
  createdAt: string;
  messageId: string;
  mediaId: string;
  direction: 'incoming' | 'outgoing';
};
export type ContactMediaResponse = { items: ContactMediaItem[] };

export const contactMediaQuerySchema = z.object({
  /** The panel's two tabs: photos and videos, or documents (and audio). */
  tab: z.enum(['media', 'docs']).default('media'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const contactStateSchema = z.object({
  archived: z.boolean().optional(),
  blocked: z.boolean().optional(),
});
