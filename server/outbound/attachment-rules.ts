import { formatMegabytes, INBOX_MSG, MEDIA_LIMITS, type MediaKind } from '@common/api/inbox';
import type { Sniffed } from './sniff';

export type AttachmentVerdict =
  | { ok: true; kind: MediaKind; mimeType: string }
  | { ok: false; code: 'media_type' | 'media_too_large'; message: string };

function typeProblem(kind: MediaKind, sniffed: Sniffed): AttachmentVerdict {
  const message =
    kind === 'image'
      ? INBOX_MSG.imageType
      : kind === 'video'
        ? INBOX_MSG.videoType(sniffed.mimeType)
        : kind === 'audio'
          ? INBOX_MSG.audioType
          : INBOX_MSG.documentType;
  return { ok: false, code: 'media_type', message };
}

function sizeProblem(kind: MediaKind, size: number): AttachmentVerdict {
  const message =
    kind === 'image'
      ? INBOX_MSG.imageSize
      : kind === 'video'
        ? INBOX_MSG.videoSize(formatMegabytes(size))
        : kind === 'audio'
          ? INBOX_MSG.audioSize
          : INBOX_MSG.documentSize;
  return { ok: false, code: 'media_too_large', message };
}

/** Which family's message explains a file that fits no kind ('image/gif' → the image message). */
function familyOf(mimeType: string): MediaKind {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  return 'document';
}

/**
 * Spec §5's checks on what the bytes turned out to be. `requested` is the composer button (image,
 * video, document); the bytes must be of that kind. Without it the bytes choose the kind.
 */
export function checkAttachment(sniffed: Sniffed, size: number, requested?: MediaKind): AttachmentVerdict {
  const kind = requested ?? sniffed.kind ?? familyOf(sniffed.mimeType);
  if (sniffed.kind !== kind) return typeProblem(kind, sniffed);
  if (size > MEDIA_LIMITS[kind].maxBytes) return sizeProblem(kind, size);
  if (size === 0) return typeProblem(kind, sniffed);
  return { ok: true, kind, mimeType: sniffed.mimeType };
}
