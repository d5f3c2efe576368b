import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOggOpus } from './ogg-opus';
import {
  convertToVoiceNote,
  recordingDemuxer,
  VOICE_NOTE_MSG,
  VOICE_NOTE_NEEDS_OPUS_MSG,
  VoiceNoteCodecError,
  VoiceNoteError,
} from './voice-note';

/**
 * Recordings as browsers make them (one second of 440 Hz, made once with ffmpeg and kept): Chromium's
 * WebM/Opus mono, Firefox's Ogg/Opus, Opus in MP4 (Safari 18.4+), AAC in MP4 (older Safari), and a
 * stereo WebM/Opus.
 */
const FIXTURES = path.join(import.meta.dirname, '../test/fixtures');
const WEBM = path.join(FIXTURES, 'voice-note.webm');
const OGG = path.join(FIXTURES, 'voice-note.ogg');
const MP4_OPUS = path.join(FIXTURES, 'voice-note-opus.mp4');
const MP4_AAC = path.join(FIXTURES, 'voice-note-aac.m4a');
const STEREO = path.join(FIXTURES, 'voice-note-stereo.webm');

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'voice-note-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What mediabunny reads back from a voice note: its container, codec, channels, duration, packets. */
async function describeVoiceNote(bytes: Buffer) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryAudioTrack();
    let packets = 0;
    for await (const _ of new EncodedPacketSink(track!).packets()) packets++;
    return {
      format: (await input.getFormat()).name,
      codec: track!.codec,
      channels: track!.numberOfChannels,
      seconds: Math.round((await input.computeDuration()) * 10) / 10,
      packets,
    };
  } finally {
    input.dispose();
  }
}

/** A stand-in for FFMPEG_PATH: writes `ogg` to its last argument and its arguments to `args`. */
async function fakeFfmpeg(name: string, body: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

describe('turning a browser recording into a voice note in process (mediabunny)', () => {
  it('copies the Opus of a WebM recording (Chromium) into Ogg/Opus without re-encoding', async () => {
    const output = path.join(dir, 'chromium.ogg');
    const started = performance.now();
    const result = await convertToVoiceNote(WEBM, output);
    const ms = performance.now() - started;
    expect(result).toMatchObject({ remuxed: true, codec: 'opus' });
    const bytes = await readFile(output);
    expect(result.size).toBe(bytes.length);
    expect(isOggOpus(bytes)).toBe(true);
    const source = await describeVoiceNote(await readFile(WEBM));
    const note = await describeVoiceNote(bytes);
    expect(note).toMatchObject({ format: 'Ogg', codec: 'opus', channels: 1, seconds: 1 });
    expect(note.packets).toBe(source.packets);
    expect(ms).toBeLessThan(2000);
  });

  it('copies Opus from MP4 (Safari 18.4+) too, its pre-skip start shifted to zero', async () => {
    const output = path.join(dir, 'mp4-opus.ogg');
    expect(await convertToVoiceNote(MP4_OPUS, output)).toMatchObject({ remuxed: true, codec: 'opus' });
    expect(await describeVoiceNote(await readFile(output))).toMatchObject({
      codec: 'opus',
      channels: 1,
      seconds: 1,
    });
  });

  it('writes an Ogg/Opus recording (Firefox) out again as a clean Ogg/Opus file', async () => {
    const output = path.join(dir, 'firefox-out.ogg');
    const result = await convertToVoiceNote(OGG, output);
    expect(result).toMatchObject({ remuxed: true, codec: 'opus' });
    const note = await describeVoiceNote(await readFile(output));
    expect(note).toMatchObject({ format: 'Ogg', codec: 'opus', channels: 1, seconds: 1 });
    expect(note.packets).toBe((await describeVoiceNote(await readFile(OGG))).packets);
  });

  it('keeps a stereo Opus recording as recorded (copied, not downmixed)', async () => {
    const output = path.join(dir, 'stereo.ogg');
    expect((await convertToVoiceNote(STEREO, output)).remuxed).toBe(true);
    expect(await describeVoiceNote(await readFile(output))).toMatchObject({ codec: 'opus', channels: 2 });
  });
});

describe('a recording that is not Opus (AAC in MP4, older Safari)', () => {
  it('is refused in our words when FFMPEG_PATH is not set, and leaves no output', async () => {
    const output = path.join(dir, 'aac.ogg');
    const refusal = await convertToVoiceNote(MP4_AAC, output).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(VoiceNoteCodecError);
    expect(refusal).toMatchObject({ codec: 'aac', ffmpegMissing: false, message: VOICE_NOTE_NEEDS_OPUS_MSG });
    expect(VOICE_NOTE_NEEDS_OPUS_MSG).toMatch(/Chrome, Edge or Firefox/);
    expect(VOICE_NOTE_NEEDS_OPUS_MSG).toMatch(/FFMPEG_PATH/);
    await expect(readFile(output)).rejects.toThrow();
  });

  it('is refused the same way when FFMPEG_PATH names no executable file', async () => {
    const refusal = convertToVoiceNote(MP4_AAC, path.join(dir, 'none.ogg'), {
      ffmpegPath: path.join(dir, 'no-such-ffmpeg'),
    });
    await expect(refusal).rejects.toMatchObject({ codec: 'aac', ffmpegMissing: true });
  });

  it("is re-encoded by FFMPEG_PATH's ffmpeg: libopus, mono, the MP4 demuxer only, local files only", async () => {
    const argsFile = path.join(dir, 'args.txt');
    const ffmpeg = await fakeFfmpeg(
      'ffmpeg-ok',
      `printf '%s\\n' "$@" > '${argsFile}'\nfor last; do :; done\ncp '${OGG}' "$last"`,
    );
    const output = path.join(dir, 'aac-transcoded.ogg');
    const result = await convertToVoiceNote(MP4_AAC, output, { ffmpegPath: ffmpeg });
    expect(result).toMatchObject({ remuxed: false, codec: 'aac' });
    expect(isOggOpus(await readFile(output))).toBe(true);
    const args = (await readFile(argsFile, 'utf8')).trim().split('\n');
    expect(args.join(' ')).toContain(`-protocol_whitelist file -f mov -i ${MP4_AAC}`);
    expect(args.join(' ')).toContain('-c:a libopus -ac 1 -ar 48000');
    expect(args.at(-1)).toBe(output);
  });

  it("stops FFMPEG_PATH's ffmpeg at the time limit, and refuses what it made that is not Ogg/Opus", async () => {
    const slow = await fakeFfmpeg('ffmpeg-slow', 'exec sleep 5');
    const output = path.join(dir, 'slow.ogg');
    const started = Date.now();
    await expect(convertToVoiceNote(MP4_AAC, output, { ffmpegPath: slow, timeoutMs: 200 })).rejects.toThrow(
      VoiceNoteError,
    );
    expect(Date.now() - started).toBeLessThan(3000);

    const wrong = await fakeFfmpeg('ffmpeg-wrong', `for last; do :; done\ncp '${WEBM}' "$last"`);
    await expect(convertToVoiceNote(MP4_AAC, output, { ffmpegPath: wrong })).rejects.toThrow(VOICE_NOTE_MSG);
    await expect(readFile(output)).rejects.toThrow();
  });
});

describe('refusing what is not a recording (400 words, never a crash)', () => {
  it('refuses a file that is not a recording, and leaves no output', async () => {
    const input = path.join(dir, 'invoice.pdf');
    await writeFile(input, '%PDF-1.4 not a recording');
    const output = path.join(dir, 'pdf.ogg');
    const refusal = await convertToVoiceNote(input, output).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(VoiceNoteError);
    expect((refusal as Error).message).toBe(VOICE_NOTE_MSG);
    await expect(readFile(output)).rejects.toThrow();
  });

  it('refuses a recording cut to its first bytes, and garbage behind a WebM, Ogg or MP4 signature', async () => {
    const webm = await readFile(WEBM);
    const cases: [string, Buffer][] = [
      ['cut.webm', webm.subarray(0, 40)],
      ['cut-more.webm', webm.subarray(0, 300)],
      ['garbage.webm', Buffer.concat([webm.subarray(0, 4), Buffer.alloc(4000, 0xa7)])],
      ['garbage.ogg', Buffer.concat([Buffer.from('OggS'), Buffer.alloc(4000, 0x5a)])],
      [
        'garbage.mp4',
        Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4000, 7)]),
      ],
      [
        'random.webm',
        Buffer.concat([
          webm.subarray(0, 4),
          Buffer.from(Array.from({ length: 8000 }, (_, i) => (i * 7919) % 251)),
        ]),
      ],
    ];
    for (const [name, bytes] of cases) {
      const input = path.join(dir, name);
      await writeFile(input, bytes);
      const output = path.join(dir, `${name}.ogg`);
      const refusal = await convertToVoiceNote(input, output).catch((e: unknown) => e);
      expect(refusal, name).toBeInstanceOf(VoiceNoteError);
      await expect(readFile(output), name).rejects.toThrow();
    }
  });

  it('knows a recording by its first bytes', async () => {
    expect(recordingDemuxer(await readFile(WEBM))).toBe('matroska');
    expect(recordingDemuxer(await readFile(OGG))).toBe('ogg');
    expect(recordingDemuxer(await readFile(MP4_AAC))).toBe('mov');
    expect(recordingDemuxer(Buffer.from('%PDF-1.4'))).toBeNull();
  });
});

describe('recognising Ogg/Opus by its first page', () => {
  it('wants OggS and an OpusHead packet', async () => {
    expect(isOggOpus(await readFile(OGG))).toBe(true);
    const vorbisLike = Buffer.from(await readFile(OGG));
    vorbisLike.write('OpusHeaX', 28, 'latin1');
    expect(isOggOpus(vorbisLike)).toBe(false);
    expect(isOggOpus(await readFile(WEBM))).toBe(false);
    expect(isOggOpus(Buffer.from('OggS'))).toBe(false);
  });
});
