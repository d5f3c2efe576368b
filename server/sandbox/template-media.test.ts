import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appGraphClient } from '../accounts/graph';
import { sandboxUploads } from '../db/schema';
import {
  graphError,
  type ListeningContext,
  listeningSandbox,
  phoneApi,
  runSandboxJobs,
  type SignupResult,
  sandboxSignup,
  solidPng,
} from '../test/sandbox';
import { createGraphClient, type GraphClient } from '../whatsapp/graph-client';
import { buildTemplateMessage } from '../whatsapp/message-builders';

/**
 * Media headers against the sandbox over real HTTP, with the app's own Graph client: the Resumable
 * Upload API (session on the app, bytes with OAuth and file_offset, resume), templates whose header
 * quotes the handle, their review, and template sends whose header carries an uploaded file.
 */

let ctx: ListeningContext;
let signup: SignupResult;
let token: string;
let graph: GraphClient;
const CUSTOMER = '16505551234';
const PNG = solidPng(24, 16, [37, 211, 102]);
const PDF = Buffer.from('%PDF-1.4\n% a price list\n');

const phoneId = () => signup.data.phone_number_id;
const wabaId = () => signup.data.waba_id;
const graphUrl = (path: string) => `${ctx.origin}/sandbox/graph/v22.0/${path}`;

function imageTemplate(name: string, handle: string, format = 'IMAGE') {
  return graph.createTemplate(wabaId(), {
    name,
    category: 'MARKETING',
    language: 'en_US',
    components: [
      { type: 'HEADER', format, example: { header_handle: [handle] } },
      { type: 'BODY', text: 'Hi {{1}}, our spring bikes are here.', example: { body_text: [['Maya']] } },
    ],
  });
}

beforeAll(async () => {
  ({ ctx, signup } = await listeningSandbox('Harbor Bikes', { waId: CUSTOMER, name: 'Maya Patel' }));
  token = (await appGraphClient(ctx.env).exchangeCode(signup.code)).accessToken;
  graph = appGraphClient(ctx.env, token);
  await phoneApi(ctx.origin, 'PUT', '/settings', { templateReviewSeconds: 0 });
});
afterAll(() => ctx.close());

describe('the Resumable Upload API', () => {
  it('opens a session on the app, takes the bytes and answers a handle', async () => {
    const { handle, uploadId } = await graph.uploadTemplateSample({
      data: PNG,
      fileName: 'spring.png',
      fileType: 'image/png',
    });
    expect(uploadId).toMatch(/^upload:[A-Za-z0-9_-]+\?sig=[A-Za-z0-9_-]+$/);
    expect(handle).toMatch(/^4::aW1hZ2UvcG5n:/);
    await expect(graph.getUploadSession(uploadId)).resolves.toMatchObject({ fileOffset: PNG.length });
  });

  it('refuses other apps, types Meta does not take, files over the limit and a missing token', async () => {
    const otherApp = appGraphClient({ ...ctx.env, meta: { ...ctx.env.meta, appId: '999' } }, token);
    const other = await graphError(
      otherApp.createUploadSession({ fileName: 'a.png', fileLength: 10, fileType: 'image/png' }),
    );
    expect(other).toMatchObject({ code: 100, subcode: 33 });
    const gif = await graphError(
      graph.createUploadSession({ fileName: 'a.gif', fileLength: 10, fileType: 'image/gif' }),
    );
    expect(gif).toMatchObject({ code: 100, httpStatus: 400 });
    expect(gif.details).toContain("Invalid file_type 'image/gif'");
    const big = await graphError(
      graph.createUploadSession({
        fileName: 'a.png',
        fileLength: 5 * 1024 * 1024 + 1,
        fileType: 'image/png',
      }),
    );
    expect(big.details).toContain('at most 5242880 bytes');
    const video = await graph.createUploadSession({
      fileName: 'a.mp4',
      fileLength: 16 * 1024 * 1024,
      fileType: 'video/mp4',
    });
    expect(video.id).toMatch(/^upload:[A-Za-z0-9_-]+\?sig=[A-Za-z0-9_-]+$/);
    await expect(graph.getUploadSession(video.id)).resolves.toMatchObject({ fileOffset: 0 });
    const control = await fetch(
      graphUrl('sandbox-app/uploads?file_name=a%00b.png&file_length=10&file_type=image/png'),
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(control.status).toBe(400);
    const anonymous = await fetch(graphUrl('sandbox-app/uploads?file_length=10&file_type=image/png'), {
      method: 'POST',
    });
    expect(anonymous.status).toBe(401);
  });

  it('needs the token in the header, the right offset, and bytes of the announced type', async () => {
    const { id } = await graph.createUploadSession({
      fileName: 'a.png',
      fileLength: PNG.length,
      fileType: 'image/png',
    });
    const [path, sig] = id.split('?sig=') as [string, string];
    const post = (headers: Record<string, string>, body: Buffer, query = `sig=${sig}`) =>
      fetch(graphUrl(`${path}?${query}`), { method: 'POST', headers, body: new Uint8Array(body) });

    const inQuery = await post({ file_offset: '0' }, PNG, `sig=${sig}&access_token=${token}`);
    expect(inQuery.status).toBe(401);
    const wrongSig = await post({ authorization: `OAuth ${token}`, file_offset: '0' }, PNG, 'sig=nope');
    expect((await wrongSig.json()).error).toMatchObject({ code: 100, error_subcode: 33 });
    const noOffset = await post({ authorization: `OAuth ${token}` }, PNG);
    expect((await noOffset.json()).error.error_data.details).toContain('file_offset');

    // curl --data-binary sends form-encoded: the bytes are still taken as they are.
    const half = await post(
      {
        authorization: `OAuth ${token}`,
        file_offset: '0',
        'content-type': 'application/x-www-form-urlencoded',
      },
      PNG.subarray(0, 20),
    );
    expect(await half.json()).toEqual({ id, file_offset: 20 });
    const skipped = await post({ authorization: `OAuth ${token}`, file_offset: '0' }, PNG.subarray(20));
    expect((await skipped.json()).error.error_data.details).toContain('already received');
    const rest = await post({ authorization: `OAuth ${token}`, file_offset: '20' }, PNG.subarray(20));
    expect((await rest.json()).h).toMatch(/^4::/);
    const [stored] = await ctx.db
      .select()
      .from(sandboxUploads)
      .where(eq(sandboxUploads.id, path.slice(7)));
    expect(stored?.data.equals(PNG)).toBe(true);

    const notPng = await graphError(
      graph.uploadTemplateSample({ data: PDF, fileName: 'fake.png', fileType: 'image/png' }),
    );
    expect(notPng.details).toBe('The uploaded file is not a image/png file.');
  });

  it('resumes an upload whose connection dropped from where the sandbox stands', async () => {
    let dropped = false;
    const flaky: typeof fetch = async (input, init) => {
      const isChunk = init?.method === 'POST' && String(input).includes('/upload:');
      if (isChunk && !dropped) {
        dropped = true;
        // Half the bytes reach the server, then the connection goes.
        const bytes = init.body as Uint8Array<ArrayBuffer>;
        await fetch(input, { ...init, body: bytes.subarray(0, Math.floor(bytes.length / 2)) });
        throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      }
      return fetch(input, init);
    };
    const resuming = createGraphClient({
      baseUrl: `${ctx.origin}/sandbox/graph/v22.0`,
      accessToken: token,
      appId: 'sandbox-app',
      fetch: flaky,
      uploadRetryDelayMs: 0,
    });
    const { handle } = await resuming.uploadTemplateSample({
      data: PNG,
      fileName: 'c.png',
      fileType: 'image/png',
    });
    expect(dropped).toBe(true);
    const [stored] = await ctx.db.select().from(sandboxUploads).where(eq(sandboxUploads.handle, handle));
    expect(stored?.data.equals(PNG)).toBe(true);
  });
});

describe('templates with a media header', () => {
  it('takes a header only with a valid handle of the right type, and lists the sample as a URL', async () => {
    const png = await graph.uploadTemplateSample({
      data: PNG,
      fileName: 'spring.png',
      fileType: 'image/png',
    });
    const pdf = await graph.uploadTemplateSample({
      data: PDF,
      fileName: 'prices.pdf',
      fileType: 'application/pdf',
    });

    const bogus = await graphError(imageTemplate('bogus_handle', '4::aW1hZ2UvcG5n:notarealhandle1'));
    expect(bogus.details).toContain('is not a valid file handle');
    const wrongKind = await graphError(imageTemplate('wrong_kind', pdf.handle));
    expect(wrongKind.details).toContain('needs a image/jpeg or image/jpg or image/png sample');
    const missing = await graphError(
      graph.createTemplate(wabaId(), {
        name: 'no_sample',
        category: 'MARKETING',
        language: 'en_US',
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          { type: 'BODY', text: 'Hello' },
        ],
      }),
    );
    expect(missing.details).toContain('needs example.header_handle');
    // Another WABA's token cannot use this WABA's upload.
    const stranger = await sandboxSignup(ctx.origin, 'Other Shop');
    const strangerToken = (await appGraphClient(ctx.env).exchangeCode(stranger.code)).accessToken;
    const foreign = await graphError(
      appGraphClient(ctx.env, strangerToken).createTemplate(stranger.data.waba_id, {
        name: 'borrowed',
        category: 'MARKETING',
        language: 'en_US',
        components: [
          { type: 'HEADER', format: 'IMAGE', example: { header_handle: [png.handle] } },
          { type: 'BODY', text: 'Hello' },
        ],
      }),
    );
    expect(foreign.details).toContain('is not a valid file handle');

    const created = await imageTemplate('spring_bikes', png.handle);
    expect(created.status).toBe('PENDING');
    await imageTemplate('spring_catalogue', pdf.handle, 'DOCUMENT');
    await runSandboxJobs(ctx);

    const listed = await graph.listTemplates(wabaId());
    const spring = listed.find((t) => t.name === 'spring_bikes');
    expect(spring?.status).toBe('APPROVED');
    const header = spring?.components.find((c) => c.type === 'HEADER');
    const [url] = (header?.example?.header_handle ?? []) as string[];
    expect(url).toMatch(new RegExp(`^${ctx.origin}/sandbox/api/template-samples/`));
    const sample = await fetch(url!);
    expect(sample.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await sample.arrayBuffer()).equals(PNG)).toBe(true);

    const summaries = await phoneApi<{ templates: { name: string; headerSample: unknown }[] }>(
      ctx.origin,
      'GET',
      `/phone-numbers/${phoneId()}/templates`,
    );
    expect(summaries.body.templates.find((t) => t.name === 'spring_bikes')?.headerSample).toEqual({
      kind: 'image',
      url: new URL(url!).pathname,
    });
  });

  it('rejects at review a template whose sample is gone', async () => {
    await phoneApi(ctx.origin, 'PUT', '/settings', { templateReviewSeconds: 600 });
    const png = await graph.uploadTemplateSample({ data: PNG, fileName: 'gone.png', fileType: 'image/png' });
    await imageTemplate('sample_gone', png.handle);
    await ctx.db.delete(sandboxUploads).where(eq(sandboxUploads.handle, png.handle));
    await runSandboxJobs(ctx);
    const [row] = (await graph.listTemplates(wabaId())).filter((t) => t.name === 'sample_gone');
    expect(row?.status).toBe('REJECTED');
    await phoneApi(ctx.origin, 'PUT', '/settings', { templateReviewSeconds: 0 });
  });

  it('sends with the header file by id; the phone shows it above the rendered text', async () => {
    const photo = await graph.uploadMedia(phoneId(), {
      data: PNG,
      filename: 'bike.png',
      mimeType: 'image/png',
    });
    const send = (header: unknown[]) =>
      graph.sendMessage(
        phoneId(),
        buildTemplateMessage(CUSTOMER, {
          name: 'spring_bikes',
          components: [
            { type: 'header', parameters: header as never },
            { type: 'body', parameters: [{ type: 'text', text: 'Sam' }] },
          ],
        }),
      );

    const sent = await send([{ type: 'image', image: { id: photo.id } }]);
    const chat = await phoneApi<{
      messages: {
        id: string;
        media: { url: string; kind: string; mimeType: string } | null;
        template: { body: string } | null;
      }[];
    }>(ctx.origin, 'GET', `/phone-numbers/${phoneId()}/customers/${CUSTOMER}/messages`);
    const bubble = chat.body.messages.find((m) => m.id === sent.externalId);
    expect(bubble?.template?.body).toBe('Hi Sam, our spring bikes are here.');
    expect(bubble?.media).toMatchObject({
      kind: 'image',
      mimeType: 'image/png',
      url: `/sandbox/api/media/${photo.id}`,
    });
    const shown = await fetch(`${ctx.origin}${bubble!.media!.url}`);
    expect(Buffer.from(await shown.arrayBuffer()).equals(PNG)).toBe(true);

    const none = await graphError(
      graph.sendMessage(
        phoneId(),
        buildTemplateMessage(CUSTOMER, {
          name: 'spring_bikes',
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'Sam' }] }],
        }),
      ),
    );
    expect(none.code).toBe(132012);
    // A header by link is accepted at once, as on Meta (link-fetch.test.ts follows the fetch).
    await expect(
      send([{ type: 'image', image: { link: 'https://example.com/a.png' } }]),
    ).resolves.toMatchObject({
      externalId: expect.stringMatching(/^wamid\./),
    });
    const pdf = await graph.uploadMedia(phoneId(), {
      data: PDF,
      filename: 'a.pdf',
      mimeType: 'application/pdf',
    });
    const asImage = await graphError(send([{ type: 'image', image: { id: pdf.id } }]));
    expect(asImage.code).toBe(131053);
  });
});
