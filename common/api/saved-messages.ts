import { z } from 'zod';
import { type SavedInteractive, savedInteractiveSchema } from './interactive';

/** Saved (canned) messages: spec §3 saved_messages, §5 attachments, §6 permissions, §8, §9. */

export const SAVED_MSG = {
  titleRequired: 'Please enter a title for your saved message',
  onlyOwnersCreate: 'Only team owners can create or edit saved messages.',
  onlyOwnersEdit: 'Only team owners can edit saved messages.',
  onlyOwnersDelete: 'Only team owners can delete saved messages.',
  uploadFailed: 'Failed to upload file. Please try again.',
  saveFailed: 'Failed to save message. Please try again.',
  deleteFailed: 'Failed to delete saved message. Please try again.',
  noTeam: 'No team found. Please contact your administrator.',
  savingError: 'An error occurred while saving. Please try again.',
  notFound: 'Saved message not found',
  attachmentNotFound: 'The attachment was not found. Please upload it again.',
  fileTooLarge: (kind: string, megabytes: number) =>
    `File size too large. Maximum size for ${kind}s is ${megabytes}MB`,
  unsupportedType: (kind: string, list: string) =>
    `Unsupported file type. Supported types for ${kind}s are: ${list}`,
} as const;

export type SavedAttachmentKind = 'image' | 'audio' | 'video' | 'document';

/** Spec §5 "Saved message attachments": size limit and the types the message lists, per kind. */
export const SAVED_ATTACHMENT_RULES: Record<
  SavedAttachmentKind,
  { maxMb: number; types: string[]; mimeTypes: string[] }
> = {
  image: { maxMb: 5, types: ['jpeg', 'png'], mimeTypes: ['image/jpeg', 'image/png'] },
  audio: {
    maxMb: 16,
    types: ['aac', 'mp4', 'mpeg', 'amr', 'ogg'],
    mimeTypes: ['audio/aac', 'audio/mp4', 'audio/mpeg', 'audio/amr', 'audio/ogg'],
  },
  video: { maxMb: 16, types: ['mp4', '3gpp'], mimeTypes: ['video/mp4', 'video/3gpp'] },
  document: {
    maxMb: 100,
    types: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt'],
    mimeTypes: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'text/plain',
    ],
  },
};

/** Which kind a MIME type belongs to (by its family; anything else is a document). */
export function attachmentKindOf(mimeType: string): SavedAttachmentKind {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'document';
}

/**
 * The spec's refusal for a file, or null when it may be attached. The browser calls it with the type
 * it was told; the server with the type the bytes show.
 */
export function savedAttachmentProblem(mimeType: string, size: number): string | null {
  const kind = attachmentKindOf(mimeType);
  const rule = SAVED_ATTACHMENT_RULES[kind];
  if (!rule.mimeTypes.includes(mimeType) || size === 0) {
    return SAVED_MSG.unsupportedType(kind, rule.types.join(', '));
  }
  if (size > rule.maxMb * 1024 * 1024) return SAVED_MSG.fileTooLarge(kind, rule.maxMb);
  return null;
}

/** POST /api/saved-messages and PUT /api/saved-messages/:id. */
export const saveSavedMessageSchema = z.object({
  name: z.string().max(200),
  content: z.string().max(4096).default(''),
  /** From POST /api/saved-messages/attachments; null removes the attachment. */
  attachmentId: z.uuid().nullable().default(null),
  /**
   * Reply buttons, a list or a link button to keep instead of a text (issue 17); checked with the
   * send's schema. Its body is kept as `content` too, so lists and previews read like a text.
   */
  interactive: savedInteractiveSchema.nullable().default(null),
});
export type SaveSavedMessageInput = z.input<typeof saveSavedMessageSchema>;

export type SavedAttachment = {
  id: string;
  kind: SavedAttachmentKind;
  mimeType: string;
  filename: string | null;
  size: number | null;
  /** GET it (same origin, the session cookie) to show or to send it again as media. */
  url: string;
};

export type SavedMessageView = {
  id: string;
  name: string;
  content: string;
  mediaType: 'text' | SavedAttachmentKind;
  attachment: SavedAttachment | null;
  /** Set for a saved interactive message: sent as it is with POST /api/contacts/:id/messages. */
  interactive: SavedInteractive | null;
  createdAt: string;
  updatedAt: string;
};

/** GET /api/saved-messages: the team's messages, newest first, and what the caller may do. */
export type SavedMessagesResponse = {
  savedMessages: SavedMessageView[];
  abilities: { create: boolean; edit: boolean; delete: boolean };
};
export type SavedMessageResponse = { savedMessage: SavedMessageView };
export type SavedAttachmentResponse = { attachment: SavedAttachment };

/** Spec §9 previews: 150 characters for text and 100 for captions in the list, 60 in the picker. */
export const SAVED_PREVIEW = { listText: 150, listCaption: 100, picker: 60, deleteName: 30 } as const;

/** Cuts a text at `max` characters with '...' when it is longer. */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
