import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOggOpus } from './ogg-opus';
import {
  convertToVoiceNote,
  FfmpegMissingError,
  findFfmpeg,
  firstAudioStream,
  VOICE_NOTE_MSG,
  VoiceNoteError,
} from './voice-note';

/** A one-second 440 Hz WebM/Opus mono recording, as Chromium's MediaRecorder makes (2.7 KB). */
const WEBM_FIXTURE = path.join(import.meta.dirname, '../test/fixtures/voice-note.webm');

let dir: string;
let ffmpeg: string;

/** A one-second sine in the given output options, made by the same ffmpeg. */
async function sine(name: string, outputArgs: string[]): Promise<string> {
  const file = path.join(dir, name);
  const made = spawnSync(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
    ...outputArgs,
    file,
  ]);
  expect(made.status, made.stderr.toString()).toBe(0);
  return file;
}

/** What ffmpeg says about a file's first audio stream. */
function describeAudio(file: string) {
  const probe = spawnSync(ffmpeg, ['-hide_banner', '-i', file]);
  return firstAudioStream(probe.stderr.toString());
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'voice-note-'));
  const found = await findFfmpeg(process.env.FFMPEG_PATH);
  if (!found) throw new Error('no ffmpeg: install it or @ffmpeg-installer/ffmpeg (optional dependency)');
  ffmpeg = found;
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('turning a browser recording into a voice note', () => {
  it('copies the Opus of a mono WebM recording (Chromium) into Ogg without re-encoding', async () => {
    const output = path.join(dir, 'chromium.ogg');
    const result = await convertToVoiceNote(WEBM_FIXTURE, output);
    expect(result.remuxed).toBe(true);
    const bytes = await readFile(output);
    expect(result.size).toBe(bytes.length);
    expect(isOggOpus(bytes)).toBe(true);
    expect(describeAudio(output)).toEqual({ codec: 'opus', mono: true });
  });

  it('re-encodes a stereo WebM recording to mono Opus', async () => {
    const input = await sine('stereo.webm', ['-ac', '2', '-c:a', 'libopus', '-f', 'webm']);
    const output = path.join(dir, 'stereo.ogg');
    const result = await convertToVoiceNote(input, output);
    expect(result.remuxed).toBe(false);
    expect(describeAudio(output)).toEqual({ codec: 'opus', mono: true });
  });

  it('re-encodes an AAC recording in MP4 (Safari) to Ogg/Opus', async () => {
    const input = await sine('safari.m4a', ['-ac', '1', '-c:a', 'aac', '-f', 'mp4']);
    const output = path.join(dir, 'safari.ogg');
    await convertToVoiceNote(input, output);
    expect(isOggOpus(await readFile(output))).toBe(true);
    expect(describeAudio(output)).toEqual({ codec: 'opus', mono: true });
  });

  it('keeps an Ogg/Opus recording (Firefox) as Ogg/Opus', async () => {
    const input = await sine('firefox.ogg', ['-ac', '1', '-c:a', 'libopus', '-f', 'ogg']);
    const output = path.join(dir, 'firefox-out.ogg');
    expect((await convertToVoiceNote(input, output)).remuxed).toBe(true);
    expect(isOggOpus(await readFile(output))).toBe(true);
  });

  it('refuses a file that is not a recording, and leaves no output', async () => {
    const input = path.join(dir, 'invoice.pdf');
    await writeFile(input, '%PDF-1.4 not a recording');
    const output = path.join(dir, 'pdf.ogg');
    const refusal = await convertToVoiceNote(input, output).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(VoiceNoteError);
    expect((refusal as Error).message).toBe(VOICE_NOTE_MSG);
    await expect(readFile(output)).rejects.toThrow();
  });

  it('refuses a WebM that carries no audio, and a WebM cut to its first bytes', async () => {
    const silentVideo = path.join(dir, 'picture.webm');
    const made = spawnSync(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=32x32:duration=0.2'],
      ...['-c:v', 'libvpx', '-f', 'webm', silentVideo],
    ]);
    expect(made.status, made.stderr.toString()).toBe(0);
    await expect(convertToVoiceNote(silentVideo, path.join(dir, 'v.ogg'))).rejects.toThrow(VOICE_NOTE_MSG);

    const cut = path.join(dir, 'cut.webm');
    await writeFile(cut, (await readFile(WEBM_FIXTURE)).subarray(0, 40));
    await expect(convertToVoiceNote(cut, path.join(dir, 'cut.ogg'))).rejects.toThrow(VOICE_NOTE_MSG);
  });

  it('stops ffmpeg at the time limit', async () => {
    const output = path.join(dir, 'slow.ogg');
    await expect(convertToVoiceNote(WEBM_FIXTURE, output, { timeoutMs: 1 })).rejects.toThrow(VoiceNoteError);
  });

  it('says so when the configured ffmpeg does not exist', async () => {
    const missing = convertToVoiceNote(WEBM_FIXTURE, path.join(dir, 'none.ogg'), {
      ffmpegPath: path.join(dir, 'no-such-ffmpeg'),
    });
    await expect(missing).rejects.toBeInstanceOf(FfmpegMissingError);
  });
});

describe('recognising Ogg/Opus by its first page', () => {
  it('wants OggS and an OpusHead packet', async () => {
    const ogg = await readFile(await sine('check.ogg', ['-ac', '1', '-c:a', 'libopus', '-f', 'ogg']));
    expect(isOggOpus(ogg)).toBe(true);
    const vorbis = await readFile(await sine('vorbis.ogg', ['-ac', '1', '-c:a', 'libvorbis', '-f', 'ogg']));
    expect(isOggOpus(vorbis)).toBe(false);
    expect(isOggOpus(await readFile(WEBM_FIXTURE))).toBe(false);
    expect(isOggOpus(Buffer.from('OggS'))).toBe(false);
  });
});
