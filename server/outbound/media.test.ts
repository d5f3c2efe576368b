import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { MessageResponse } from '@common/api/inbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, messages, sandboxMedia } from '../db/schema';
import {
  connectSandboxTeam,
  contactOf,
  customerWrites,
  messagesAtMeta,
  runInboxJobs,
  type SandboxTeam,
} from '../test/outbound';
import { type ListeningContext, listeningTestContext, solidPng } from '../test/sandbox';

/** Composer attachments: the type comes from the bytes, the limits and messages from spec §5. */

let ctx: ListeningContext;
let team: SandboxTeam;
let contactId: string;
let ref = 0;
const CUSTOMER = '16505550301';
const MB = 1024 * 1024;

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const jpeg = (size: number) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size - 4, 7)]);
const mp4 = (size: number, brand = 'isom') => {
  const head = Buffer.alloc(32);
  head.writeUInt32BE(32, 0);
  head.write('ftyp', 4, 'latin1');
  head.write(brand, 8, 'latin1');
  return Buffer.concat([head, Buffer.alloc(size - 32, 1)]);
};

async function upload(
  file: { bytes: Buffer; name: string; type?: string } | null,
  fields: Record<string, string> = {},
  thumbnail?: Buffer,
) {
  const form = new FormData();
  form.set('clientRef', fields.clientRef ?? `temp-media-${++ref}`);
  for (const [key, value] of Object.entries(fields)) if (key !== 'clientRef') form.set(key, value);
  if (file)
    form.set(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  if (thumbnail)
    form.set('thumbnail', new Blob([new Uint8Array(thumbnail)], { type: 'image/png' }), 'thumb.png');
  const response = await fetch(`${ctx.origin}/api/contacts/${contactId}/messages/media`, {
    method: 'POST',
    headers: { cookie: team.member.cookie },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as MessageResponse & { message: string; error: string },
  };
}

beforeAll(async () => {
  ctx = await listeningTestContext();
  team = await connectSandboxTeam(ctx);
  await customerWrites(ctx, team, CUSTOMER, 'Can I see a photo?');
  contactId = (await contactOf(ctx, team, CUSTOMER)).id;
});
afterAll(() => ctx.close());

describe('sending media', () => {
  it('an image with a caption and a thumbnail: pending at once, uploaded to Meta, then sent by id', async () => {
    const png = solidPng(40, 30, [18, 140, 126]);
    const res = await upload(
      { bytes: png, name: 'plant.png', type: 'image/png' },
      { kind: 'image', caption: 'Here it is' },
      solidPng(4, 3, [1, 2, 3]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const message = (res.body as MessageResponse).message;
    expect(message).toMatchObject({
      type: 'image',
      status: 'pending',
      body: 'Here it is',
      preview: '📷 Here it is',
    });
    expect(message.media).toMatchObject({
      kind: 'image',
      mimeType: 'image/png',
      fileSize: png.length,
      status: 'ready',
    });
    expect(message.media!.url).toBe(`/api/media/${message.media!.id}`);
    expect(message.media!.thumbnailUrl).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);

    const served = await fetch(`${ctx.origin}${message.media!.url}`, {
      headers: { cookie: team.owner.cookie },
    });
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    await runInboxJobs(ctx);
    const [row] = await ctx.db.select().from(messages).where(eq(messages.id, message.id));
    expect(row!.status).toBe('sent');
    const [file] = await ctx.db.select().from(media).where(eq(media.id, message.media!.id));
    expect(file!.providerMediaId).toMatch(/^\d+$/);
    const [atMeta] = (await messagesAtMeta(ctx, team, CUSTOMER)).filter((m) => m.wamid === row!.externalId);
    const payload = atMeta!.payload as { image: { id: string; caption: string } };
    expect(payload.image).toMatchObject({ id: file!.providerMediaId, caption: 'Here it is' });
    const [uploaded] = await ctx.db
      .select()
      .from(sandboxMedia)
      .where(eq(sandboxMedia.id, file!.providerMediaId!));
    expect(uploaded!.mimeType).toBe('image/png');
    expect(Buffer.from(uploaded!.data).equals(png)).toBe(true);
  });

  it('judges by content: a .jpg holding a PDF is refused as an image, and sent as invoice.pdf when no kind is asked', async () => {
    const refused = await upload({ bytes: PDF, name: 'invoice.jpg', type: 'image/jpeg' }, { kind: 'image' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Only JPEG and PNG images are supported');

    const res = await upload(
      { bytes: PDF, name: 'invoice.jpg', type: 'image/jpeg' },
      { caption: 'Your invoice' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const message = (res.body as MessageResponse).message;
    expect(message).toMatchObject({ type: 'document', preview: '📄 invoice.pdf' });
    expect(message.media).toMatchObject({ mimeType: 'application/pdf', filename: 'invoice.pdf' });
    await runInboxJobs(ctx);
    const [row] = await ctx.db.select().from(messages).where(eq(messages.id, message.id));
    const [atMeta] = (await messagesAtMeta(ctx, team, CUSTOMER)).filter((m) => m.wamid === row!.externalId);
    expect((atMeta!.payload as { document: { filename: string } }).document.filename).toBe('invoice.pdf');
  });

  it('refuses what WhatsApp does not take, word for word', async () => {
    const cases: [Buffer, string, Record<string, string>, string][] = [
      [jpeg(5 * MB + 1), 'big.jpg', { kind: 'image' }, 'Image size must be less than 5MB'],
      [Buffer.from('GIF89a....'), 'anim.gif', { kind: 'image' }, 'Only JPEG and PNG images are supported'],
      [
        mp4(1000, 'qt  '),
        'clip.mov',
        { kind: 'video' },
        'Unsupported video format. WhatsApp only supports MP4 and 3GPP videos. Your file is video/quicktime.',
      ],
      [
        mp4(17 * MB),
        'long.mp4',
        { kind: 'video' },
        'Video exceeds maximum size of 16MB. Your file is 17.00MB.',
      ],
      [
        Buffer.from('GIF89a....'),
        'anim.gif',
        { kind: 'document' },
        'Unsupported document type. Supported types: txt, xls, xlsx, doc, docx, ppt, pptx, pdf.',
      ],
      [
        Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]),
        'setup.exe',
        {},
        'Unsupported document type. Supported types: txt, xls, xlsx, doc, docx, ppt, pptx, pdf.',
      ],
    ];
    for (const [bytes, name, fields, expected] of cases) {
      const res = await upload({ bytes, name }, fields);
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toBe(expected);
    }
    const captioned = await upload({ bytes: PDF, name: 'a.pdf' }, { caption: 'x'.repeat(1025) });
    expect(captioned.status).toBe(400);
    const missing = await upload(null, {});
    expect(missing.status).toBe(400);
    // Refused uploads leave nothing behind in the media store.
    const left = await readdir(path.join(ctx.env.dataDir, 'media', team.accountId));
    expect(left.filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('sends MP4 and 3GPP videos and text documents', async () => {
    for (const [bytes, name, type] of [
      [mp4(4096), 'clip.mp4', 'video'],
      [mp4(4096, '3gp5'), 'clip.3gp', 'video'],
      [Buffer.from('name,qty\nmonstera,2\n'), 'order.csv', 'document'],
    ] as const) {
      const res = await upload({ bytes, name });
      expect(res.status, name).toBe(202);
      expect((res.body as MessageResponse).message.type, name).toBe(type);
    }
    await runInboxJobs(ctx);
    const statuses = await ctx.db
      .select({ status: messages.status, type: messages.type })
      .from(messages)
      .where(eq(messages.contactId, contactId));
    expect(statuses.filter((m) => m.status === 'failed')).toEqual([]);
  });
});
