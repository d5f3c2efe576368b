import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Chat } from '../common/api/sandbox';
import { SANDBOX_APP_SECRET } from './env';
import { connectSandboxNumberViaApi, type SandboxSignup, signUpViaApi, uniqueEmail } from './helpers';

/**
 * Helpers for the inbox specs: an owner with a connected sandbox number, customers who write from the
 * sandbox phone API (exactly what the /sandbox page does), and signed Cloud API webhooks for the
 * message types the phone page cannot produce (location, contacts, orders, system notices…).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Inbox = { number: SandboxSignup; phoneNumberId: string; email: string };

/** Signs up a new owner in `page` and connects a fresh sandbox number to their team. */
export async function ownerWithNumber(page: Page, businessName: string): Promise<Inbox> {
  const email = uniqueEmail('inbox');
  await signUpViaApi(page, email, 'correct-horse');
  const number = await connectSandboxNumberViaApi(page, businessName);
  return { number, phoneNumberId: number.phoneNumber.id, email };
}

const phoneApi = (phoneNumberId: string, rest = '') => `/sandbox/api/phone-numbers/${phoneNumberId}${rest}`;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function addCustomer(
  request: APIRequestContext,
  phoneNumberId: string,
  waId: string,
  name: string,
) {
  await ok(
    await request.post(phoneApi(phoneNumberId, '/customers'), { data: { waId, name } }),
    'add customer',
  );
}

/** The customer types a message on their phone; resolves with its wamid. */
export async function customerSays(
  request: APIRequestContext,
  phoneNumberId: string,
  waId: string,
  text: string,
  replyTo?: string,
): Promise<string> {
  const body = await ok<{ id: string }>(
    await request.post(phoneApi(phoneNumberId, `/customers/${waId}/messages`), {
      data: { type: 'text', text, ...(replyTo ? { replyTo } : {}) },
    }),
    'customer message',
  );
  return body.id;
}

export async function customerReacts(
  request: APIRequestContext,
  phoneNumberId: string,
  waId: string,
  messageId: string,
  emoji: string,
) {
  await ok(
    await request.post(phoneApi(phoneNumberId, `/customers/${waId}/messages`), {
      data: { type: 'reaction', messageId, emoji },
    }),
    'customer reaction',
  );
}

/** The customer sends a file (a photo, or with `asDocument` a document). */
export async function customerSendsFile(
  request: APIRequestContext,
  phoneNumberId: string,
  waId: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  options: { caption?: string; asDocument?: boolean } = {},
): Promise<string> {
  const body = await ok<{ id: string }>(
    await request.post(phoneApi(phoneNumberId, `/customers/${waId}/media`), {
      multipart: {
        file,
        ...(options.caption ? { caption: options.caption } : {}),
        ...(options.asDocument ? { asDocument: 'true' } : {}),
      },
    }),
    'customer file',
  );
  return body.id;
}

/** What the customer's phone shows. */
export async function customerChat(
  request: APIRequestContext,
  phoneNumberId: string,
  waId: string,
): Promise<Chat> {
  return ok<Chat>(await request.get(phoneApi(phoneNumberId, `/customers/${waId}/messages`)), 'customer chat');
}

/** The sandbox's clock (it can be moved ahead of the real one). */
export async function sandboxNow(request: APIRequestContext): Promise<Date> {
  const view = await ok<{ now: string }>(await request.get('/sandbox/api/settings'), 'sandbox settings');
  return new Date(view.now);
}

export async function advanceSandboxClock(request: APIRequestContext, seconds: number) {
  await ok(await request.post('/sandbox/api/clock/advance', { data: { seconds } }), 'clock advance');
}

/** The app's id for a customer (through the signed-in user's API), waiting until it is stored. */
export async function contactIdFor(page: Page, waId: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    for (const tab of ['unassigned', 'mine', 'team']) {
      const response = await page.request.get(`/api/contacts?tab=${tab}&q=${waId}`);
      if (!response.ok()) continue;
      const { contacts } = (await response.json()) as { contacts: { id: string; waId: string }[] };
      const hit = contacts.find((c) => c.waId === waId);
      if (hit) return hit.id;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`contact ${waId} never appeared`);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (a soft pink-to-green gradient with a sun) for upload tests, `width`×`height`. */
export function samplePng(width = 320, height = 240): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const sun = (x - width * 0.7) ** 2 + (y - height * 0.3) ** 2 < (height * 0.12) ** 2;
      const t = y / height;
      row[1 + x * 3] = sun ? 255 : Math.round(250 - 120 * t);
      row[2 + x * 3] = sun ? 214 : Math.round(170 + 60 * t);
      row[3 + x * 3] = sun ? 90 : Math.round(200 - 90 * t);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export type BrowserMedia = { mp4: Buffer; m4a: Buffer; webp: Buffer };

/**
 * Real media files made by the browser itself (no fixtures on disk): a 1.2 s MP4 of a colour-cycling
 * canvas, a 1.2 s AAC tone in MP4, and a 512 px WebP sticker.
 */
export async function browserMedia(page: Page): Promise<BrowserMedia> {
  const encoded = await page.evaluate(async () => {
    const toBase64 = async (blob: Blob) => {
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    };
    const record = (stream: MediaStream, mimeType: string, ms: number) =>
      new Promise<Blob>((resolve) => {
        const recorder = new MediaRecorder(stream, { mimeType });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        recorder.onstop = () => resolve(new Blob(chunks, { type: mimeType }));
        recorder.start();
        setTimeout(() => recorder.stop(), ms);
      });

    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const context = canvas.getContext('2d')!;
    let frame = 0;
    const draw = () => {
      context.fillStyle = `hsl(${(frame * 9) % 360} 70% 62%)`;
      context.fillRect(0, 0, 320, 240);
      context.fillStyle = '#fff';
      context.font = 'bold 64px sans-serif';
      context.fillText(String(frame++), 120, 145);
    };
    draw();
    const timer = setInterval(draw, 33);

    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const destination = audio.createMediaStreamDestination();
    tone.frequency.value = 440;
    tone.connect(destination);
    tone.start();

    const [mp4, m4a] = await Promise.all([
      record(canvas.captureStream(30), 'video/mp4', 1200),
      record(destination.stream, 'audio/mp4', 1200),
    ]);
    clearInterval(timer);
    tone.stop();

    const sticker = document.createElement('canvas');
    sticker.width = 512;
    sticker.height = 512;
    const s = sticker.getContext('2d')!;
    s.font = '400px sans-serif';
    s.textAlign = 'center';
    s.textBaseline = 'middle';
    s.fillText('🌷', 256, 280);
    const webp = await new Promise<Blob>((resolve) => sticker.toBlob((b) => resolve(b!), 'image/webp', 0.9));
    return { mp4: await toBase64(mp4), m4a: await toBase64(m4a), webp: await toBase64(webp) };
  });
  return {
    mp4: Buffer.from(encoded.mp4, 'base64'),
    m4a: Buffer.from(encoded.m4a, 'base64'),
    webp: Buffer.from(encoded.webp, 'base64'),
  };
}

// ---------------------------------------------------------------------------------------------------
// Signed webhooks from the repository's Cloud API fixtures
// ---------------------------------------------------------------------------------------------------

type FixtureBody = {
  entry: {
    id: string;
    changes: {
      value: {
        metadata: { display_phone_number: string; phone_number_id: string };
        contacts?: { profile: { name: string }; wa_id: string }[];
        messages?: { from: string; id: string; timestamp: string; context?: { id?: string } }[];
      };
    }[];
  }[];
};

/**
 * A fixture from server/whatsapp/fixtures re-addressed to our number and customer, with a fresh wamid
 * and timestamp, POSTed to the webhook with Meta's signature (the e2e server's known app secret).
 */
export async function deliverFixture(
  request: APIRequestContext,
  inbox: Inbox,
  customer: { waId: string; name: string },
  fixture: string,
  timestamp: Date,
): Promise<string> {
  const body = JSON.parse(
    readFileSync(path.join(ROOT, 'server/whatsapp/fixtures', `${fixture}.json`), 'utf8'),
  ) as FixtureBody;
  const wamid = `wamid.e2e${Date.now()}${Math.random().toString(36).slice(2, 10)}`;
  for (const entry of body.entry) {
    entry.id = inbox.number.data.waba_id;
    for (const change of entry.changes) {
      change.value.metadata = {
        display_phone_number: inbox.number.phoneNumber.displayPhoneNumber.replace(/\D/g, ''),
        phone_number_id: inbox.phoneNumberId,
      };
      if (change.value.contacts) {
        change.value.contacts = [{ profile: { name: customer.name }, wa_id: customer.waId }];
      }
      for (const message of change.value.messages ?? []) {
        message.from = customer.waId;
        message.id = wamid;
        message.timestamp = String(Math.floor(timestamp.getTime() / 1000));
        if (message.context?.id) message.context.id = `${wamid}.missing`;
      }
    }
  }
  const raw = JSON.stringify(body);
  const signature = createHmac('sha256', SANDBOX_APP_SECRET).update(raw).digest('hex');
  const response = await request.post('/webhooks/whatsapp', {
    data: raw,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${signature}` },
  });
  if (!response.ok())
    throw new Error(`webhook ${fixture} refused: ${response.status()} ${await response.text()}`);
  return wamid;
}
