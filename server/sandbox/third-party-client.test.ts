import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WhatsAppAPI } from 'whatsapp-api-js';
import {
  ActionButtons,
  ActionCatalog,
  ActionCTA,
  ActionList,
  ActionLocation,
  ActionNavigateFlow,
  ActionProduct,
  Audio,
  Body,
  BodyComponent,
  BodyParameter,
  Button,
  CatalogProduct,
  Contacts,
  Document,
  Email,
  Footer,
  Header,
  Image,
  Interactive,
  ListSection,
  Location,
  Name,
  Organization,
  Phone,
  Reaction,
  Row,
  Sticker,
  Template,
  Text,
  Video,
} from 'whatsapp-api-js/messages';
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

/**
 * The sandbox driven by a maintained third-party Cloud API client, `whatsapp-api-js` (a dev
 * dependency), over real HTTP: the library builds every message the way it builds them for Meta, and
 * the sandbox must accept them all; it uploads, retrieves, downloads and deletes media; and it checks
 * the sandbox's webhook signatures and parses the bodies with its own code. The only change to the
 * library is its fetch, pointed from graph.facebook.com at the sandbox.
 */

let ctx: ListeningContext;
let signup: SignupResult;
let wa: WhatsAppAPI;
let files: Server;
let filesOrigin: string;
let catcher: Server;
let catcherOrigin: string;
const caught: { body: string; signature: string }[] = [];
const CUSTOMER = '16505559090';
const phoneId = () => signup.data.phone_number_id;

const PNG = solidPng(3, 3, [10, 120, 200]);
const OGG = oggOpus(120);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypmp42'), Buffer.alloc(64, 5)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.alloc(4, 0),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(40, 6),
]);
const PDF = Buffer.from('%PDF-1.4\n%third-party\n');

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The library calls https://graph.facebook.com/…; the sandbox answers at /sandbox/graph/v22.0/…. */
function toSandbox(input: string | URL | Request): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return url.replace(/^https:\/\/graph\.facebook\.com\/(v\d+\.\d+\/)?/, `${ctx.origin}/sandbox/graph/v22.0/`);
}

async function settle(): Promise<void> {
  setSelfOrigin(catcherOrigin);
  try {
    await runSandboxJobs(ctx);
  } finally {
    setSelfOrigin(ctx.origin);
  }
}

async function upload(data: Buffer, type: string, name: string): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(data)], { type }), name);
  // The library sends messaging_product in the query string, not in the form.
  const answer = (await wa.uploadMedia(phoneId(), form)) as { id?: string };
  expect(answer.id, JSON.stringify(answer)).toMatch(/^\d+$/);
  return answer.id!;
}

async function accepted(message: Parameters<WhatsAppAPI['sendMessage']>[2], context?: string) {
  const answer = (await wa.sendMessage(phoneId(), CUSTOMER, message, context)) as {
    messages?: { id: string }[];
    error?: unknown;
  };
  expect(answer.error, JSON.stringify(answer.error)).toBeUndefined();
  expect(answer.messages?.[0]?.id).toMatch(/^wamid\./);
  return answer.messages![0]!.id;
}

beforeAll(async () => {
  files = createServer((request, response) => {
    const [type, data] = request.url === '/photo.png' ? ['image/png', PNG] : ['application/pdf', PDF];
    response.writeHead(200, { 'content-type': type, 'content-length': data.length }).end(data);
  });
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

  ({ ctx, signup } = await listeningSandbox('Lucky Shrub', { waId: CUSTOMER, name: 'Lena Fischer' }));
  const issued = await phoneApi<{ accessToken: string }>(
    ctx.origin,
    'POST',
    `/phone-numbers/${phoneId()}/token`,
  );
  wa = new WhatsAppAPI({
    token: issued.body.accessToken,
    appSecret: ctx.env.meta.webhookSecret,
    v: 'v22.0',
    ponyfill: { fetch: (input: string | URL | Request, init?: RequestInit) => fetch(toSandbox(input), init) },
  });
  await phoneApi(ctx.origin, 'POST', `/phone-numbers/${phoneId()}/customers/${CUSTOMER}/messages`, {
    type: 'text',
    text: 'Guten Tag!',
  });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => files.close(resolve));
  await new Promise((resolve) => catcher.close(resolve));
});

describe('whatsapp-api-js against the sandbox', () => {
  it('uploads media (messaging_product in the query), retrieves its URL, downloads it and deletes it', async () => {
    const id = await upload(PNG, 'image/png', 'plant.png');
    const info = (await wa.retrieveMedia(id, phoneId())) as {
      url: string;
      mime_type: string;
      file_size: string;
      sha256: string;
    };
    expect(info).toMatchObject({ mime_type: 'image/png', file_size: String(PNG.length) });
    const download = await wa.fetchMedia(info.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
    expect(await wa.deleteMedia(id)).toEqual({ success: true });
  });

  it('every message type it builds is accepted as Meta would', async () => {
    const image = await upload(PNG, 'image/png', 'a.png');
    const voice = await upload(OGG, 'audio/ogg', 'note.ogg');
    const video = await upload(MP4, 'video/mp4', 'clip.mp4');
    const sticker = await upload(WEBP, 'image/webp', 'sticker.webp');
    const pdf = await upload(PDF, 'application/pdf', 'prices.pdf');

    const first = await accepted(new Text('Hello from a third-party client'));
    const sent = [
      await accepted(new Text('A reply to it'), first),
      await accepted(new Image(image, true, 'By id')),
      await accepted(new Image(`${filesOrigin}/photo.png`, false, 'By link')),
      await accepted(new Audio(voice, true, true)),
      await accepted(new Video(video, true, 'A clip')),
      await accepted(new Sticker(sticker, true)),
      await accepted(new Document(pdf, true, 'Our prices', 'prices.pdf')),
      await accepted(new Document(`${filesOrigin}/prices.pdf`, false, undefined, 'linked.pdf')),
      await accepted(new Location(13.405, 52.52, 'Shop', 'Alexanderplatz 1, Berlin')),
      await accepted(
        new Contacts([
          new Name('Lena Fischer', 'Lena', 'Fischer'),
          new Phone('+49 30 1234567', 'WORK'),
          new Email('lena@example.com', 'WORK'),
          new Organization('Lucky Shrub'),
        ]),
      ),
      await accepted(
        new Interactive(
          new ActionButtons(new Button('yes', 'Yes'), new Button('no', 'No')),
          new Body('Deliver tomorrow?'),
          new Header(new Image(image, true)),
          new Footer('Lucky Shrub'),
        ),
      ),
      await accepted(
        new Interactive(
          new ActionList(
            'Plants',
            new ListSection('Big', new Row('monstera', 'Monstera', 'Big leaves')),
            new ListSection('Small', new Row('pilea', 'Pilea')),
          ),
          new Body('Which one?'),
          new Header('Our plants'),
        ),
      ),
      await accepted(
        new Interactive(new ActionCTA('Track order', 'https://example.com/t/1'), new Body('On its way')),
      ),
      await accepted(new Reaction(first, '👍')),
      await accepted(new Template('hello_world', 'en_US')),
      await accepted(
        new Template(
          'order_update',
          'en_US',
          new BodyComponent(new BodyParameter('Lena'), new BodyParameter('#7')),
        ),
      ),
    ];
    expect(new Set(sent).size).toBe(sent.length);
    await settle();

    const chat = await phoneApi<{
      messages: { id: string; type: string; media: { voice: boolean } | null }[];
    }>(ctx.origin, 'GET', `/phone-numbers/${phoneId()}/customers/${CUSTOMER}/messages`);
    const types = new Set(chat.body.messages.filter((m) => m.id !== first).map((m) => m.type));
    for (const type of [
      'text',
      'image',
      'audio',
      'video',
      'sticker',
      'document',
      'location',
      'contacts',
      'interactive',
      'template',
    ])
      expect(types, type).toContain(type);
    expect(chat.body.messages.find((m) => m.type === 'audio')?.media?.voice).toBe(true);
  });

  it('flows, catalogs, products and location requests it builds get 131051 in words, not a malformed-body error', async () => {
    const refused = [
      new Interactive(
        new ActionNavigateFlow('token-1', '1234567890', 'Book now', 'BOOKING'),
        new Body('Book a visit'),
      ),
      new Interactive(new ActionCatalog(), new Body('Our shop')),
      new Interactive(new ActionProduct(new CatalogProduct('sku-1', '987654321')), new Body('This one')),
      new Interactive(new ActionLocation(), new Body('Where should we deliver?')),
    ];
    for (const message of refused) {
      const answer = (await wa.sendMessage(phoneId(), CUSTOMER, message)) as {
        messages?: unknown;
        error?: { code: number; error_data?: { details?: string } };
      };
      expect(answer.messages).toBeUndefined();
      expect(answer.error?.code).toBe(131051);
      expect(answer.error?.error_data?.details).toMatch(/is not supported by the sandbox/);
    }
  });

  it('checks the signature of the sandbox’s webhooks and reads them with its own parser', async () => {
    caught.length = 0;
    const wamid = await accepted(new Text('Are the statuses signed?'));
    await phoneApi(ctx.origin, 'POST', `/phone-numbers/${phoneId()}/customers/${CUSTOMER}/messages`, {
      type: 'text',
      text: 'Yes they are',
    });
    await settle();
    expect(caught.length).toBeGreaterThan(1);

    const statuses: { id: string; status: string }[] = [];
    const inbound: { from: string; text?: string }[] = [];
    wa.on.status = ({ id, status }) => {
      statuses.push({ id, status });
    };
    wa.on.message = ({ from, message }) => {
      inbound.push({ from, text: (message as { text?: { body: string } }).text?.body });
    };
    for (const { body, signature } of caught) {
      expect(await wa.verifyRequestSignature(body, signature)).toBe(true);
      await wa.post(JSON.parse(body), body, signature);
    }
    expect(statuses).toEqual(
      expect.arrayContaining([
        { id: wamid, status: 'sent' },
        { id: wamid, status: 'delivered' },
      ]),
    );
    expect(inbound).toContainEqual({ from: CUSTOMER, text: 'Yes they are' });

    // A body changed on the way, or signed with another secret, fails its check.
    const [first] = caught;
    expect(await wa.verifyRequestSignature(`${first!.body} `, first!.signature)).toBe(false);
    await expect(wa.post(JSON.parse(first!.body), first!.body, 'sha256=00')).rejects.toThrow();
  });
});
