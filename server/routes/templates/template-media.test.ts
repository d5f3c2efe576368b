import type { MessageResponse } from '@common/api/inbox';
import type { TemplateMediaResponse, TemplateResponse, TemplatesResponse } from '@common/api/templates';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, messages, sandboxTemplates, sandboxUploads, templates } from '../../db/schema';
import { syncTemplates } from '../../templates/sync';
import {
  connectSandboxTeam,
  contactOf,
  customerWrites,
  messagesAtMeta,
  type SandboxTeam,
  settle,
} from '../../test/outbound';
import {
  type ListeningContext,
  listeningTestContext,
  phoneApi,
  runSandboxJobs,
  solidPng,
} from '../../test/sandbox';

/**
 * Image, video and document headers end to end against the sandbox: the sample is uploaded to us
 * (checked by its bytes), goes to Meta with the Resumable Upload API, the template quotes its handle;
 * a send carries the sample (a copy) or a file chosen for it, and the customer's phone shows it above
 * the rendered text.
 */

let ctx: ListeningContext;
let team: SandboxTeam;
const WA_ID = '16505550190';
const PNG = solidPng(40, 30, [240, 120, 60]);
const OTHER_PNG = solidPng(20, 20, [20, 120, 240]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n% spring price list\n');
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom\0\0\x02\0isomiso2'),
  Buffer.alloc(64),
]);

const api = (
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  cookie = team.owner.cookie,
) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

function multipart(fields: Record<string, string>, file: { name: string; data: Buffer } | null) {
  const boundary = `----tpl${Date.now()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  url: string,
  fields: Record<string, string>,
  name: string,
  data: Buffer,
  cookie = team.member.cookie,
) {
  const body = multipart(fields, { name, data });
  return ctx.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie } });
}

const sample = async (format: string, name: string, data: Buffer) => {
  const res = await upload('/api/templates/header-samples', { format }, name, data);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as TemplateMediaResponse).media;
};

async function createApproved(body: Record<string, unknown>) {
  const res = await api('POST', '/api/templates', body, team.member.cookie);
  expect(res.statusCode, res.body).toBe(201);
  await runSandboxJobs(ctx);
  await ctx.webhooks.drain();
  return (res.json() as TemplateResponse).template;
}

beforeAll(async () => {
  ctx = await listeningTestContext();
  team = await connectSandboxTeam(ctx);
  await phoneApi(ctx.origin, 'PUT', '/settings', { templateReviewSeconds: 0 });
  await customerWrites(ctx, team, WA_ID, 'Do you have new bikes?');
});
afterAll(() => ctx.close());

describe('header samples', () => {
  it.each([
    [
      'a GIF as an image',
      'IMAGE',
      'anim.png',
      Buffer.from('GIF89a\x01\x00\x01\x00'),
      'Header images must be JPEG or PNG',
    ],
    ['a PDF named .png', 'IMAGE', 'photo.png', PDF, 'Header images must be JPEG or PNG'],
    ['a PNG as a document', 'DOCUMENT', 'prices.pdf', PNG, 'Header documents must be PDF'],
    ['a PNG as a video', 'VIDEO', 'clip.mp4', PNG, 'Header videos must be MP4'],
    ['an empty file', 'IMAGE', 'empty.png', Buffer.alloc(0), 'Header images must be JPEG or PNG'],
    [
      'an image over 5 MB',
      'IMAGE',
      'big.png',
      Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
      'Header images must be at most 5MB',
    ],
    ['no format', '', 'a.png', PNG, 'Choose Image, Video or Document for the header'],
  ])('refuses %s', async (_label, format, name, data, message) => {
    const before = (await ctx.db.select({ id: media.id }).from(media)).length;
    const res = await upload('/api/templates/header-samples', format ? { format } : {}, name, data);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await ctx.db.select({ id: media.id }).from(media)).length).toBe(before);
  });

  it('refuses a request without a file, or that is not multipart', async () => {
    const empty = multipart({ format: 'IMAGE' }, null);
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/templates/header-samples',
      payload: empty.payload,
      headers: { ...empty.headers, cookie: team.member.cookie },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please choose a file to upload');
    const json = await api('POST', '/api/templates/header-samples', { format: 'IMAGE' });
    expect(json.statusCode).toBe(400);
  });

  it('refuses a draft whose sample is missing or not the account’s, before any Graph call', async () => {
    const noFile = await api('POST', '/api/templates', {
      name: 'no_file',
      body: 'Spring is here',
      header: { format: 'IMAGE', mediaId: '' },
    });
    expect(noFile.json().message).toBe('Choose the image for the header');
    const unknown = await api('POST', '/api/templates', {
      name: 'unknown_file',
      body: 'Spring is here',
      header: { format: 'IMAGE', mediaId: '6f1c1a52-8a51-4a43-9d8e-3f0b0e0e0e0e' },
    });
    expect(unknown.json().message).toBe('The header file was not found. Please choose it again.');
    const pdf = await sample('DOCUMENT', 'prices.pdf', PDF);
    const mismatch = await api('POST', '/api/templates', {
      name: 'pdf_as_image',
      body: 'Spring is here',
      header: { format: 'IMAGE', mediaId: pdf.id },
    });
    expect(mismatch.json().message).toBe('Header images must be JPEG or PNG');
    expect(
      await ctx.db.select().from(sandboxTemplates).where(eq(sandboxTemplates.name, 'pdf_as_image')),
    ).toEqual([]);
  });
});

describe('an image header', () => {
  let templateId: string;
  let sampleId: string;

  it('uploads the sample to Meta and creates the template with its handle', async () => {
    const png = await sample('IMAGE', 'spring.png', PNG);
    expect(png).toMatchObject({
      kind: 'image',
      mimeType: 'image/png',
      filename: 'spring.png',
      size: PNG.length,
    });
    sampleId = png.id;
    const template = await createApproved({
      name: 'spring_bikes',
      category: 'MARKETING',
      header: { format: 'IMAGE', mediaId: png.id },
      body: 'Hi {{1}}, our spring bikes are in the shop.',
      bodyExamples: ['Maya'],
    });
    templateId = template.id;
    expect(template.header).toEqual({ format: 'IMAGE', text: null });
    expect(template.headerSample).toMatchObject({ id: png.id, url: `/api/media/${png.id}` });

    const [atMeta] = await ctx.db
      .select()
      .from(sandboxTemplates)
      .where(eq(sandboxTemplates.name, 'spring_bikes'));
    const header = (atMeta!.components as { type: string; example?: { header_handle: string[] } }[]).find(
      (c) => c.type === 'HEADER',
    );
    const [upload] = await ctx.db
      .select()
      .from(sandboxUploads)
      .where(eq(sandboxUploads.handle, header!.example!.header_handle[0]!));
    expect(upload?.data.equals(PNG)).toBe(true);

    // The list (synced from Meta, where the sample is a URL) still shows our sample, approved.
    const list = (await api('GET', '/api/templates?refresh=1')).json() as TemplatesResponse;
    expect(list.templates.find((t) => t.id === templateId)).toMatchObject({
      status: 'approved',
      headerSample: { id: png.id },
    });
    // Meta lists the sample as a signed CDN address that changes between reads: not a change.
    const [stored] = await ctx.db.select().from(templates).where(eq(templates.id, templateId));
    const moved = (stored!.components as { type: string; example?: unknown }[]).map((c) =>
      c.type === 'HEADER' ? { ...c, example: { header_handle: ['https://cdn.example/elsewhere.png'] } } : c,
    );
    await ctx.db.update(templates).set({ components: moved }).where(eq(templates.id, templateId));
    await expect(syncTemplates(ctx, team.accountId)).resolves.toEqual({ changed: 0 });

    const file = await api('GET', `/api/media/${png.id}`, undefined, team.member.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('sends a copy of the sample outside the window; the phone shows the image and the text', async () => {
    const contact = await contactOf(ctx, team, WA_ID);
    await phoneApi(ctx.origin, 'POST', '/clock/advance', { seconds: 25 * 3600 });
    try {
      const res = await api(
        'POST',
        `/api/contacts/${contact.id}/template-messages`,
        { templateId, clientRef: 'temp-m-1', parameters: { body: ['Sam'] } },
        team.member.cookie,
      );
      expect(res.statusCode, res.body).toBe(202);
      const message = (res.json() as MessageResponse).message;
      expect(message.body).toBe('Hi Sam, our spring bikes are in the shop.');
      expect(message.media).toMatchObject({ kind: 'image', mimeType: 'image/png', status: 'ready' });
      expect(message.media?.id).not.toBe(sampleId);

      await settle(ctx);
      const [row] = await ctx.db.select().from(messages).where(eq(messages.id, message.id));
      expect(row?.status).toMatch(/sent|delivered/);
      const chat = await phoneApi<{
        messages: {
          id: string;
          media: { url: string; kind: string } | null;
          template: { body: string } | null;
        }[];
      }>(ctx.origin, 'GET', `/phone-numbers/${team.phoneNumberId}/customers/${WA_ID}/messages`);
      const bubble = chat.body.messages.find((m) => m.id === row?.externalId);
      expect(bubble?.template?.body).toBe('Hi Sam, our spring bikes are in the shop.');
      expect(bubble?.media?.kind).toBe('image');
      const shown = await fetch(`${ctx.origin}${bubble!.media!.url}`);
      expect(Buffer.from(await shown.arrayBuffer()).equals(PNG)).toBe(true);

      // The same clientRef again is the same message, and no second copy.
      const files = (await ctx.db.select({ id: media.id }).from(media)).length;
      const again = await api(
        'POST',
        `/api/contacts/${contact.id}/template-messages`,
        { templateId, clientRef: 'temp-m-1', parameters: { body: ['Sam'] } },
        team.member.cookie,
      );
      expect((again.json() as MessageResponse).message.id).toBe(message.id);
      expect((await ctx.db.select({ id: media.id }).from(media)).length).toBe(files);
    } finally {
      await phoneApi(ctx.origin, 'POST', '/clock/advance', { seconds: -25 * 3600 });
    }
  });

  it('sends a file chosen for this send instead, checked like the composer’s photos', async () => {
    const contact = await contactOf(ctx, team, WA_ID);
    const refused = await upload(`/api/templates/${templateId}/header-media`, {}, 'a.pdf', PDF);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Only JPEG and PNG images are supported');

    const chosen = await upload(`/api/templates/${templateId}/header-media`, {}, 'blue.png', OTHER_PNG);
    expect(chosen.statusCode, chosen.body).toBe(201);
    const file = (chosen.json() as TemplateMediaResponse).media;
    const res = await api(
      'POST',
      `/api/contacts/${contact.id}/template-messages`,
      { templateId, clientRef: 'temp-m-2', parameters: { body: ['Ana'] }, headerMediaId: file.id },
      team.member.cookie,
    );
    expect(res.statusCode, res.body).toBe(202);
    expect((res.json() as MessageResponse).message.media?.id).toBe(file.id);
    await settle(ctx);
    const last = (await messagesAtMeta(ctx, team, WA_ID)).at(-1)!;
    const header = (last.payload as { template: { rendered: { header: { mediaId: string } } } }).template
      .rendered.header;
    const shown = await fetch(`${ctx.origin}/sandbox/api/media/${header.mediaId}`);
    expect(Buffer.from(await shown.arrayBuffer()).equals(OTHER_PNG)).toBe(true);
  });

  it('refuses a send without a file when the template has no sample, and a file for a template without one', async () => {
    const contact = await contactOf(ctx, team, WA_ID);
    await ctx.db.update(templates).set({ headerMediaId: null }).where(eq(templates.id, templateId));
    const noFile = await api('POST', `/api/contacts/${contact.id}/template-messages`, {
      templateId,
      clientRef: 'temp-m-3',
      parameters: { body: ['Ana'] },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Choose the image to send in the header');
    await ctx.db.update(templates).set({ headerMediaId: sampleId }).where(eq(templates.id, templateId));

    const [hello] = await ctx.db
      .select()
      .from(templates)
      .where(and(eq(templates.accountId, team.accountId), eq(templates.name, 'hello_world')));
    const withFile = await api('POST', `/api/contacts/${contact.id}/template-messages`, {
      templateId: hello!.id,
      clientRef: 'temp-m-4',
      headerMediaId: sampleId,
    });
    expect(withFile.statusCode).toBe(400);
    expect(withFile.json().message).toBe('This template has no image, video or document header');
    const upload404 = await upload(`/api/templates/${hello!.id}/header-media`, {}, 'a.png', PNG);
    expect(upload404.json().message).toBe('This template has no image, video or document header');
  });
});

describe('document and video headers', () => {
  it('sends a PDF header with its name, and takes an MP4 sample', async () => {
    const pdf = await sample('DOCUMENT', 'spring-prices.pdf', PDF);
    const template = await createApproved({
      name: 'spring_prices',
      header: { format: 'DOCUMENT', mediaId: pdf.id },
      body: 'Here are this spring’s prices, {{1}}. Enjoy the ride!',
      bodyExamples: ['Maya'],
    });
    const contact = await contactOf(ctx, team, WA_ID);
    const res = await api('POST', `/api/contacts/${contact.id}/template-messages`, {
      templateId: template.id,
      clientRef: 'temp-d-1',
      parameters: { body: ['Sam'] },
    });
    expect(res.statusCode, res.body).toBe(202);
    await settle(ctx);
    const chat = await phoneApi<{
      messages: {
        media: { kind: string; filename: string | null } | null;
        template: { body: string } | null;
      }[];
    }>(ctx.origin, 'GET', `/phone-numbers/${team.phoneNumberId}/customers/${WA_ID}/messages`);
    expect(chat.body.messages.at(-1)).toMatchObject({
      media: { kind: 'document', filename: 'spring-prices.pdf' },
      template: { body: 'Here are this spring’s prices, Sam. Enjoy the ride!' },
    });

    const video = await sample('VIDEO', 'ride.mp4', MP4);
    expect(video).toMatchObject({ kind: 'video', mimeType: 'video/mp4' });
    const created = await createApproved({
      name: 'spring_ride',
      header: { format: 'VIDEO', mediaId: video.id },
      body: 'Take a ride with us this spring.',
    });
    expect(created).toMatchObject({ status: 'pending', header: { format: 'VIDEO' } });
  });
});
