import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ListeningContext,
  listeningSandbox,
  oggOpus,
  phoneApi,
  type SignupResult,
  solidPng,
} from '../test/sandbox';
import { SEND_TEXTS } from './graph/send-errors';
import { body, buttons, cta, LIMITS, list, reply, row } from './send-limits.cases';

/**
 * POST /{phone_number_id}/messages over real HTTP, as a developer's own code would call it: every
 * message type Meta takes is accepted, and each limit is refused with Meta's code and exact words
 * (the texts come from the one table in graph/send-errors.ts, which the docs quote too).
 */

let ctx: ListeningContext;
let signup: SignupResult;
let token: string;
const CUSTOMER = '16505553434';
const phoneId = () => signup.data.phone_number_id;
const graphUrl = (path: string) => `${ctx.origin}/sandbox/graph/v22.0/${path}`;

type GraphAnswer = {
  status: number;
  body: {
    messages?: { id: string }[];
    error?: { message: string; code: number; error_data: { details: string } };
  };
};

async function send(message: Record<string, unknown>): Promise<GraphAnswer> {
  const response = await fetch(graphUrl(`${phoneId()}/messages`), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', to: CUSTOMER, ...message }),
  });
  return { status: response.status, body: (await response.json()) as GraphAnswer['body'] };
}

async function upload(
  data: Buffer,
  type: string,
  name: string,
  via: 'form' | 'query' = 'form',
): Promise<string> {
  const form = new FormData();
  if (via === 'form') form.set('messaging_product', 'whatsapp');
  form.set('file', new Blob([new Uint8Array(data)], { type }), name);
  const query = via === 'query' ? '?messaging_product=whatsapp' : '';
  const response = await fetch(graphUrl(`${phoneId()}/media${query}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { id?: string; error?: unknown };
  if (!body.id) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.id;
}

const OGG = oggOpus();
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(60, 2)]);

beforeAll(async () => {
  ({ ctx, signup } = await listeningSandbox('Lucky Shrub', { waId: CUSTOMER, name: 'Ada Obi' }));
  const issued = await phoneApi<{ accessToken: string }>(
    ctx.origin,
    'POST',
    `/phone-numbers/${phoneId()}/token`,
  );
  token = issued.body.accessToken;
  // The customer writes first: free-form messages need the 24-hour window open.
  await phoneApi(ctx.origin, 'POST', `/phone-numbers/${phoneId()}/customers/${CUSTOMER}/messages`, {
    type: 'text',
    text: 'Hello!',
  });
});
afterAll(() => ctx.close());

describe('every message type Meta takes', () => {
  it('accepts text, location, contacts, reply buttons, a list, a link button and a voice note', async () => {
    const photo = await upload(solidPng(2, 2, [200, 30, 30]), 'image/png', 'red.png');
    const voice = await upload(OGG, 'audio/ogg; codecs=opus', 'note.ogg', 'query');
    const accepted = [
      { type: 'text', text: { body: 'Hi Ada' } },
      {
        type: 'location',
        location: { latitude: 37.758056, longitude: -122.425332, name: 'Shop', address: '1 Main St' },
      },
      {
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Sam Lee', first_name: 'Sam' },
            phones: [{ phone: '+1 650 555 0100', type: 'WORK' }],
          },
        ],
      },
      buttons([reply('yes', 'Yes'), reply('no', 'No'), reply('later', 'Later')], {
        header: { type: 'image', image: { id: photo } },
        footer: { text: 'Lucky Shrub' },
      }),
      list(
        [
          { title: 'Plants', rows: [row('monstera', 'Monstera', 'Big leaves'), row('fern')] },
          { title: 'Pots', rows: [row('clay')] },
        ],
        { header: { type: 'text', text: 'Menu' } },
      ),
      cta({ display_text: 'Track order', url: 'https://example.com/track/1' }),
      { type: 'audio', audio: { id: voice, voice: true } },
    ];
    for (const message of accepted) {
      const answer = await send(message);
      expect(answer.status, `${message.type}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.messages?.[0]?.id).toMatch(/^wamid\./);
    }

    const chat = await phoneApi<{
      messages: { type: string; interactive: unknown; contacts: unknown; media: { voice: boolean } | null }[];
    }>(ctx.origin, 'GET', `/phone-numbers/${phoneId()}/customers/${CUSTOMER}/messages`);
    const shown = chat.body.messages.map((m) => m.type);
    expect(shown).toEqual(expect.arrayContaining(['location', 'contacts', 'interactive', 'audio']));
    expect(chat.body.messages.find((m) => m.type === 'audio')?.media?.voice).toBe(true);
  });

  it('refuses a voice note that is not OGG/Opus with 131053', async () => {
    const mp3 = await upload(MP3, 'audio/mpeg', 'song.mp3');
    const answer = await send({ type: 'audio', audio: { id: mp3, voice: true } });
    expect(answer.body.error).toMatchObject({
      code: 131053,
      error_data: { details: SEND_TEXTS.voiceNotOgg('audio/mpeg') },
    });
    // Without `voice` the same file is an audio file, and goes.
    expect((await send({ type: 'audio', audio: { id: mp3 } })).status).toBe(200);
    // audio/ogg by name is not enough: the bytes must hold an Opus stream.
    const notOpus = await upload(
      Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 1)]),
      'audio/ogg',
      'x.ogg',
    );
    const refused = await send({ type: 'audio', audio: { id: notOpus, voice: true } });
    expect(refused.body.error).toMatchObject({
      code: 131053,
      error_data: { details: SEND_TEXTS.voiceNotOpus },
    });
    expect((await send({ type: 'audio', audio: { id: notOpus } })).status).toBe(200);
  });

  it('answers flow and product messages that the sandbox does not imitate with a clear 131051', async () => {
    for (const type of ['flow', 'product', 'product_list', 'catalog_message', 'location_request_message']) {
      const answer = await send({ type: 'interactive', interactive: { type, body: body('x'), action: {} } });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        code: 131051,
        message: '(#131051) Unsupported message type',
        error_data: { details: SEND_TEXTS.interactiveNotSupported(type) },
      });
    }
  });
});

describe("Meta's limits, each with its exact error", () => {
  it.each(LIMITS)('%s', async (_what, message, expected) => {
    const answer = await send(message);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: expected.code,
      message: expected.message,
      error_data: { details: expected.details },
    });
  });
});

describe('media upload', () => {
  it('takes messaging_product from the query string as well as from the form, and needs it somewhere', async () => {
    await expect(upload(solidPng(1, 1, [0, 0, 0]), 'image/png', 'a.png', 'query')).resolves.toMatch(/^\d+$/);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(solidPng(1, 1, [0, 0, 0]))], { type: 'image/png' }), 'a.png');
    const response = await fetch(graphUrl(`${phoneId()}/media`), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as GraphAnswer['body']).error?.code).toBe(100);
  });
});
