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

const body = (text: string) => ({ text });
const reply = (id: string, title: string) => ({ type: 'reply', reply: { id, title } });
const buttons = (list: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'interactive',
  interactive: { type: 'button', body: body('Pick one'), action: { buttons: list }, ...extra },
});
const row = (id: string, title = `Row ${id}`, description?: string) => ({ id, title, description });
const list = (sections: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'interactive',
  interactive: {
    type: 'list',
    body: body('Our menu'),
    action: { button: 'See options', sections },
    ...extra,
  },
});
const cta = (parameters: Record<string, unknown>) => ({
  type: 'interactive',
  interactive: { type: 'cta_url', body: body('Track it'), action: { name: 'cta_url', parameters } },
});
const invalid = (details: string) => ({
  code: 131009,
  message: '(#131009) Parameter value is not valid',
  details,
});
const param100 = (text: string) => ({
  code: 100,
  message: `(#100) ${text.replace(/\.$/, '')}`,
  details: text,
});

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

const ten = Array.from({ length: 10 }, (_, i) => row(`r${i}`));
const long = (n: number) => 'x'.repeat(n);

/** [what is wrong, the message, Meta's answer]. */
const LIMITS: [string, Record<string, unknown>, { code: number; message: string; details: string }][] = [
  [
    'text over 4096',
    { type: 'text', text: { body: long(4097) } },
    param100(SEND_TEXTS.tooLong("text['body']", 4096)),
  ],
  ['text without a body', { type: 'text', text: {} }, param100(SEND_TEXTS.required("text['body']"))],
  ['an unknown type', { type: 'poll', poll: {} }, param100(SEND_TEXTS.unsupportedType)],
  [
    'image caption over 1024',
    { type: 'image', image: { id: '1', caption: long(1025) } },
    param100(SEND_TEXTS.tooLong("image['caption']", 1024)),
  ],
  [
    'media with neither id nor link',
    { type: 'image', image: {} },
    param100(SEND_TEXTS.required("image['id']")),
  ],
  [
    'media with both id and link',
    { type: 'video', video: { id: '1', link: 'https://example.com/v.mp4' } },
    param100(SEND_TEXTS.idOrLink('video')),
  ],
  [
    'a link that is not http(s)',
    { type: 'image', image: { link: 'ftp://example.com/a.png' } },
    invalid(SEND_TEXTS.badLink("image['link']")),
  ],
  [
    'latitude out of range',
    { type: 'location', location: { latitude: 91, longitude: 0 } },
    invalid(SEND_TEXTS.latitude),
  ],
  [
    'longitude out of range',
    { type: 'location', location: { latitude: 0, longitude: -181 } },
    invalid(SEND_TEXTS.longitude),
  ],
  [
    'location without longitude',
    { type: 'location', location: { latitude: 1 } },
    param100(SEND_TEXTS.required("location['longitude']")),
  ],
  [
    'contacts without formatted_name',
    { type: 'contacts', contacts: [{ name: { first_name: 'Sam' } }] },
    param100(SEND_TEXTS.required("contacts[0]['name']['formatted_name']")),
  ],
  ['contacts empty', { type: 'contacts', contacts: [] }, invalid(SEND_TEXTS.contactsCount)],
  [
    'interactive without a type',
    { type: 'interactive', interactive: { body: body('x') } },
    param100(SEND_TEXTS.required("interactive['type']")),
  ],
  ['no buttons', buttons([]), invalid(SEND_TEXTS.buttonCount)],
  [
    'four buttons',
    buttons([reply('a', 'A'), reply('b', 'B'), reply('c', 'C'), reply('d', 'D')]),
    invalid(SEND_TEXTS.buttonCount),
  ],
  ['a button title over 20', buttons([reply('a', long(21))]), invalid(SEND_TEXTS.buttonTitleLength)],
  ['an empty button title', buttons([reply('a', '')]), invalid(SEND_TEXTS.buttonTitleLength)],
  ['a button id over 256', buttons([reply(long(257), 'A')]), invalid(SEND_TEXTS.buttonIdLength)],
  [
    'two buttons with one id',
    buttons([reply('a', 'A'), reply('a', 'B')]),
    invalid(SEND_TEXTS.buttonIdUnique),
  ],
  [
    'two buttons with one title',
    buttons([reply('a', 'Same'), reply('b', 'Same')]),
    invalid(SEND_TEXTS.buttonTitleUnique),
  ],
  [
    'a button of another type',
    buttons([{ type: 'url', reply: { id: 'a', title: 'A' } }]),
    invalid(SEND_TEXTS.buttonType),
  ],
  [
    'a button body over 1024',
    {
      type: 'interactive',
      interactive: { type: 'button', body: body(long(1025)), action: { buttons: [reply('a', 'A')] } },
    },
    param100(SEND_TEXTS.tooLong("interactive['body']['text']", 1024)),
  ],
  [
    'no body',
    { type: 'interactive', interactive: { type: 'button', action: { buttons: [reply('a', 'A')] } } },
    param100(SEND_TEXTS.required("interactive['body']")),
  ],
  [
    'a header text over 60',
    buttons([reply('a', 'A')], { header: { type: 'text', text: long(61) } }),
    param100(SEND_TEXTS.tooLong("interactive['header']['text']", 60)),
  ],
  [
    'a footer over 60',
    buttons([reply('a', 'A')], { footer: { text: long(61) } }),
    param100(SEND_TEXTS.tooLong("interactive['footer']['text']", 60)),
  ],
  [
    'a list button label over 20',
    {
      type: 'interactive',
      interactive: {
        type: 'list',
        body: body('x'),
        action: { button: long(21), sections: [{ rows: [row('a')] }] },
      },
    },
    invalid(SEND_TEXTS.listButtonLength),
  ],
  ['a list with no sections', list([]), invalid(SEND_TEXTS.sectionCount)],
  [
    'a list with 11 sections',
    list(Array.from({ length: 11 }, (_, i) => ({ title: `S${i}`, rows: [row(`r${i}`)] }))),
    invalid(SEND_TEXTS.sectionCount),
  ],
  [
    '11 rows in all',
    list([
      { title: 'A', rows: ten },
      { title: 'B', rows: [row('r10')] },
    ]),
    invalid(SEND_TEXTS.rowCount),
  ],
  ['a row title over 24', list([{ rows: [row('a', long(25))] }]), invalid(SEND_TEXTS.rowTitleLength)],
  [
    'a row description over 72',
    list([{ rows: [row('a', 'A', long(73))] }]),
    invalid(SEND_TEXTS.rowDescriptionLength),
  ],
  ['a row id over 200', list([{ rows: [row(long(201))] }]), invalid(SEND_TEXTS.rowIdLength)],
  [
    'one row id twice',
    list([
      { title: 'A', rows: [row('a')] },
      { title: 'B', rows: [row('a')] },
    ]),
    invalid(SEND_TEXTS.rowIdUnique),
  ],
  [
    'a section title over 24',
    list([{ title: long(25), rows: [row('a')] }]),
    invalid(SEND_TEXTS.sectionTitleLength),
  ],
  [
    'two sections, one untitled',
    list([{ title: 'A', rows: [row('a')] }, { rows: [row('b')] }]),
    param100(SEND_TEXTS.required("interactive['action']['sections'][1]['title']")),
  ],
  ['a section without rows', list([{ title: 'A', rows: [] }]), invalid(SEND_TEXTS.sectionRows)],
  [
    'a list with an image header',
    list([{ rows: [row('a')] }], { header: { type: 'image', image: { id: '1' } } }),
    invalid(SEND_TEXTS.headerType('image', 'text')),
  ],
  [
    'a list body over 4096',
    {
      type: 'interactive',
      interactive: {
        type: 'list',
        body: body(long(4097)),
        action: { button: 'Go', sections: [{ rows: [row('a')] }] },
      },
    },
    param100(SEND_TEXTS.tooLong("interactive['body']['text']", 4096)),
  ],
  [
    'a link button label over 20',
    cta({ display_text: long(21), url: 'https://example.com' }),
    invalid(SEND_TEXTS.ctaDisplayTextLength),
  ],
  [
    'a link button without a url',
    cta({ display_text: 'Open' }),
    param100(SEND_TEXTS.required("interactive['action']['parameters']['url']")),
  ],
  [
    'a link button with a bad url',
    cta({ display_text: 'Open', url: 'javascript:alert(1)' }),
    invalid(SEND_TEXTS.badLink("interactive['action']['parameters']['url']")),
  ],
];

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
