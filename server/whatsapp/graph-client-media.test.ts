import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { uploadFilenameFor } from './graph-client';
import {
  APP_ID,
  caught,
  client,
  everythingAbout,
  graph,
  json,
  only,
  PHONE,
  reply,
  serveFakeGraph,
  TOKEN,
} from './graph-client-fixture';
import { GraphApiError, GraphConfigError, GraphResponseError } from './graph-errors';

serveFakeGraph();

describe('media', () => {
  it('uploads a file as multipart with messaging_product, type and file', async () => {
    reply([200, { id: '1037543291543636' }]);
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const result = await client().uploadMedia(PHONE, { data, filename: 'photo.PNG', mimeType: 'image/png' });
    expect(result).toEqual({ id: '1037543291543636' });

    const request = only();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v22.0/${PHONE}/media`);
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(new Uint8Array(request.body), {
      headers: { 'content-type': String(request.headers['content-type']) },
    }).formData();
    expect(form.get('messaging_product')).toBe('whatsapp');
    expect(form.get('type')).toBe('image/png');
    const file = form.get('file') as File;
    expect(file.name).toBe('photo.png');
    expect(file.type).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(data)).toBe(true);
  });

  it('streams a file from disk, and gives the upload the media timeout, not the API one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'graph-upload-'));
    try {
      const bytes = randomBytes(3 * 1024 * 1024);
      writeFileSync(path.join(dir, 'report.pdf'), bytes);
      // Meta takes longer to take in a large file than an API call may last.
      graph.handler = (_request, response) => setTimeout(() => json(response, 200, { id: '88' }), 300);
      const result = await client({ timeoutMs: 100, downloadTimeoutMs: 5_000 }).uploadMedia(PHONE, {
        data: await openAsBlob(path.join(dir, 'report.pdf')),
        filename: 'report.pdf',
        mimeType: 'application/pdf',
      });
      expect(result).toEqual({ id: '88' });
      const form = await new Response(new Uint8Array(only().body), {
        headers: { 'content-type': String(only().headers['content-type']) },
      }).formData();
      const file = form.get('file') as File;
      expect(file.type).toBe('application/pdf');
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails with the spec text when the upload returns no id', async () => {
    reply([200, {}]);
    const error = await caught(
      client().uploadMedia(PHONE, { data: Buffer.from('x'), filename: 'a.pdf', mimeType: 'application/pdf' }),
    );
    expect(error.message).toBe('No media ID returned from WhatsApp');
  });

  it.each([
    ['photo.jpeg', 'image/jpeg', 'photo.jpg'],
    ['photo', 'image/png', 'photo.png'],
    ['clip.mov', 'video/mp4', 'clip.mp4'],
    ['clip.3gpp', 'video/3gpp', 'clip.3gp'],
    ['report.final.pdf', 'application/pdf', 'report.final.pdf'],
    ['C:\\Users\\me\\notes.txt', 'text/plain', 'notes.txt'],
    ['../../etc/passwd', 'text/plain', 'passwd'],
    ['', 'application/pdf', 'file'],
    ['voice.ogg', 'audio/ogg; codecs=opus', 'voice.ogg'],
  ])('names an upload %s of type %s as %s', (filename, mimeType, expected) => {
    expect(uploadFilenameFor(filename, mimeType)).toBe(expected);
  });

  it('resolves a media id and downloads it with the bearer token', async () => {
    const bytes = Buffer.from('%PDF-1.7 fake pdf bytes');
    graph.handler = (request, response) => {
      if (request.path === '/v22.0/2093847561029386') {
        json(response, 200, {
          messaging_product: 'whatsapp',
          url: `${graph.origin}/lookaside/whatsapp_business/attachments/?mid=2093847561029386&hash=abc`,
          mime_type: 'application/pdf',
          sha256: 'Pd8fK2lM4nB6vC8xZ0aS2dF4gH6jK8lQ0wE2rT4yU6i=',
          file_size: '23',
          id: '2093847561029386',
        });
        return;
      }
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end(bytes);
    };
    const api = client();
    const info = await api.getMediaUrl('2093847561029386', { phoneNumberId: PHONE });
    expect(info).toEqual({
      id: '2093847561029386',
      url: `${graph.origin}/lookaside/whatsapp_business/attachments/?mid=2093847561029386&hash=abc`,
      mimeType: 'application/pdf',
      sha256: 'Pd8fK2lM4nB6vC8xZ0aS2dF4gH6jK8lQ0wE2rT4yU6i=',
      fileSize: 23,
    });
    const media = await api.downloadMedia(info.url);
    expect(media.contentType).toBe('application/pdf');
    expect(media.data.equals(bytes)).toBe(true);

    const [lookup, download] = graph.requests;
    expect(lookup).toMatchObject({ method: 'GET', query: { phone_number_id: PHONE } });
    expect(lookup?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(download).toMatchObject({
      method: 'GET',
      path: '/lookaside/whatsapp_business/attachments/',
      query: { mid: '2093847561029386', hash: 'abc' },
    });
    expect(download?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('reports a failed download as a typed error, and refuses oversized or empty files', async () => {
    graph.handler = (request, response) => {
      if (request.path === '/gone') {
        response.writeHead(404, { 'content-type': 'text/html' });
        response.end('<html>Not Found</html>');
      } else if (request.path === '/empty') {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.end();
      } else {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.end(Buffer.alloc(2048));
      }
    };
    const gone = await caught(client().downloadMedia(`${graph.origin}/gone`));
    expect(gone).toBeInstanceOf(GraphApiError);
    expect(gone).toMatchObject({ httpStatus: 404, code: null, isRetryable: false });
    expect((await caught(client().downloadMedia(`${graph.origin}/empty`))).message).toBe(
      'No data received from download service',
    );
    expect(await caught(client().downloadMedia(`${graph.origin}/big`, { maxBytes: 1024 }))).toMatchObject({
      problem: 'media_too_large',
    });
    expect(await caught(client().downloadMedia('file:///etc/passwd'))).toBeInstanceOf(GraphResponseError);
  });
});

describe('template media: the Resumable Upload API', () => {
  const SESSION = 'upload:MTphdHRhY2htZW50OjQ1Njc=?sig=ARZqkGCA_uQMxC8nHKI';
  const HANDLE = '4::aW1hZ2UvcG5n:ARb1ZDhwbLZM3EENeeg';
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7, 6, 5, 4, 3, 2]);

  it('opens a session on the app with the file facts, then posts the bytes with OAuth and file_offset', async () => {
    reply([200, { id: SESSION }], [200, { h: HANDLE }]);
    const result = await client().uploadTemplateSample({
      data: PNG,
      fileName: 'header.png',
      fileType: 'image/png',
    });
    expect(result).toEqual({ handle: HANDLE, uploadId: SESSION });

    const [open, upload] = graph.requests;
    expect(open).toMatchObject({
      method: 'POST',
      path: `/v22.0/${APP_ID}/uploads`,
      query: { file_name: 'header.png', file_length: String(PNG.length), file_type: 'image/png' },
    });
    expect(open?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(open?.query.access_token).toBeUndefined();
    // The session id is the path as Meta wrote it (':' kept), its ?sig= part the query.
    expect(upload?.method).toBe('POST');
    expect(upload?.path).toBe('/v22.0/upload:MTphdHRhY2htZW50OjQ1Njc%3D');
    expect(upload?.query).toEqual({ sig: 'ARZqkGCA_uQMxC8nHKI' });
    expect(upload?.headers.authorization).toBe(`OAuth ${TOKEN}`);
    expect(upload?.headers.file_offset).toBe('0');
    expect(upload?.headers['content-type']).toBe('application/octet-stream');
    expect(upload?.body.equals(PNG)).toBe(true);
  });

  it('reads where a session stands', async () => {
    reply([200, { id: SESSION, file_offset: 8 }]);
    await expect(client().getUploadSession(SESSION)).resolves.toEqual({ id: SESSION, fileOffset: 8 });
    expect(only()).toMatchObject({ method: 'GET', query: { sig: 'ARZqkGCA_uQMxC8nHKI' } });
    expect(only().headers.authorization).toBe(`OAuth ${TOKEN}`);
  });

  it('resumes from the offset Meta holds after a 5xx, instead of starting over', async () => {
    const answers: [number, unknown][] = [
      [200, { id: SESSION }],
      [503, { error: { message: 'Service unavailable', code: 2, is_transient: true } }],
      [200, { id: SESSION, file_offset: 6 }],
      [200, { h: HANDLE }],
    ];
    reply(...answers);
    const result = await client({ uploadRetryDelayMs: 0 }).uploadTemplateSample({
      data: PNG,
      fileName: 'header.png',
      fileType: 'image/png',
    });
    expect(result.handle).toBe(HANDLE);
    expect(graph.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'GET', 'POST']);
    const resumed = graph.requests[3]!;
    expect(resumed.headers.file_offset).toBe('6');
    expect(resumed.body.equals(PNG.subarray(6))).toBe(true);
  });

  it('resumes a sample streamed from disk from the offset Meta holds', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'graph-sample-'));
    try {
      writeFileSync(path.join(dir, 'sample'), PNG);
      reply(
        [200, { id: SESSION }],
        [503, { error: { message: 'Service unavailable', code: 2, is_transient: true } }],
        [200, { id: SESSION, file_offset: 5 }],
        [200, { h: HANDLE }],
      );
      const result = await client({ uploadRetryDelayMs: 0 }).uploadTemplateSample({
        data: await openAsBlob(path.join(dir, 'sample')),
        fileName: 'header.png',
        fileType: 'image/png',
      });
      expect(result.handle).toBe(HANDLE);
      expect(graph.requests[0]?.query.file_length).toBe(String(PNG.length));
      expect(graph.requests[1]?.body.equals(PNG)).toBe(true);
      expect(graph.requests[3]?.headers.file_offset).toBe('5');
      expect(graph.requests[3]?.body.equals(PNG.subarray(5))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('carries on from a partial answer, and gives up after three failures', async () => {
    reply([200, { id: SESSION }], [200, { id: SESSION, file_offset: 10 }], [200, { h: HANDLE }]);
    await client().uploadTemplateSample({ data: PNG, fileName: 'a.png', fileType: 'image/png' });
    expect(graph.requests[2]?.headers.file_offset).toBe('10');
    expect(graph.requests[2]?.body.equals(PNG.subarray(10))).toBe(true);

    graph.requests = [];
    reply(
      [200, { id: SESSION }],
      [500, { error: { message: 'oops', code: 1 } }],
      [200, { id: SESSION, file_offset: 0 }],
      [500, { error: { message: 'oops', code: 1 } }],
      [200, { id: SESSION, file_offset: 0 }],
      [500, { error: { message: 'oops', code: 1 } }],
    );
    const error = await caught(
      client({ uploadRetryDelayMs: 0 }).uploadTemplateSample({
        data: PNG,
        fileName: 'a.png',
        fileType: 'image/png',
      }),
    );
    expect(error).toBeInstanceOf(GraphApiError);
    expect(graph.requests.filter((r) => r.method === 'POST')).toHaveLength(4);
  });

  it('passes refusals on at once, and needs the app id', async () => {
    reply([400, { error: { message: '(#100) Invalid parameter', code: 100, type: 'OAuthException' } }]);
    const refused = await caught(
      client().uploadTemplateSample({ data: PNG, fileName: 'a.gif', fileType: 'image/gif' }),
    );
    expect(refused).toMatchObject({ code: 100, httpStatus: 400 });
    expect(graph.requests).toHaveLength(1);

    const noApp = await caught(
      client({ appId: undefined }).uploadTemplateSample({
        data: PNG,
        fileName: 'a.png',
        fileType: 'image/png',
      }),
    );
    expect(noApp).toBeInstanceOf(GraphConfigError);
    expect(noApp.message).toContain('META_APP_ID');
  });

  it('fails clearly when Meta answers neither a handle nor progress', async () => {
    reply([200, { id: SESSION }], [200, { success: true }]);
    const error = await caught(
      client().uploadTemplateSample({ data: PNG, fileName: 'a.png', fileType: 'image/png' }),
    );
    expect(error).toBeInstanceOf(GraphResponseError);
    expect(error.message).toBe('Invalid WhatsApp API response');
  });

  it('never puts the token in an upload error', async () => {
    graph.handler = (request, response) =>
      json(response, 400, {
        error: { message: `bad token ${TOKEN}`, code: 190, error_data: { details: request.path } },
      });
    const error = await caught(
      client().uploadTemplateSample({ data: PNG, fileName: 'a.png', fileType: 'image/png' }),
    );
    expect(everythingAbout(error)).not.toContain(TOKEN);
  });
});
