import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MessageResponse } from '@common/api/inbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, messages, sandboxMedia } from '../db/schema';
import { isOggOpus } from '../media/ogg-opus';
import { VOICE_NOTE_NEEDS_OPUS_MSG } from '../media/voice-note';
import {
  connectSandboxTeam,
  contactOf,
  customerWrites,
  messagesAtMeta,
  runInboxJobs,
  type SandboxTeam,
} from '../test/outbound';
import { type ListeningContext, listeningTestContext } from '../test/sandbox';

/**
 * Voice notes from the composer's microphone (issue 17): Chromium's WebM/Opus recording goes out to
 * (the sandbox's) Meta as `audio` with `voice: true` and an Ogg/Opus file, over real HTTP.
 */

let ctx: ListeningContext;
let team: SandboxTeam;
let contactId: string;
let ref = 0;
const CUSTOMER = '16505550377';
const FIXTURES = path.join(import.meta.dirname, '../test/fixtures');
const WEBM = path.join(FIXTURES, 'voice-note.webm');
const OGG = path.join(FIXTURES, 'voice-note.ogg');
const MP4_OPUS = path.join(FIXTURES, 'voice-note-opus.mp4');
const MP4_AAC = path.join(FIXTURES, 'voice-note-aac.m4a');

async function sendVoice(bytes: Buffer, name: string, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('clientRef', `temp-voice-${++ref}`);
  form.set('kind', 'audio');
  form.set('voice', 'true');
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${ctx.origin}/api/contacts/${contactId}/messages/media`, {
    method: 'POST',
    headers: { cookie: team.member.cookie },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as MessageResponse & { message: string; error: string; field?: string },
  };
}

beforeAll(async () => {
  ctx = await listeningTestContext();
  team = await connectSandboxTeam(ctx);
  await customerWrites(ctx, team, CUSTOMER, 'Can you send me a voice note?');
  contactId = (await contactOf(ctx, team, CUSTOMER)).id;
});
afterAll(() => ctx.close());

describe('sending a voice note recorded in the browser', () => {
  it('a WebM/Opus recording reaches Meta as audio with voice: true and an Ogg/Opus file', async () => {
    const res = await sendVoice(await readFile(WEBM), 'voice-note.webm', 'audio/webm;codecs=opus');
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const message = (res.body as MessageResponse).message;
    expect(message).toMatchObject({ type: 'audio', status: 'pending', preview: '🎤 Voice message' });
    expect(message.content).toMatchObject({ kind: 'audio', isVoice: true });
    expect(message.media).toMatchObject({ kind: 'audio', mimeType: 'audio/ogg', filename: 'voice-note.ogg' });

    // Our own copy is the converted file: the chat's player gets Ogg/Opus too.
    const served = await fetch(`${ctx.origin}${message.media!.url}`, {
      headers: { cookie: team.owner.cookie },
    });
    expect(isOggOpus(Buffer.from(await served.arrayBuffer()))).toBe(true);

    await runInboxJobs(ctx);
    const [row] = await ctx.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row!.status).toBe('sent');
    const [file] = await ctx.db.select().from(media).where(eq(media.id, message.media!.id));
    const [atMeta] = (await messagesAtMeta(ctx, team, CUSTOMER)).filter((m) => m.wamid === row!.externalId);
    expect(atMeta!.type).toBe('audio');
    expect((atMeta!.payload as { audio: unknown }).audio).toMatchObject({
      id: file!.providerMediaId,
      voice: true,
      mime_type: 'audio/ogg',
    });
    const [uploaded] = await ctx.db
      .select()
      .from(sandboxMedia)
      .where(eq(sandboxMedia.id, file!.providerMediaId!));
    expect(uploaded!.mimeType).toBe('audio/ogg');
    expect(isOggOpus(Buffer.from(uploaded!.data))).toBe(true);

    // The phone's player reads it in ranges (its length is at the end of an Ogg file).
    const ranged = await fetch(`${ctx.origin}/sandbox/api/media/${file!.providerMediaId}`, {
      headers: { range: 'bytes=0-3' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 0-3/${uploaded!.data.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).toString('latin1')).toBe('OggS');
  });

  it("Firefox's Ogg/Opus and Safari's Opus in MP4 go out as Ogg/Opus voice notes too", async () => {
    for (const [file, name, type] of [
      [OGG, 'voice-note.ogg', 'audio/ogg;codecs=opus'],
      [MP4_OPUS, 'voice-note.m4a', 'audio/mp4;codecs=opus'],
    ] as const) {
      const res = await sendVoice(await readFile(file), name, type);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const message = (res.body as MessageResponse).message;
      expect(message.media).toMatchObject({ mimeType: 'audio/ogg', filename: 'voice-note.ogg' });
      const served = await fetch(`${ctx.origin}${message.media!.url}`, {
        headers: { cookie: team.owner.cookie },
      });
      expect(isOggOpus(Buffer.from(await served.arrayBuffer()))).toBe(true);
    }
  });

  it('an AAC recording (older Safari) without FFMPEG_PATH is refused with 415 saying what to do', async () => {
    const before = await ctx.db.select().from(messages).where(eq(messages.contactId, contactId));
    const res = await sendVoice(await readFile(MP4_AAC), 'voice-note.m4a', 'audio/mp4');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      error: 'voice_note_codec',
      field: 'file',
      message: VOICE_NOTE_NEEDS_OPUS_MSG,
    });
    expect(res.body.message).toContain('Record it in Chrome, Edge or Firefox');
    expect(res.body.message).toContain('FFMPEG_PATH');
    const after = await ctx.db.select().from(messages).where(eq(messages.contactId, contactId));
    expect(after.length).toBe(before.length);
  });

  it('garbage behind a WebM or MP4 signature is a 400 in our words, not a 5xx', async () => {
    const webmMagic = (await readFile(WEBM)).subarray(0, 4);
    const mp4Magic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]);
    for (const head of [webmMagic, mp4Magic, Buffer.from('OggS')]) {
      const garbage = Buffer.concat([
        head,
        Buffer.from(Array.from({ length: 6000 }, (_, i) => (i * 31) % 256)),
      ]);
      const res = await sendVoice(garbage, 'voice-note.webm', 'audio/webm');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'media_type',
        message: 'This recording could not be converted to a voice note',
      });
    }
  });

  it('the same recording sent as an audio file (no voice flag) is refused: WhatsApp takes no WebM', async () => {
    const form = new FormData();
    form.set('clientRef', `temp-voice-${++ref}`);
    form.set('kind', 'audio');
    form.set('file', new Blob([new Uint8Array(await readFile(WEBM))], { type: 'audio/webm' }), 'a.webm');
    const response = await fetch(`${ctx.origin}/api/contacts/${contactId}/messages/media`, {
      method: 'POST',
      headers: { cookie: team.member.cookie },
      body: form,
    });
    expect(response.status).toBe(400);
  });

  it('a file that is not a recording is refused with a message saying so, and nothing is kept', async () => {
    const before = await ctx.db.select().from(messages).where(eq(messages.contactId, contactId));
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
    const res = await sendVoice(pdf, 'voice-note.webm', 'audio/webm');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'media_type',
      field: 'file',
      message: 'This recording could not be converted to a voice note',
    });
    const cut = await sendVoice((await readFile(WEBM)).subarray(0, 60), 'voice-note.webm', 'audio/webm');
    expect(cut.status).toBe(400);
    expect(cut.body.message).toBe('This recording could not be converted to a voice note');

    const after = await ctx.db.select().from(messages).where(eq(messages.contactId, contactId));
    expect(after.length).toBe(before.length);
    const left = await readdir(path.join(ctx.env.dataDir, 'media', team.accountId));
    expect(left.filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('a voice note must be audio, and the voice flag is checked', async () => {
    const image = await sendVoice(await readFile(WEBM), 'v.webm', 'audio/webm', { kind: 'image' });
    expect(image.status).toBe(400);
    expect(image.body.message).toBe('A voice note is audio: send it with kind audio.');
    const odd = await sendVoice(await readFile(WEBM), 'v.webm', 'audio/webm', { voice: 'yes' });
    expect(odd.status).toBe(400);
    expect(odd.body.message).toBe("voice must be 'true' or 'false'");
  });
});
