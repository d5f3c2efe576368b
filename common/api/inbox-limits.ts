/**
 * The inbox's limits and the spec's words for the chats screen (spec §5, §8, §9 — word for word
 * where the spec gives the words). `inbox.ts` re-exports all of it, so callers import from there.
 */

/** The customer service window: free-form messages only within 24 h of the customer's last message. */
export const FREEFORM_WINDOW_HOURS = 24;
export const FREEFORM_WINDOW_MS = FREEFORM_WINDOW_HOURS * 60 * 60 * 1000;
/** Window colours (spec §4): over 12 h green, 2–12 h amber, under 2 h red and pulsing. */
export const WINDOW_WARN_MS = 12 * 60 * 60 * 1000;
export const WINDOW_URGENT_MS = 2 * 60 * 60 * 1000;

export const TEXT_MAX_LENGTH = 4096;
export const CAPTION_MAX_LENGTH = 1024;
export const CONTACT_PAGE_SIZE = 50;
export const MESSAGE_PAGE_SIZE = 50;

const MB = 1024 * 1024;
/** What the server accepts per kind of attachment (type checked by the file's bytes, not its name). */
export const MEDIA_LIMITS = {
  image: { maxBytes: 5 * MB, mimeTypes: ['image/jpeg', 'image/png'] },
  video: { maxBytes: 16 * MB, mimeTypes: ['video/mp4', 'video/3gpp'] },
  audio: {
    maxBytes: 16 * MB,
    mimeTypes: ['audio/aac', 'audio/mp4', 'audio/mpeg', 'audio/amr', 'audio/ogg'],
  },
  document: {
    maxBytes: 100 * MB,
    mimeTypes: [
      'text/plain',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/pdf',
    ],
  },
} as const;
export type MediaKind = keyof typeof MEDIA_LIMITS;
/** Thumbnails the browser makes (JPEG/PNG) are at most this big. */
export const THUMBNAIL_MAX_BYTES = 1 * MB;

/** Document types as the spec lists them, in its order. */
export const DOCUMENT_EXTENSIONS = ['txt', 'xls', 'xlsx', 'doc', 'docx', 'ppt', 'pptx', 'pdf'] as const;
export const AUDIO_FORMATS = ['aac', 'mp4', 'mpeg', 'amr', 'ogg'] as const;

/** A size in MB the way the video message shows it ('Your file is 17.25MB.'). */
export function formatMegabytes(bytes: number): string {
  return (bytes / MB).toFixed(2);
}

export const INBOX_MSG = {
  // Composer media (spec §5)
  imageType: 'Only JPEG and PNG images are supported',
  imageSize: 'Image size must be less than 5MB',
  videoType: (type: string) =>
    `Unsupported video format. WhatsApp only supports MP4 and 3GPP videos. Your file is ${type}.`,
  videoSize: (megabytes: string) => `Video exceeds maximum size of 16MB. Your file is ${megabytes}MB.`,
  documentType: `Unsupported document type. Supported types: ${DOCUMENT_EXTENSIONS.join(', ')}.`,
  documentSize: 'Document size must be less than 100MB',
  // Saved-message attachment wording (spec §5), used for audio, which the composer does not offer.
  audioType: `Unsupported file type. Supported types for audios are: ${AUDIO_FORMATS.join(', ')}`,
  audioSize: 'File size too large. Maximum size for audios is 16MB',
  // Voice notes from the composer's microphone (issue 17)
  voiceNoteUnconvertible: 'This recording could not be converted to a voice note',
  voiceNoteNeedsOpus:
    'This browser recorded the voice note in a format the server cannot convert. Record it in Chrome, ' +
    'Edge or Firefox (they record Opus), or ask your administrator to set FFMPEG_PATH to an ffmpeg with libopus.',
  microphoneDenied: 'Allow microphone access to record a voice message',
  captionTooLong: `Caption cannot exceed ${CAPTION_MAX_LENGTH} characters`,
  videoOrThumbnailMissing: 'Video or thumbnail is missing',
  // Sending (spec §5 "Storing a message", §8 "Sending")
  textRequired: 'message is required for text messages',
  textTooLong: `Message cannot exceed ${TEXT_MAX_LENGTH} characters`,
  fileRequired: 'Please choose a file to send',
  failedToSend: {
    text: 'Failed to send message',
    image: 'Failed to send image',
    video: 'Failed to send video',
    document: 'Failed to send document',
    audio: 'Failed to send audio',
    reaction: 'Failed to send reaction',
  },
  sentSuccessfully: {
    image: 'Image sent successfully',
    video: 'Video sent successfully',
    document: 'Document sent successfully',
    reaction: 'Reaction sent',
  },
  noMessageId: 'Failed to send message: No message ID received',
  sendingVideo: 'Sending video...',
  // Reactions and replies (spec §4)
  cannotReact: 'Cannot react to non-existent message',
  replyDeleted: 'This message was deleted.',
  replyNotSent: 'This message has not been sent yet, so it cannot be quoted.',
  // Window (spec §4 "Messaging window"); the UI opens 'Send Template Message' on window_closed.
  windowClosed:
    'More than 24 hours have passed since this customer last messaged you. Until they reply, you can only send an approved template.',
  onlyFailedRetry: 'Only a failed message can be sent again.',
  // Account access in the chat (spec §8)
  accountNotConnected: 'WhatsApp account not connected. Please connect your account in settings.',
  teamAccountNotFound: 'Team WhatsApp account not found. Please contact your team admin.',
  teamAccountInaccessible: 'Unable to access team WhatsApp account. Please refresh the page.',
  teamAccountUnavailable: 'Team WhatsApp account temporarily unavailable. Please try again.',
  tokenMissing: 'WhatsApp access token not found. Please reconnect your WhatsApp account.',
  // Contact list (spec §2)
  emptyUnassigned: 'No unassigned contacts',
  emptyMine: 'No contacts assigned to you',
  emptyTeam: 'No contacts assigned to team members',
  searchPlaceholder: 'Search contacts...',
  unknownName: 'Unknown',
  loadingMessages: 'Loading messages...',
  errorLoadingMessages: 'Error loading messages. Please try again.',
} as const;
