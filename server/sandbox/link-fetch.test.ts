import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSelfOrigin } from '../lib/self-origin';
import {
  type ListeningContext,
  listeningSandbox,
  oggOpus,
  phoneApi,
  runSandboxJobs,
  type SignupResult,
  solidPng,
} from '../test/sandbox';
import { SEND_TEXTS } from './graph/send-errors';

/**
 * Media sent by `link`: the send is answered 200 with a wamid at once, then the sandbox fetches the
 * URL as Meta does. A file that comes back fine reaches the phone with the usual statuses; one that
 * 404s, is too big, of the wrong type or too slow ends in a `failed` status webhook with 131053.
 * The files come from a local HTTP server; the webhooks are caught where the app would get them.
 */

let ctx: ListeningContext;
let signup: SignupResult;
let token: string;
let files: Server;
let filesOrigin: string;
let catcher: Server;
let catcherOrigin: string;
const caught: { body: string; signature: string }[] = [];
const CUSTOMER = '16505557878';
const phoneId = () => signup.data.phone_number_id;

const PNG = solidPng(4, 4, [30, 160, 90]);
const OGG = oggOpus(200);
const PDF = Buffer.from('%PDF-1.4\n%sandbox\n');
const FIVE_MB = 5 * 1024 * 1024;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function serveFiles(): Server {
  return createServer((request, response) => {
    const send = (type: string, data: Buffer) => {
      response.writeHead(200, { 'content-type': type, 'content-length': data.length });
      response.end(data);
    };
    switch (request.url) {
      case '/plant.png':
        return send('image/png', PNG);
      case '/note.ogg':
        return send('audio/ogg; codecs=opus', OGG);
      case '/vorbis.ogg':
        return send('audio/ogg', Buffer.concat([Buffer.from('OggS'), Buffer.alloc(200, 3)]));
      case '/song.mp3':
        return send('audio/mpeg', Buffer.alloc(100, 1));
      case '/files/Price%20list.pdf':
        return send('application/pdf', PDF);
      case '/page.png':
        return send('text/html; charset=utf-8', Buffer.from('<html>not an image</html>'));
      case '/huge.png':
        return send('image/png', Buffer.alloc(FIVE_MB + 1, 7));
      case '/endless.png': {
        // No Content-Length: the size only shows while reading, and the sandbox stops at the limit.
        response.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(256 * 1024, 9);
        let sent = 0;
        const pump = () => {
          while (sent < FIVE_MB * 2) {
            sent += chunk.length;
            if (!response.write(chunk)) return response.once('drain', pump);
          }
          response.end();
        };
        response.on('error', () => undefined);
        return pump();
      }
      case '/slow.png': {
        const timer = setTimeout(() => send('image/png', PNG), 3000);
        response.on('close', () => clearTimeout(timer));
        return;
      }
      default:
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('Not found');
    }
  });
}

async function send(message: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${ctx.origin}/sandbox/graph/v22.0/${phoneId()}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', to: CUSTOMER, ...message }),
  });
  const body = (await response.json()) as { messages?: { id: string }[] };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.messages![0]!.id;
}

/** Runs the fetches and the webhook deliveries, with the deliveries going to the catcher. */
async function settle(): Promise<void> {
  setSelfOrigin(catcherOrigin);
  try {
    await runSandboxJobs(ctx);
  } finally {
    setSelfOrigin(ctx.origin);
  }
}

type WireStatus = {
  id: string;
  status: string;
  errors?: { code: number; title: string; error_data: { details: string } }[];
};
function statusesOf(wamid: string): WireStatus[] {
  return caught.flatMap(({ body }) => {
    const parsed = JSON.parse(body) as { entry: { changes: { value: { statuses?: WireStatus[] } }[] }[] };
    return parsed.entry
      .flatMap((e) => e.changes.flatMap((c) => c.value.statuses ?? []))
      .filter((s) => s.id === wamid);
  });
}

type Bubble = {
  id: string;
  media: { url: string; mimeType: string; filename: string | null; voice: boolean } | null;
  interactive: { header: unknown } | null;
};
async function bubbles(): Promise<Bubble[]> {
  const chat = await phoneApi<{ messages: Bubble[] }>(
    ctx.origin,
    'GET',
    `/phone-numbers/${phoneId()}/customers/${CUSTOMER}/messages`,
  );
  return chat.body.messages;
}

beforeAll(async () => {
  files = serveFiles();
  filesOrigin = await listen(files);
  catcher = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      caught.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['x-hub-signature-256'] ?? ''),
      });
      response.writeHead(200).end();
    });
  });
  catcherOrigin = await listen(catcher);
  ({ ctx, signup } = await listeningSandbox('Lucky Shrub', { waId: CUSTOMER, name: 'Noor Haddad' }));
  const issued = await phoneApi<{ accessToken: string }>(
    ctx.origin,
    'POST',
    `/phone-numbers/${phoneId()}/token`,
  );
  token = issued.body.accessToken;
  await phoneApi(ctx.origin, 'POST', `/phone-numbers/${phoneId()}/customers/${CUSTOMER}/messages`, {
    type: 'text',
    text: 'Hi there',
  });
  await settle();
});
afterAll(async () => {
  await ctx.close();
  files.closeAllConnections();
  await new Promise((resolve) => files.close(resolve));
  await new Promise((resolve) => catcher.close(resolve));
});

describe('media by link', () => {
  it('answers at once, fetches the file, and the phone shows it with sent and delivered statuses', async () => {
    const image = await send({
      type: 'image',
      image: { link: `${filesOrigin}/plant.png`, caption: 'New stock' },
    });
    const voice = await send({ type: 'audio', audio: { link: `${filesOrigin}/note.ogg`, voice: true } });
    const doc = await send({ type: 'document', document: { link: `${filesOrigin}/files/Price%20list.pdf` } });
    const header = await send({
      type: 'interactive',
      interactive: {
        type: 'button',
        header: { type: 'image', image: { link: `${filesOrigin}/plant.png` } },
        body: { text: 'Want one?' },
        action: { buttons: [{ type: 'reply', reply: { id: 'yes', title: 'Yes please' } }] },
      },
    });
    // Nothing reaches the phone before the fetch.
    expect((await bubbles()).map((b) => b.id)).not.toContain(image);
    await settle();

    const shown = await bubbles();
    const photo = shown.find((b) => b.id === image)!;
    expect(photo.media).toMatchObject({ mimeType: 'image/png' });
    const bytes = Buffer.from(await (await fetch(`${ctx.origin}${photo.media!.url}`)).arrayBuffer());
    expect(bytes.equals(PNG)).toBe(true);
    expect(shown.find((b) => b.id === voice)?.media).toMatchObject({
      voice: true,
      mimeType: 'audio/ogg; codecs=opus',
    });
    expect(shown.find((b) => b.id === doc)?.media).toMatchObject({ filename: 'Price list.pdf' });
    expect(shown.find((b) => b.id === header)?.media).toMatchObject({ mimeType: 'image/png' });
    for (const wamid of [image, voice, doc, header]) {
      expect(statusesOf(wamid).map((s) => s.status)).toEqual(['sent', 'delivered']);
    }
  });

  it('a link that 404s, is too big, of the wrong type or too slow ends in a failed status with 131053', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { type: 'image', image: { link: `${filesOrigin}/gone.png` } },
        SEND_TEXTS.linkHttpStatus(404, 'Not Found'),
      ],
      [
        { type: 'image', image: { link: `${filesOrigin}/huge.png` } },
        SEND_TEXTS.linkTooBig('image', FIVE_MB),
      ],
      [
        { type: 'image', image: { link: `${filesOrigin}/endless.png` } },
        SEND_TEXTS.linkTooBig('image', FIVE_MB),
      ],
      [
        { type: 'image', image: { link: `${filesOrigin}/page.png` } },
        SEND_TEXTS.linkWrongType('image', 'text/html', 'image/jpeg, image/png'),
      ],
      [
        { type: 'audio', audio: { link: `${filesOrigin}/song.mp3`, voice: true } },
        SEND_TEXTS.linkVoiceNotOgg('audio/mpeg'),
      ],
      [
        { type: 'audio', audio: { link: `${filesOrigin}/vorbis.ogg`, voice: true } },
        SEND_TEXTS.linkVoiceNotOpus,
      ],
    ];
    cases.push([
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          header: { type: 'image', image: { link: `${filesOrigin}/gone-too.png` } },
          body: { text: 'With a header that is gone' },
          action: { buttons: [{ type: 'reply', reply: { id: 'ok', title: 'OK' } }] },
        },
      },
      SEND_TEXTS.linkHttpStatus(404, 'Not Found'),
    ]);
    const closed = createServer();
    const closedOrigin = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    cases.push([
      { type: 'image', image: { link: `${closedOrigin}/nothing.png` } },
      SEND_TEXTS.linkUnreachable('ECONNREFUSED'),
    ]);
    const sent = [];
    for (const [message, details] of cases) sent.push({ wamid: await send(message), details });
    await settle();
    // Too slow: with the wait cut to half a second, a file that comes after 3 s fails.
    await phoneApi(ctx.origin, 'PUT', '/settings', { linkFetchTimeoutSeconds: 0.5 });
    const slow = await send({ type: 'sticker', sticker: { link: `${filesOrigin}/slow.png` } });
    sent.push({ wamid: slow, details: SEND_TEXTS.linkTimeout(0.5) });
    await settle();
    await phoneApi(ctx.origin, 'PUT', '/settings', { linkFetchTimeoutSeconds: 20 });

    const onPhone = (await bubbles()).map((b) => b.id);
    for (const { wamid, details } of sent) {
      const statuses = statusesOf(wamid);
      expect(
        statuses.map((s) => s.status),
        details,
      ).toEqual(['failed']);
      expect(statuses[0]!.errors).toEqual([
        expect.objectContaining({ code: 131053, title: 'Media upload error', error_data: { details } }),
      ]);
      expect(onPhone).not.toContain(wamid);
    }
  });

  it('a link button’s document header by link is fetched and named after the URL', async () => {
    const sentBefore = caught.length;
    const wamid = await send({
      type: 'interactive',
      interactive: {
        type: 'cta_url',
        header: { type: 'document', document: { link: `${filesOrigin}/files/Price%20list.pdf` } },
        body: { text: 'Our prices' },
        action: { name: 'cta_url', parameters: { display_text: 'Shop', url: 'https://example.com' } },
      },
    });
    await settle();
    expect(caught.length).toBeGreaterThan(sentBefore);
    const bubble = (await bubbles()).find((b) => b.id === wamid);
    expect(bubble?.interactive?.header).toMatchObject({ type: 'document', filename: 'Price list.pdf' });
  });
});
