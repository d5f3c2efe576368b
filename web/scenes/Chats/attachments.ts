import {
  CAPTION_MAX_LENGTH,
  DOCUMENT_EXTENSIONS,
  formatMegabytes,
  INBOX_MSG,
  MEDIA_LIMITS,
} from '@common/api/inbox';
import { COPY } from '../../copy';

/**
 * The composer's attachment rules (spec §5 "Composer media"), checked in the browser before anything
 * is uploaded, with the spec's words; the server checks the bytes again. Images over 5 MB are first
 * shrunk (2000 px longest side, JPEG 0.7) and refused only if still too big.
 */
export type AttachKind = 'image' | 'video' | 'document' | 'audio';

export const ACCEPT: Record<AttachKind, string> = {
  image: 'image/jpeg,image/png',
  video: 'video/mp4,video/3gpp',
  document: DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(','),
  audio: MEDIA_LIMITS.audio.mimeTypes.join(','),
};

export const IMAGE_RESIZE_MAX_SIDE = 2000;
export const IMAGE_QUALITY = 0.7;
export const IMAGE_THUMBNAIL_MAX_SIDE = 200;
export const VIDEO_THUMBNAIL_MAX_WIDTH = 320;
export const VIDEO_THUMBNAIL_MAX_SECONDS = 3;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The type problem of a file for a kind, or null. */
export function checkType(file: File, kind: AttachKind): string | null {
  if (kind === 'image') {
    return (MEDIA_LIMITS.image.mimeTypes as readonly string[]).includes(file.type)
      ? null
      : INBOX_MSG.imageType;
  }
  if (kind === 'video') {
    return (MEDIA_LIMITS.video.mimeTypes as readonly string[]).includes(file.type)
      ? null
      : INBOX_MSG.videoType(file.type || 'unknown');
  }
  if (kind === 'audio') {
    const base = file.type.split(';')[0]?.trim() ?? '';
    return (MEDIA_LIMITS.audio.mimeTypes as readonly string[]).includes(base) ? null : INBOX_MSG.audioType;
  }
  const byName = (DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  const byType = (MEDIA_LIMITS.document.mimeTypes as readonly string[]).includes(file.type);
  return byName || byType ? null : INBOX_MSG.documentType;
}

/** The size problem of a file (after any resizing) for a kind, or null. */
export function checkSize(file: File, kind: AttachKind): string | null {
  if (file.size <= MEDIA_LIMITS[kind].maxBytes) return null;
  if (kind === 'image') return INBOX_MSG.imageSize;
  if (kind === 'video') return INBOX_MSG.videoSize(formatMegabytes(file.size));
  if (kind === 'audio') return INBOX_MSG.audioSize;
  return INBOX_MSG.documentSize;
}

/** Images over the limit may still be sent once shrunk; everything else is checked as picked. */
export function validateAttachment(file: File, kind: AttachKind): string | null {
  const typeProblem = checkType(file, kind);
  if (typeProblem) return typeProblem;
  if (kind === 'image') return null;
  return checkSize(file, kind);
}

export function validateCaption(caption: string): string | null {
  return caption.trim().length > CAPTION_MAX_LENGTH ? INBOX_MSG.captionTooLong : null;
}

/** The dimensions that fit `width`×`height` into a `maxSide` box, never upscaling. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

// ---------------------------------------------------------------------------------------------------
// Browser processing (canvas); not run in unit tests, exercised by the e2e suite.
// ---------------------------------------------------------------------------------------------------

export type PreparedAttachment = {
  kind: AttachKind;
  file: File;
  thumbnail: Blob | null;
  /** An object URL for the preview in the composer (revoke when done). */
  previewUrl: string | null;
};

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(COPY.failedToLoadImage));
    };
    image.src = url;
  });
}

function drawToJpeg(
  source: CanvasImageSource,
  width: number,
  height: number,
  quality = IMAGE_QUALITY,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no canvas'));
  // JPEG has no transparency: paint PNGs on white rather than black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(source, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no blob'))), 'image/jpeg', quality);
  });
}

function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  return `${dot > 0 ? name.slice(0, dot) : name || 'image'}.jpg`;
}

/** Shrinks an image over 5 MB and makes its 200 px thumbnail; throws with the spec's message. */
export async function prepareImage(file: File): Promise<PreparedAttachment> {
  const image = await loadImage(file);
  try {
    let result = file;
    if (file.size > MEDIA_LIMITS.image.maxBytes) {
      const size = fitWithin(image.naturalWidth, image.naturalHeight, IMAGE_RESIZE_MAX_SIDE);
      const blob = await drawToJpeg(image, size.width, size.height);
      result = new File([blob], jpegName(file.name), { type: 'image/jpeg' });
    }
    const thumbSize = fitWithin(image.naturalWidth, image.naturalHeight, IMAGE_THUMBNAIL_MAX_SIDE);
    const thumbnail = await drawToJpeg(image, thumbSize.width, thumbSize.height);
    const sizeProblem = checkSize(result, 'image');
    if (sizeProblem) throw new Error(sizeProblem);
    return { kind: 'image', file: result, thumbnail, previewUrl: URL.createObjectURL(result) };
  } catch (error) {
    if (error instanceof Error && error.message === INBOX_MSG.imageSize) throw error;
    throw new Error(COPY.failedToProcessImage);
  }
}

/** A poster frame from the half-point of the video, at most 3 s in, at most 320 px wide. */
export async function prepareVideo(file: File): Promise<PreparedAttachment> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  video.playsInline = true;
  try {
    await new Promise<void>((resolve, reject) => {
      video.onloadeddata = () => resolve();
      video.onerror = () => reject(new Error(COPY.failedToLoadVideo));
      video.src = url;
    });
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    const at = Math.min(duration / 2, VIDEO_THUMBNAIL_MAX_SECONDS);
    await new Promise<void>((resolve, reject) => {
      const timer = window.setTimeout(() => reject(new Error(COPY.failedToGenerateVideoThumbnail)), 5000);
      video.onseeked = () => {
        window.clearTimeout(timer);
        resolve();
      };
      video.currentTime = at;
    });
    const scale = Math.min(1, VIDEO_THUMBNAIL_MAX_WIDTH / (video.videoWidth || VIDEO_THUMBNAIL_MAX_WIDTH));
    const width = Math.max(1, Math.round((video.videoWidth || 320) * scale));
    const height = Math.max(1, Math.round((video.videoHeight || 180) * scale));
    const thumbnail = await drawToJpeg(video, width, height).catch(() => {
      throw new Error(COPY.failedToGenerateVideoThumbnail);
    });
    return { kind: 'video', file, thumbnail, previewUrl: URL.createObjectURL(thumbnail) };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (message === COPY.failedToLoadVideo || message === COPY.failedToGenerateVideoThumbnail) throw error;
    throw new Error(COPY.failedToProcessVideo);
  } finally {
    URL.revokeObjectURL(url);
    video.removeAttribute('src');
  }
}

/** Checks and prepares a picked file; throws an Error whose message is the spec's text. */
export async function prepareAttachment(file: File, kind: AttachKind): Promise<PreparedAttachment> {
  const problem = validateAttachment(file, kind);
  if (problem) throw new Error(problem);
  if (kind === 'image') return prepareImage(file);
  if (kind === 'video') return prepareVideo(file);
  return { kind, file, thumbnail: null, previewUrl: null };
}
