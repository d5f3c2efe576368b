import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { INBOX_MSG, MEDIA_LIMITS } from '@common/api/inbox';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import { badRequest, HttpError } from '../lib/http-errors';
import { mediaPath } from '../media/storage';
import { convertToVoiceNote, VoiceNoteCodecError, VoiceNoteError } from '../media/voice-note';
import { type ReceivedFile, uploadedSize } from './receive-upload';
import { SNIFF_BYTES } from './sniff';

/**
 * Turns a recording the composer uploaded into the Ogg/Opus voice note WhatsApp plays, in place: the
 * received file then names the converted file (so the upload's `discard()` still removes whatever is
 * not kept) and the recording is deleted. 400 `media_type` when it is not a recording that can be
 * converted, `media_too_large` over the audio limit; 415 `voice_note_codec` (VOICE_NOTE_NEEDS_OPUS_MSG)
 * when it is not Opus and FFMPEG_PATH names no ffmpeg to re-encode it.
 */
export async function convertVoiceUpload(
  env: Env,
  accountId: string,
  file: ReceivedFile,
  declaredSize: number | null,
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  if (uploadedSize(file, declaredSize) > MEDIA_LIMITS.audio.maxBytes)
    throw badRequest(INBOX_MSG.audioSize, 'media_too_large', 'file');
  if (file.size === 0) throw badRequest(INBOX_MSG.voiceNoteUnconvertible, 'media_type', 'file');
  const output = mediaPath(env, `${accountId}/voice-${randomUUID()}.part`);
  let size: number;
  try {
    ({ size } = await convertToVoiceNote(file.tempPath, output, { ffmpegPath: env.ffmpegPath }));
  } catch (error) {
    if (error instanceof VoiceNoteError) {
      log?.info({ reason: error.reason }, 'a recording could not be converted to a voice note');
      throw badRequest(INBOX_MSG.voiceNoteUnconvertible, 'media_type', 'file');
    }
    if (error instanceof VoiceNoteCodecError) {
      if (error.ffmpegMissing) log?.warn({ codec: error.codec }, 'FFMPEG_PATH names no executable ffmpeg');
      else log?.info({ codec: error.codec }, 'a voice note not in Opus was refused: FFMPEG_PATH is not set');
      throw new HttpError(415, 'voice_note_codec', error.message, 'file');
    }
    throw error;
  }
  if (size > MEDIA_LIMITS.audio.maxBytes) {
    await rm(output, { force: true });
    throw badRequest(INBOX_MSG.audioSize, 'media_too_large', 'file');
  }
  await rm(file.tempPath, { force: true });
  file.tempPath = output;
  file.size = size;
  file.head = await readHead(output);
  file.filename = 'voice-note.ogg';
  file.declaredType = 'audio/ogg';
  file.truncated = false;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
