import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, open, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { INBOX_MSG } from '@common/api/inbox';
import { isOggOpus } from './ogg-opus';

/**
 * Browser recordings → WhatsApp voice notes (issue 17). WhatsApp plays a voice note only from
 * `audio/ogg` with Opus, mono; Chromium records WebM/Opus, Firefox Ogg/Opus, Safari MP4/AAC. ffmpeg
 * remuxes Opus as it is (`-c:a copy`) and re-encodes anything else with libopus.
 */

export const VOICE_NOTE_MSG = INBOX_MSG.voiceNoteUnconvertible;

/** A recording that is not audio, or that ffmpeg could not turn into a voice note. */
export class VoiceNoteError extends Error {
  constructor(readonly reason: string) {
    super(VOICE_NOTE_MSG);
  }
}

/** No ffmpeg on this server (FFMPEG_PATH unset, none on PATH, the optional npm build absent). */
export class FfmpegMissingError extends Error {
  constructor() {
    super(INBOX_MSG.voiceNotesUnavailable);
  }
}

const DEFAULT_TIMEOUT_MS = 60_000;
const HEAD_BYTES = 4096;

/** ffmpeg demuxer for a recording's container, judged by its first bytes; null for anything else. */
export function recordingDemuxer(head: Buffer): 'matroska' | 'ogg' | 'mov' | null {
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'matroska';
  if (head.subarray(0, 4).toString('latin1') === 'OggS') return 'ogg';
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mov';
  return null;
}

const found = new Map<string, Promise<string | null>>();

async function executable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function lookUpFfmpeg(configured: string | undefined): Promise<string | null> {
  if (configured) return (await executable(configured)) ? configured : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, 'ffmpeg');
    if (await executable(candidate)) return candidate;
  }
  try {
    // An optionalDependency: a static build with libopus, absent where npm skipped it.
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path?: string };
    const file = installer.path;
    return file && (await executable(file)) ? file : null;
  } catch {
    return null;
  }
}

/** FFMPEG_PATH, else `ffmpeg` on PATH, else @ffmpeg-installer/ffmpeg's build; null when there is none. */
export function findFfmpeg(configured?: string): Promise<string | null> {
  const key = configured ?? '';
  let lookup = found.get(key);
  if (!lookup) {
    lookup = lookUpFfmpeg(configured);
    found.set(key, lookup);
  }
  return lookup;
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

/** The first audio stream ffmpeg reports for the input: its codec and whether it is mono. */
export function firstAudioStream(stderr: string): { codec: string; mono: boolean } | null {
  const line = stderr.split('\n').find((l) => /Stream #\d+:\d+.*: Audio: /.test(l));
  if (!line) return null;
  const details = line.slice(line.indexOf('Audio: ') + 7);
  const codec = (details.split(/[\s,(]/)[0] ?? '').toLowerCase();
  // 'opus, 48000 Hz, mono, fltp (default)': the channel layout is the third field.
  return { codec, mono: /,\s*mono\b/.test(details) };
}

export type VoiceNoteResult = {
  /** The Opus audio was copied as recorded (no re-encoding). */
  remuxed: boolean;
  /** The voice note's size in bytes. */
  size: number;
};

/**
 * Writes `input` (a WebM, Ogg or MP4 recording) to `output` as an Ogg/Opus mono voice note. Throws
 * VoiceNoteError when the input is not audio ffmpeg can read or the result is not Ogg/Opus, and
 * FfmpegMissingError when the server has no ffmpeg. ffmpeg is killed after `timeoutMs`; a failed
 * conversion leaves no output behind.
 */
export async function convertToVoiceNote(
  input: string,
  output: string,
  options: { ffmpegPath?: string; timeoutMs?: number } = {},
): Promise<VoiceNoteResult> {
  const demuxer = recordingDemuxer(await readHead(input));
  if (!demuxer) throw new VoiceNoteError('not a WebM, Ogg or MP4 recording');
  const ffmpeg = await findFfmpeg(options.ffmpegPath);
  if (!ffmpeg) throw new FfmpegMissingError();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Only local files, only the one demuxer the bytes call for.
  const inputArgs = ['-hide_banner', '-nostdin', '-protocol_whitelist', 'file', '-f', demuxer, '-i', input];

  const probe = await run(ffmpeg, inputArgs, timeoutMs);
  if (probe.timedOut) throw new VoiceNoteError('ffmpeg timed out reading the recording');
  const stream = firstAudioStream(probe.stderr);
  if (!stream) throw new VoiceNoteError('no audio stream');
  const remuxed = stream.codec === 'opus' && stream.mono;
  const codecArgs = remuxed
    ? ['-c:a', 'copy']
    : ['-c:a', 'libopus', '-ac', '1', '-ar', '48000', '-b:a', '32k', '-application', 'voip'];
  const args = [
    ...inputArgs,
    '-y',
    '-loglevel',
    'error',
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    ...codecArgs,
    '-f',
    'ogg',
    output,
  ];
  try {
    const result = await run(ffmpeg, args, timeoutMs);
    if (result.timedOut) throw new VoiceNoteError('ffmpeg timed out converting the recording');
    if (result.code !== 0) throw new VoiceNoteError(result.stderr.trim().slice(-500) || 'ffmpeg failed');
    const head = await readHead(output);
    if (!isOggOpus(head)) throw new VoiceNoteError('the result is not Ogg/Opus');
    return { remuxed, size: (await stat(output)).size };
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  }
}
