/** A photo, video, document or voice note the composer sends (web/api/messages.ts `sendMedia`). */
export type MediaSend = {
  kind: 'image' | 'video' | 'document' | 'audio';
  file: File;
  thumbnail: Blob | null;
  caption: string;
  /** A local URL to show the picture while it uploads. */
  previewUrl: string | null;
  /** A microphone recording: sent as a voice note (the server makes it Ogg/Opus). */
  voice?: boolean;
};

const MEDIA_ICON = { image: '📷', video: '🎥', document: '📄', audio: '🎵' } as const;
const MEDIA_WORD = { image: 'Photo', video: 'Video', document: 'Document', audio: 'Audio' } as const;

/** The chat list's line for a media send while it uploads (the server's previewFor says the same). */
export function mediaPreview(media: MediaSend, caption: string): string {
  if (media.voice) return '🎤 Voice message';
  if (media.kind === 'document') return `📄 ${media.file.name}`;
  return `${MEDIA_ICON[media.kind]} ${caption || MEDIA_WORD[media.kind]}`;
}
