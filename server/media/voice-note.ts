import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, open, rm, stat } from 'node:fs/promises';
import { INBOX_MSG } from '@common/api/inbox';
import {
  Conversion,
  FilePathSource,
  FilePathTarget,
  Input,
  type InputFormat,
  MATROSKA,
  MP4,
  OGG,
  OggOutputFormat,
  Output,
  QTFF,
  WEBM,
} from 'mediabunny';
import { isOggOpus } from './ogg-opus';

/**
 * Browser recordings → WhatsApp voice notes (issue 17). WhatsApp plays a voice note only from
 * `audio/ogg` with Opus. Chromium, Edge and Firefox record Opus (in WebM or Ogg; Safari 18.4+ can put
 * it in MP4): mediabunny (pure TypeScript, in process) copies those Opus packets into a fresh Ogg file
 * without decoding them. A recording in any other codec (older Safari's AAC in MP4) needs a transcode,
 * which only an ffmpeg the operator names in FFMPEG_PATH does; without one it is refused in our words.
 */

export const VOICE_NOTE_MSG = INBOX_MSG.voiceNoteUnconvertible;

/** What a browser that recorded something other than Opus is told when the server has no ffmpeg. */
export const VOICE_NOTE_NEEDS_OPUS_MSG = INBOX_MSG.voiceNoteNeedsOpus;

/** A recording that is not audio, or that could not be turned into a voice note. */
export class VoiceNoteError extends Error {
  constructor(readonly reason: string) {
    super(VOICE_NOTE_MSG);
  }
}

/** A recording in a codec other than Opus, and no usable ffmpeg (FFMPEG_PATH) to transcode it. */
export class VoiceNoteCodecError extends Error {
  constructor(
    readonly codec: string,
    /** FFMPEG_PATH was set but names no executable file. */
    readonly ffmpegMissing: boolean,
  ) {
    super(VOICE_NOTE_NEEDS_OPUS_MSG);
  }
}

const DEFAULT_TIMEOUT_MS = 60_000;
const HEAD_BYTES = 4096;

type Container = 'matroska' | 'ogg' | 'mov';

/** A recording's container, judged by its first bytes (also the ffmpeg demuxer's name); null for anything else. */
export function recordingDemuxer(head: Buffer): Container | null {
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'matroska';
  if (head.subarray(0, 4).toString('latin1') === 'OggS') return 'ogg';
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mov';
  return null;
}

/** Only the reader the bytes call for: a WebM is never read as anything else. */
const READERS: Record<Container, InputFormat[]> = {
  matroska: [WEBM, MATROSKA],
  ogg: [OGG],
  mov: [MP4, QTFF],
};

async function executable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

type Run = { code: number | null; stderr: string; timedOut: boolean };

function run(ffmpeg: string, args: string[], timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 64 * 1024) stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, timedOut });
    });
  });
}

async function readHead(file: string, bytes = HEAD_BYTES): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export type VoiceNoteResult = {
  /** The Opus audio was copied as recorded (no re-encoding). */
  remuxed: boolean;
  /** The recording's audio codec as mediabunny names it ('opus', 'aac', …). */
  codec: string;
  /** The voice note's size in bytes. */
  size: number;
};

/** Settles with `work`, or rejects with VoiceNoteError(`what` timed out) after `timeoutMs`, calling `onTimeout`. */
async function withTimeLimit<T>(
  work: Promise<T>,
  timeoutMs: number,
  what: string,
  onTimeout: () => unknown,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void Promise.resolve()
        .then(onTimeout)
        .catch(() => {});
      reject(new VoiceNoteError(`${what} took longer than ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** Copies the Opus packets of `input` into an Ogg file at `output` (no decoding, no WebCodecs). */
async function remuxOpus(source: Input, output: string, timeoutMs: number): Promise<void> {
  const target = new Output({ format: new OggOutputFormat(), target: new FilePathTarget(output) });
  const conversion = await Conversion.init({
    input: source,
    output: target,
    video: { discard: true },
    // Forced copy: a track that would need decoding is dropped (→ invalid) rather than transcoded. A
    // recording whose first packet is not at 0 (MP4's Opus pre-skip) is shifted to start there.
    audio: { codec: 'opus' },
    copy: { mode: 'forced', shiftTolerance: Number.POSITIVE_INFINITY },
    showWarnings: false,
  });
  if (!conversion.isValid) {
    const reasons = conversion.discardedTracks.map((d) => d.reason).join(', ');
    throw new VoiceNoteError(`the Opus audio cannot be copied (${reasons || 'no audio track'})`);
  }
  await withTimeLimit(conversion.execute(), timeoutMs, 'remuxing the recording', () => conversion.cancel());
}

/** Re-encodes the first audio stream of `input` with FFMPEG_PATH's ffmpeg to Ogg/Opus mono. */
async function transcodeWithFfmpeg(
  ffmpeg: string,
  demuxer: Container,
  input: string,
  output: string,
  timeoutMs: number,
): Promise<void> {
  // Only local files, only the one demuxer the bytes call for.
  const args = [
    ...['-hide_banner', '-nostdin', '-protocol_whitelist', 'file', '-f', demuxer, '-i', input],
    ...['-y', '-loglevel', 'error', '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1'],
    ...['-c:a', 'libopus', '-ac', '1', '-ar', '48000', '-b:a', '32k', '-application', 'voip'],
    ...['-f', 'ogg', output],
  ];
  const result = await run(ffmpeg, args, timeoutMs);
  if (result.timedOut) throw new VoiceNoteError('ffmpeg timed out converting the recording');
  if (result.code !== 0) throw new VoiceNoteError(result.stderr.trim().slice(-500) || 'ffmpeg failed');
}

/** The recording's first audio track's codec, read by mediabunny; VoiceNoteError when it has none. */
async function audioCodec(source: Input, timeoutMs: number): Promise<string> {
  const track = await withTimeLimit(source.getPrimaryAudioTrack(), timeoutMs, 'reading the recording', () =>
    source.dispose(),
  );
  if (!track) throw new VoiceNoteError('no audio track');
  return track.codec ?? (await track.getCodecParameterString()) ?? 'unknown';
}

/**
 * Writes `input` (a WebM, Ogg or MP4 recording) to `output` as an Ogg/Opus voice note. Opus is copied
 * in process by mediabunny; another codec is re-encoded by `ffmpegPath` (FFMPEG_PATH) when given, else
 * refused with VoiceNoteCodecError. Throws VoiceNoteError when the input is not a recording that can be
 * read or the result is not Ogg/Opus. Each step stops after `timeoutMs`; a failure leaves no output.
 */
export async function convertToVoiceNote(
  input: string,
  output: string,
  options: { ffmpegPath?: string; timeoutMs?: number } = {},
): Promise<VoiceNoteResult> {
  const demuxer = recordingDemuxer(await readHead(input));
  if (!demuxer) throw new VoiceNoteError('not a WebM, Ogg or MP4 recording');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const source = new Input({ source: new FilePathSource(input), formats: READERS[demuxer] });
  try {
    let codec: string;
    try {
      codec = await audioCodec(source, timeoutMs);
    } catch (error) {
      if (error instanceof VoiceNoteError) throw error;
      throw new VoiceNoteError(`unreadable recording: ${error instanceof Error ? error.message : error}`);
    }
    const remuxed = codec === 'opus';
    if (remuxed) {
      try {
        await remuxOpus(source, output, timeoutMs);
      } catch (error) {
        if (error instanceof VoiceNoteError) throw error;
        throw new VoiceNoteError(`remux failed: ${error instanceof Error ? error.message : error}`);
      }
    } else {
      const ffmpeg = options.ffmpegPath;
      if (!ffmpeg || !(await executable(ffmpeg))) throw new VoiceNoteCodecError(codec, Boolean(ffmpeg));
      await transcodeWithFfmpeg(ffmpeg, demuxer, input, output, timeoutMs);
    }
    const head = await readHead(output).catch(() => Buffer.alloc(0));
    if (!isOggOpus(head)) throw new VoiceNoteError('the result is not Ogg/Opus');
    return { remuxed, codec, size: (await stat(output)).size };
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  } finally {
    source.dispose();
  }
}
