import { randomBytes } from 'node:crypto';
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGraphClient, type GraphClientOptions, uploadFilenameFor } from './graph-client';
import {
  GraphApiError,
  GraphConfigError,
  GraphNetworkError,
  GraphResponseError,
  isRetryableGraphError,
} from './graph-errors';
import {
  buildAudioMessage,
  buildDocumentMessage,
  buildImageMessage,
  buildReactionMessage,
  buildStickerMessage,
  buildTemplateMessage,
  buildTextMessage,
  buildVideoMessage,
} from './message-builders';

const TOKEN = 'EAAGtestAccessToken0123456789abcdef';
const APP_ID = '1234567890123456';
const APP_SECRET = 'app-secret-0f9e8d7c6b5a4321';
const PHONE = '109283746501234';
const WABA = '104857600123456';
const WAMID = 'wamid.HBgLMTY1MDU1NTAxNDIVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA';

type Recorded = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: Buffer;
};
type Handler = (request: Recorded, response: ServerResponse) => void;

let server: Server;
let origin: string;
let baseUrl: string;
let requests: Recorded[];
let handler: Handler;

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Answers each request with the next reply in the list (the last one repeats). */
function reply(...replies: [number, unknown][]): void {
  let index = 0;
  handler = (_request, response) => {
    const [status, body] = replies[Math.min(index++, replies.length - 1)] ?? [500, {}];
    json(response, status, body);
  };
}

function client(overrides: Partial<GraphClientOptions> = {}) {
  return createGraphClient({
    baseUrl,
    accessToken: TOKEN,
    appId: APP_ID,
    appSecret: APP_SECRET,
    timeoutMs: 2000,
    ...overrides,
  });
}

async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

function everythingAbout(error: Error): string {
  return [
    String(error),
    error.message,
    error.stack ?? '',
    JSON.stringify(error),
    JSON.stringify({ ...error }),
  ].join('\n');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: Recorded = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  baseUrl = `${origin}/v22.0`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  requests = [];
  handler = (_request, response) => json(response, 500, { error: { message: 'no handler', code: 1 } });
});

function only(): Recorded {
  expect(requests).toHaveLength(1);
  return requests[0] as Recorded;
}

function jsonBody(request: Recorded): unknown {
  return JSON.parse(request.body.toString('utf8'));
}

describe('tokens and onboarding', () => {
  it('exchanges a short-lived token for a 60-day one with the exact query Meta expects', async () => {
    reply([200, { access_token: 'EAAGlongLived9876543210', token_type: 'bearer', expires_in: 5_183_944 }]);
    const result = await client({ accessToken: undefined }).exchangeToken('EAAGshortLived0000000');
    expect(result).toEqual({
      accessToken: 'EAAGlongLived9876543210',
      tokenType: 'bearer',
      expiresIn: 5_183_944,
    });
    const request = only();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v22.0/oauth/access_token');
    expect(request.query).toEqual({
      grant_type: 'fb_exchange_token',
      client_id: APP_ID,
      client_secret: APP_SECRET,
      set_token_expires_in_60_days: 'true',
      fb_exchange_token: 'EAAGshortLived0000000',
    });
    expect(request.headers.authorization).toBeUndefined();
  });

  it('assumes 60 days when Meta does not say, and fails clearly without a token in the answer', async () => {
    reply([200, { access_token: 'EAAGlongLived9876543210' }], [200, { token_type: 'bearer' }]);
    expect((await client().exchangeToken('EAAGshort1111111')).expiresIn).toBe(60 * 24 * 60 * 60);
    const error = await caught(client().exchangeToken('EAAGshort1111111'));
    expect(error).toBeInstanceOf(GraphResponseError);
    expect(error.message).toBe('No access token in response');
  });

  it('exchanges an embedded-signup code with a form-encoded POST', async () => {
    reply([200, { access_token: 'EAAGbusinessToken1234567', token_type: 'bearer' }]);
    const result = await client({ accessToken: undefined }).exchangeCode('AQD-code-xyz');
    expect(result).toEqual({ accessToken: 'EAAGbusinessToken1234567', tokenType: 'bearer', expiresIn: null });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v22.0/oauth/access_token');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body.toString()))).toEqual({
      client_id: APP_ID,
      client_secret: APP_SECRET,
      code: 'AQD-code-xyz',
    });
    expect(request.query).toEqual({});
  });

  it('refuses token calls without app credentials', async () => {
    const error = await caught(client({ appSecret: undefined }).exchangeCode('AQD-code'));
    expect(error).toBeInstanceOf(GraphConfigError);
    expect(requests).toHaveLength(0);
  });

  it('debugs a token and reads its WABA ids and expiry', async () => {
    reply([
      200,
      {
        data: {
          app_id: APP_ID,
          application: 'Switchboard',
          type: 'SYSTEM_USER',
          is_valid: true,
          expires_at: 0,
          data_access_expires_at: 1_760_000_000,
          scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
          granular_scopes: [
            { scope: 'whatsapp_business_management', target_ids: [WABA, '100000000000001'] },
            { scope: 'whatsapp_business_messaging', target_ids: [WABA] },
          ],
          user_id: '10222270944537964',
        },
      },
    ]);
    const info = await client().debugToken('EAAGinputToken123456');
    expect(info).toEqual({
      isValid: true,
      appId: APP_ID,
      application: 'Switchboard',
      type: 'SYSTEM_USER',
      userId: '10222270944537964',
      expiresAt: null,
      dataAccessExpiresAt: new Date(1_760_000_000_000),
      scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
      granularScopes: [
        { scope: 'whatsapp_business_management', targetIds: [WABA, '100000000000001'] },
        { scope: 'whatsapp_business_messaging', targetIds: [WABA] },
      ],
      wabaIds: [WABA, '100000000000001'],
    });
    const request = only();
    expect(request.path).toBe('/v22.0/debug_token');
    expect(request.query).toEqual({ input_token: 'EAAGinputToken123456' });
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('uses the app token for debug_token when it has no account token', async () => {
    reply([200, { data: { is_valid: false, expires_at: 1_700_000_000 } }]);
    const info = await client({ accessToken: undefined }).debugToken('EAAGinputToken123456');
    expect(info).toMatchObject({ isValid: false, expiresAt: new Date(1_700_000_000_000), wabaIds: [] });
    expect(only().headers.authorization).toBe(`Bearer ${APP_ID}|${APP_SECRET}`);
  });

  it('reads a phone number, a WABA, and subscribes the app', async () => {
    reply(
      [
        200,
        {
          verified_name: 'Linen & Co',
          code_verification_status: 'VERIFIED',
          display_phone_number: '+1 555-010-1234',
          quality_rating: 'GREEN',
          platform_type: 'CLOUD_API',
          throughput: { level: 'STANDARD' },
          id: PHONE,
        },
      ],
      [
        200,
        {
          id: WABA,
          name: 'Linen & Co',
          currency: 'USD',
          timezone_id: '1',
          message_template_namespace: 'ab12cd34_ef56',
        },
      ],
      [200, { success: true }],
    );
    const api = client();
    expect(await api.getPhoneNumber(PHONE)).toEqual({
      id: PHONE,
      displayPhoneNumber: '+1 555-010-1234',
      verifiedName: 'Linen & Co',
      qualityRating: 'GREEN',
      codeVerificationStatus: 'VERIFIED',
      status: null,
      platformType: 'CLOUD_API',
      messagingLimitTier: null,
      throughputLevel: 'STANDARD',
    });
    expect(await api.getWaba(WABA)).toEqual({
      id: WABA,
      name: 'Linen & Co',
      currency: 'USD',
      timezoneId: '1',
      messageTemplateNamespace: 'ab12cd34_ef56',
    });
    expect(await api.subscribeApp(WABA)).toEqual({ success: true });

    const [phone, waba, subscribe] = requests;
    expect(phone).toMatchObject({ method: 'GET', path: `/v22.0/${PHONE}` });
    expect(phone?.query.fields?.split(',')).toEqual(
      expect.arrayContaining(['id', 'display_phone_number', 'verified_name', 'quality_rating']),
    );
    expect(phone?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(waba).toMatchObject({
      method: 'GET',
      path: `/v22.0/${WABA}`,
      query: { fields: 'id,name,currency,timezone_id,message_template_namespace' },
    });
    expect(subscribe).toMatchObject({ method: 'POST', path: `/v22.0/${WABA}/subscribed_apps`, query: {} });
    expect(subscribe?.body.length).toBe(0);
  });

  it('lists phone numbers across pages', async () => {
    reply(
      [
        200,
        {
          data: [{ id: '1', display_phone_number: '+1 555-000-0001' }],
          paging: {
            cursors: { before: 'B1', after: 'A1' },
            next: `${baseUrl}/${WABA}/phone_numbers?after=A1`,
          },
        },
      ],
      [
        200,
        {
          data: [{ id: '2', display_phone_number: '+1 555-000-0002' }],
          paging: { cursors: { before: 'B2', after: 'A2' } },
        },
      ],
    );
    const numbers = await client().listPhoneNumbers(WABA);
    expect(numbers.map((n) => n.id)).toEqual(['1', '2']);
    expect(requests.map((r) => [r.path, r.query.after])).toEqual([
      [`/v22.0/${WABA}/phone_numbers`, undefined],
      [`/v22.0/${WABA}/phone_numbers`, 'A1'],
    ]);
  });
});

describe('sending', () => {
  it('sends a text with the exact body Meta expects and strips the leading +', async () => {
    reply([
      200,
      {
        messaging_product: 'whatsapp',
        contacts: [{ input: '16505550142', wa_id: '16505550142' }],
        messages: [{ id: WAMID }],
      },
    ]);
    const result = await client().sendMessage(PHONE, buildTextMessage('+16505550142', 'Hello there'));
    expect(result).toEqual({ externalId: WAMID, waId: '16505550142', messageStatus: null });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v22.0/${PHONE}/messages`);
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(jsonBody(request)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '16505550142',
      type: 'text',
      text: { preview_url: false, body: 'Hello there' },
    });
  });

  it('strips the + even from a hand-built body', async () => {
    reply([200, { messages: [{ id: WAMID }] }]);
    const body = buildTextMessage('16505550142', 'x');
    await client().sendMessage(PHONE, { ...body, to: '+16505550142' });
    expect(jsonBody(only())).toMatchObject({ to: '16505550142' });
  });

  it('builds every message type the inbox sends', () => {
    const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to: '16505550142' };
    expect(
      buildTemplateMessage('+16505550142', {
        name: 'order_shipped',
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maya' }] }],
      }),
    ).toEqual({
      ...envelope,
      type: 'template',
      template: {
        name: 'order_shipped',
        language: { code: 'en_US' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maya' }] }],
      },
    });
    expect(buildTemplateMessage('16505550142', { name: 'hello_world', languageCode: 'pt_BR' })).toEqual({
      ...envelope,
      type: 'template',
      template: { name: 'hello_world', language: { code: 'pt_BR' } },
    });
    expect(buildImageMessage('+16505550142', { mediaId: '111', caption: 'Look' })).toEqual({
      ...envelope,
      type: 'image',
      image: { id: '111', caption: 'Look' },
    });
    expect(buildImageMessage('16505550142', { mediaId: '111' })).toEqual({
      ...envelope,
      type: 'image',
      image: { id: '111' },
    });
    expect(buildVideoMessage('16505550142', { mediaId: '222', caption: 'Clip' })).toEqual({
      ...envelope,
      type: 'video',
      video: { id: '222', caption: 'Clip' },
    });
    expect(
      buildDocumentMessage('16505550142', { mediaId: '333', filename: 'invoice.pdf', caption: 'Invoice' }),
    ).toEqual({
      ...envelope,
      type: 'document',
      document: { id: '333', filename: 'invoice.pdf', caption: 'Invoice' },
    });
    expect(buildAudioMessage('16505550142', { mediaId: '444' })).toEqual({
      ...envelope,
      type: 'audio',
      audio: { id: '444' },
    });
    expect(buildAudioMessage('16505550142', { mediaId: '444', voice: true })).toEqual({
      ...envelope,
      type: 'audio',
      audio: { id: '444', voice: true },
    });
    expect(buildStickerMessage('16505550142', { mediaId: '555' })).toEqual({
      ...envelope,
      type: 'sticker',
      sticker: { id: '555' },
    });
    expect(buildReactionMessage('16505550142', { targetExternalId: WAMID, emoji: '👍' })).toEqual({
      ...envelope,
      type: 'reaction',
      reaction: { message_id: WAMID, emoji: '👍' },
    });
    expect(buildReactionMessage('16505550142', { targetExternalId: WAMID, emoji: '' })).toMatchObject({
      reaction: { message_id: WAMID, emoji: '' },
    });
    expect(
      buildTextMessage('16505550142', 'Sure!', { replyToExternalId: WAMID, bizOpaqueCallbackData: 'msg-42' }),
    ).toEqual({
      ...envelope,
      context: { message_id: WAMID },
      biz_opaque_callback_data: 'msg-42',
      type: 'text',
      text: { preview_url: false, body: 'Sure!' },
    });
    expect(buildImageMessage('16505550142', { mediaId: '1' }, { replyToExternalId: WAMID })).toMatchObject({
      context: { message_id: WAMID },
    });
  });

  it('fails with the spec text when Meta answers without a message id', async () => {
    reply([200, { messaging_product: 'whatsapp', messages: [] }]);
    const error = await caught(client().sendMessage(PHONE, buildTextMessage('1', 'x')));
    expect(error).toBeInstanceOf(GraphResponseError);
    expect(error.message).toBe('Failed to send message: No message ID received');
    expect((error as GraphResponseError).isRetryable).toBe(false);
  });

  it('marks a message read', async () => {
    reply([200, { success: true }]);
    expect(await client().markAsRead(PHONE, WAMID)).toEqual({ success: true });
    expect(jsonBody(only())).toEqual({ messaging_product: 'whatsapp', status: 'read', message_id: WAMID });
    reply([200, { success: true }]);
    await client().markAsRead(PHONE, WAMID, { showTyping: true });
    expect(jsonBody(requests[1] as Recorded)).toEqual({
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: WAMID,
      typing_indicator: { type: 'text' },
    });
  });

  it('refuses to send without an access token, with the spec text', async () => {
    const error = await caught(
      client({ accessToken: undefined }).sendMessage(PHONE, buildTextMessage('1', 'x')),
    );
    expect(error).toBeInstanceOf(GraphConfigError);
    expect(error.message).toBe('WhatsApp access token not found. Please reconnect your WhatsApp account.');
    expect(requests).toHaveLength(0);
  });

  it('encodes ids as single path segments', async () => {
    reply([200, { messages: [{ id: WAMID }] }]);
    await client().sendMessage('../evil', buildTextMessage('1', 'x'));
    expect(only().path).toBe('/v22.0/..%2Fevil/messages');
  });
});

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
      handler = (_request, response) => setTimeout(() => json(response, 200, { id: '88' }), 300);
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
    handler = (request, response) => {
      if (request.path === '/v22.0/2093847561029386') {
        json(response, 200, {
          messaging_product: 'whatsapp',
          url: `${origin}/lookaside/whatsapp_business/attachments/?mid=2093847561029386&hash=abc`,
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
      url: `${origin}/lookaside/whatsapp_business/attachments/?mid=2093847561029386&hash=abc`,
      mimeType: 'application/pdf',
      sha256: 'Pd8fK2lM4nB6vC8xZ0aS2dF4gH6jK8lQ0wE2rT4yU6i=',
      fileSize: 23,
    });
    const media = await api.downloadMedia(info.url);
    expect(media.contentType).toBe('application/pdf');
    expect(media.data.equals(bytes)).toBe(true);

    const [lookup, download] = requests;
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
    handler = (request, response) => {
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
    const gone = await caught(client().downloadMedia(`${origin}/gone`));
    expect(gone).toBeInstanceOf(GraphApiError);
    expect(gone).toMatchObject({ httpStatus: 404, code: null, isRetryable: false });
    expect((await caught(client().downloadMedia(`${origin}/empty`))).message).toBe(
      'No data received from download service',
    );
    expect(await caught(client().downloadMedia(`${origin}/big`, { maxBytes: 1024 }))).toMatchObject({
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

    const [open, upload] = requests;
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
    expect(requests.map((r) => r.method)).toEqual(['POST', 'POST', 'GET', 'POST']);
    const resumed = requests[3]!;
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
      expect(requests[0]?.query.file_length).toBe(String(PNG.length));
      expect(requests[1]?.body.equals(PNG)).toBe(true);
      expect(requests[3]?.headers.file_offset).toBe('5');
      expect(requests[3]?.body.equals(PNG.subarray(5))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('carries on from a partial answer, and gives up after three failures', async () => {
    reply([200, { id: SESSION }], [200, { id: SESSION, file_offset: 10 }], [200, { h: HANDLE }]);
    await client().uploadTemplateSample({ data: PNG, fileName: 'a.png', fileType: 'image/png' });
    expect(requests[2]?.headers.file_offset).toBe('10');
    expect(requests[2]?.body.equals(PNG.subarray(10))).toBe(true);

    requests = [];
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
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(4);
  });

  it('passes refusals on at once, and needs the app id', async () => {
    reply([400, { error: { message: '(#100) Invalid parameter', code: 100, type: 'OAuthException' } }]);
    const refused = await caught(
      client().uploadTemplateSample({ data: PNG, fileName: 'a.gif', fileType: 'image/gif' }),
    );
    expect(refused).toMatchObject({ code: 100, httpStatus: 400 });
    expect(requests).toHaveLength(1);

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
    handler = (request, response) =>
      json(response, 400, {
        error: { message: `bad token ${TOKEN}`, code: 190, error_data: { details: request.path } },
      });
    const error = await caught(
      client().uploadTemplateSample({ data: PNG, fileName: 'a.png', fileType: 'image/png' }),
    );
    expect(everythingAbout(error)).not.toContain(TOKEN);
  });
});

describe('templates', () => {
  it('lists templates across every page by cursor and stops when there is no next page', async () => {
    const page = (ids: string[], after: string, hasNext: boolean) => ({
      data: ids.map((id) => ({
        id,
        name: `template_${id}`,
        status: 'APPROVED',
        category: 'UTILITY',
        language: 'en_US',
        components: [{ type: 'BODY', text: 'Hi {{1}}' }],
      })),
      paging: {
        cursors: { before: 'x', after },
        ...(hasNext ? { next: `${baseUrl}/${WABA}/message_templates?after=${after}` } : {}),
      },
    });
    reply(
      [200, page(['1', '2'], 'C1', true)],
      [200, page(['3'], 'C2', true)],
      [200, page(['4'], 'C3', false)],
    );
    const templates = await client().listTemplates(WABA);
    expect(templates.map((t) => t.id)).toEqual(['1', '2', '3', '4']);
    expect(templates[0]).toEqual({
      id: '1',
      name: 'template_1',
      status: 'APPROVED',
      category: 'UTILITY',
      language: 'en_US',
      parameterFormat: null,
      components: [{ type: 'BODY', text: 'Hi {{1}}' }],
    });
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.path).toBe(`/v22.0/${WABA}/message_templates`);
      expect(request.query.fields).toBe('name,status,components,language,category,id');
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    }
    expect(requests.map((r) => r.query.after)).toEqual([undefined, 'C1', 'C2']);
  });

  it('follows a same-origin next link without a cursor, but never another origin', async () => {
    reply(
      [200, { data: [{ id: '1' }], paging: { next: `${baseUrl}/${WABA}/message_templates?page=2` } }],
      [200, { data: [{ id: '2' }], paging: { next: 'https://elsewhere.example.com/steal?page=3' } }],
    );
    const templates = await client().listTemplates(WABA);
    expect(templates.map((t) => t.id)).toEqual(['1', '2']);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.query).toEqual({ page: '2' });
  });

  it('rejects a template list without a data array with the spec text', async () => {
    reply([200, { templates: [] }]);
    const error = await caught(client().listTemplates(WABA));
    expect(error.message).toBe('Invalid response format from WhatsApp API');
  });

  it('creates a template', async () => {
    reply([200, { id: '1730948271650394', status: 'PENDING', category: 'UTILITY' }]);
    const components = [
      {
        type: 'BODY',
        text: 'Hi {{1}}, your order {{2}} has shipped.',
        example: { body_text: [['Maya', 'A-1001']] },
      },
      { type: 'FOOTER', text: 'Linen & Co' },
    ];
    const created = await client().createTemplate(WABA, {
      name: 'order_shipped',
      category: 'UTILITY',
      language: 'en_US',
      components,
    });
    expect(created).toEqual({ id: '1730948271650394', status: 'PENDING', category: 'UTILITY' });
    const request = only();
    expect(request).toMatchObject({ method: 'POST', path: `/v22.0/${WABA}/message_templates` });
    expect(jsonBody(request)).toEqual({
      name: 'order_shipped',
      category: 'UTILITY',
      language: 'en_US',
      components,
    });
  });
});

describe('errors', () => {
  it('turns a Graph error envelope into a GraphApiError with every field', async () => {
    reply([
      400,
      {
        error: {
          message: '(#131047) Re-engagement message',
          type: 'OAuthException',
          code: 131047,
          error_subcode: 2494010,
          error_data: {
            messaging_product: 'whatsapp',
            details:
              'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          },
          fbtrace_id: 'AbCdEfGhIjKlMnOp',
        },
      },
    ]);
    const error = await caught(client().sendMessage(PHONE, buildTextMessage('1', 'x')));
    expect(error).toBeInstanceOf(GraphApiError);
    expect(error).toMatchObject({
      name: 'GraphApiError',
      message: '(#131047) Re-engagement message',
      httpStatus: 400,
      code: 131047,
      subcode: 2494010,
      type: 'OAuthException',
      details:
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      fbtraceId: 'AbCdEfGhIjKlMnOp',
      isTransient: false,
      isRetryable: false,
    });
  });

  it.each([
    [1, 400, true],
    [2, 500, true],
    [4, 400, true],
    [17, 400, true],
    [80007, 400, true],
    [130429, 400, true],
    [131016, 503, true],
    [131057, 400, true],
    [131047, 400, false],
    [131026, 400, false],
    [100, 400, false],
    [190, 401, false],
    [132001, 404, false],
    [100, 429, true],
    [100, 502, true],
  ])('code %s with HTTP %s is retryable: %s', async (code, status, retryable) => {
    reply([status, { error: { message: `(#${code}) test`, type: 'OAuthException', code } }]);
    const error = await caught(client().getWaba(WABA));
    expect(error).toBeInstanceOf(GraphApiError);
    expect((error as GraphApiError).isRetryable).toBe(retryable);
    expect(isRetryableGraphError(error)).toBe(retryable);
  });

  it('treats errors Meta flags as transient as retryable', async () => {
    reply([400, { error: { message: 'Temporary', code: 3, is_transient: true } }]);
    expect(await caught(client().getWaba(WABA))).toMatchObject({ isTransient: true, isRetryable: true });
  });

  it('reports non-JSON failures with the status and body, retryable for 5xx and 429', async () => {
    handler = (_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad Gateway</html>');
    };
    const bad = await caught(client().getWaba(WABA));
    expect(bad).toMatchObject({ code: null, httpStatus: 502, isRetryable: true });
    expect(bad.message).toBe('WhatsApp API error: HTTP 502 <html>Bad Gateway</html>');

    handler = (_request, response) => {
      response.writeHead(429);
      response.end();
    };
    expect(await caught(client().getWaba(WABA))).toMatchObject({ httpStatus: 429, isRetryable: true });
  });

  it.each([
    ['not JSON', 'OK'],
    ['an empty body', ''],
    ['a JSON array', '[]'],
  ])('rejects an OK answer that is %s', async (_label, text) => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(text);
    };
    const error = await caught(client().sendMessage(PHONE, buildTextMessage('1', 'x')));
    expect(error).toBeInstanceOf(GraphResponseError);
    expect(error.message).toBe('Invalid WhatsApp API response');
  });

  it('times out as a retryable GraphNetworkError', async () => {
    handler = () => {
      // never answer
    };
    const started = Date.now();
    const error = await caught(client({ timeoutMs: 150 }).getWaba(WABA));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toBeInstanceOf(GraphNetworkError);
    expect(error).toMatchObject({ isTimeout: true, isRetryable: true });
    expect(error.message).toBe('WhatsApp API request timed out after 150 ms');
    server.closeAllConnections();
  });

  it('reports a refused connection as a retryable GraphNetworkError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await caught(client({ baseUrl: `http://127.0.0.1:${port}/v22.0` }).debugToken(TOKEN));
    expect(error).toBeInstanceOf(GraphNetworkError);
    expect(error).toMatchObject({ isTimeout: false, isRetryable: true, causeCode: 'ECONNREFUSED' });
  });

  it('never puts the access token, app secret or exchanged tokens in an error', async () => {
    const short = 'EAAGshortLivedSecretToken42';
    handler = (request, response) =>
      json(response, 400, {
        error: {
          message: `Invalid OAuth access token - Cannot parse access token ${TOKEN} / ${short} / ${APP_SECRET}`,
          type: 'OAuthException',
          code: 190,
          error_data: { details: `token ${encodeURIComponent(TOKEN)} in ${request.path}` },
          fbtrace_id: 'trace',
        },
      });
    const errors = [
      await caught(client().exchangeToken(short)),
      await caught(client().sendMessage(PHONE, buildTextMessage('1', 'x'))),
      await caught(client().debugToken(short)),
      await caught(client({ timeoutMs: 1 }).exchangeToken(short)),
    ];
    handler = (_request, response) => {
      response.writeHead(500);
      response.end(`upstream said ${TOKEN} and ${APP_SECRET}`);
    };
    errors.push(await caught(client().getWaba(WABA)));
    for (const error of errors) {
      const text = everythingAbout(error);
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(APP_SECRET);
    }
    // The exchanged token is redacted from the calls that sent it.
    for (const error of [errors[0], errors[2], errors[3]])
      expect(everythingAbout(error as Error)).not.toContain(short);
    expect(errors[0]?.message).toContain('[redacted]');
  });
});
