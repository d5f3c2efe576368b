import { FIXTURE_ACCOUNTS, webhookFixtures } from '../whatsapp/fixtures';
import { serializeWebhookBody, signPayload } from '../whatsapp/signature';
import { brokenJson, mutate, randomJson, randomString } from './inputs';
import { FILES, lyingFile, multipartBody, type Part } from './multipart';
import {
  type FuzzRequest,
  type FuzzWorld,
  idOf,
  plausibleBody,
  pools,
  type Route,
  WEBHOOK,
} from './plausible';
import type { Random } from './random';

/**
 * The fuzz suite's request bodies: JSON that is plausible, mutated, random, broken, deep, oversized or
 * of the wrong type; multipart uploads with lying files and broken framing; webhook POSTs with good and
 * bad signatures over fixtures and garbage.
 */

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/vnd.api+json',
  'image/png',
  '*/*',
  ';;;',
  'application/json, text/plain',
];

/** A JSON-ish body for a route that takes one. */
export function bodyFor(
  w: FuzzWorld,
  r: Random,
  route: Route,
): { payload?: string | Buffer; contentType?: string; label: string } {
  const p = pools(w);
  const strategy = r.weighted<string>([
    [30, 'mutated'],
    [16, 'valid'],
    [14, 'random-json'],
    [10, 'broken-json'],
    [8, 'wrong-type'],
    [4, 'oversized'],
    [4, 'empty'],
    [4, 'no-content-type'],
    [6, 'multipart'],
    [4, 'deep'],
    [3, 'nul'],
    [3, 'form'],
  ]);
  const json = (value: unknown) => JSON.stringify(value) ?? 'null';
  switch (strategy) {
    case 'valid':
      return {
        payload: json(plausibleBody(w, r, route.method, route.url)),
        contentType: 'application/json',
        label: strategy,
      };
    case 'mutated':
      return {
        payload: json(mutate(r, p, plausibleBody(w, r, route.method, route.url))),
        contentType: 'application/json',
        label: strategy,
      };
    case 'random-json':
      return { payload: json(randomJson(r, p)), contentType: 'application/json', label: strategy };
    case 'broken-json':
      return { payload: brokenJson(r), contentType: 'application/json', label: strategy };
    case 'wrong-type':
      return {
        payload: r.chance(0.5) ? json(plausibleBody(w, r, route.method, route.url)) : randomString(r, p),
        contentType: r.pick(WRONG_CONTENT_TYPES),
        label: strategy,
      };
    case 'oversized':
      return {
        payload: json({
          ...(plausibleBody(w, r, route.method, route.url) as object),
          pad: 'x'.repeat(1_100_000),
        }),
        contentType: 'application/json',
        label: strategy,
      };
    case 'empty':
      return { payload: '', contentType: r.pick(['application/json', 'text/plain']), label: strategy };
    case 'no-content-type':
      return { payload: json(plausibleBody(w, r, route.method, route.url)), label: strategy };
    case 'multipart': {
      const { body, contentType } = uploadBody(w, r, route);
      return { payload: body, contentType, label: strategy };
    }
    case 'deep': {
      const depth = r.pick([500, 5_000, 40_000]);
      const key = r.pick(['text', 'name', 'contactIds', 'parameters', 'a']);
      return {
        payload: `{"${key}":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
        contentType: 'application/json',
        label: `${strategy}-${depth}`,
      };
    }
    case 'nul': {
      const body = plausibleBody(w, r, route.method, route.url) as Record<string, unknown>;
      const withNul = Object.fromEntries(
        Object.entries(body).map(([k, v]) => [
          k,
          typeof v === 'string' ? `${v}\u0000${r.pick(['', '\ud800'])}` : v,
        ]),
      );
      return { payload: json(withNul), contentType: 'application/json', label: strategy };
    }
    default: {
      const body = plausibleBody(w, r, route.method, route.url) as Record<string, unknown>;
      const form = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
      return { payload: form, contentType: 'application/x-www-form-urlencoded', label: strategy };
    }
  }
}

/** A multipart body for the upload routes: lying files, hostile fields, broken framing. */
export function uploadBody(
  w: FuzzWorld,
  r: Random,
  route: Route,
): { body: Buffer; contentType: string; label?: string } {
  const p = pools(w);
  if (r.chance(0.25)) {
    // A proper upload now and then, so the checks after parsing run too.
    const [filename, contentType, data, kind] = r.pick([
      ['photo.png', 'image/png', FILES.PNG, 'image'],
      ['photo.jpg', 'image/jpeg', FILES.JPEG, 'image'],
      ['invoice.pdf', 'application/pdf', FILES.PDF, 'document'],
      ['clip.mp4', 'video/mp4', FILES.MP4, 'video'],
    ] as const);
    const parts: Part[] = route.url.startsWith('/sandbox/')
      ? [
          { name: 'messaging_product', value: 'whatsapp' },
          { name: 'type', value: contentType },
          { name: 'file', filename, contentType, data },
        ]
      : [
          { name: 'clientRef', value: w.clientRef() },
          { name: 'kind', value: kind },
          { name: 'caption', value: r.chance(0.5) ? 'Here you go' : '<img src=x onerror=alert(1)>' },
          { name: 'file', filename, contentType, data },
        ];
    if (kind === 'video' && r.chance(0.7))
      parts.push({ name: 'thumbnail', filename: 't.png', contentType: 'image/png', data: FILES.PNG });
    return multipartBody(parts);
  }
  const file = lyingFile(r, p);
  const fileField = r.weighted<string>([
    [8, 'file'],
    [1, 'thumbnail'],
    [1, 'attachment'],
  ]);
  const parts: Part[] = [];
  const fields: Record<string, () => string> = route.url.startsWith('/sandbox/')
    ? {
        messaging_product: () => 'whatsapp',
        type: () => r.pick(['image/png', 'application/pdf', randomString(r, p)]),
        caption: () => randomString(r, p),
        asDocument: () => r.pick(['true', 'false', randomString(r, p)]),
      }
    : {
        clientRef: () => (r.chance(0.7) ? w.clientRef() : randomString(r, p).slice(0, 200)),
        kind: () =>
          r.pick(['image', 'video', 'document', 'audio', 'sticker', '', randomString(r, p).slice(0, 50)]),
        caption: () => (r.chance(0.7) ? 'A caption' : randomString(r, p)),
        replyToMessageId: () =>
          r.chance(0.5) ? idOf(r, w.idsA, 'messageId') : randomString(r, p).slice(0, 100),
      };
  for (const [name, value] of Object.entries(fields)) {
    if (r.chance(0.7)) parts.push({ name, value: value() });
  }
  if (r.chance(0.9)) parts.push({ name: fileField, ...file });
  if (r.chance(0.2)) parts.push({ name: 'thumbnail', ...lyingFile(r, p) });
  if (r.chance(0.1)) parts.push({ name: 'file', ...lyingFile(r, p) });
  if (r.chance(0.05)) for (let i = 0; i < 30; i++) parts.push({ name: `f${i}`, value: 'x' });
  if (r.chance(0.05)) parts.push({ name: 'caption', value: 'c'.repeat(20_000) });
  const built = multipartBody(parts);
  return r.weighted<() => { body: Buffer; contentType: string }>([
    [12, () => built],
    [
      1,
      () => ({
        body: built.body.subarray(0, Math.floor(built.body.length / 2)),
        contentType: built.contentType,
      }),
    ],
    [1, () => ({ body: built.body, contentType: 'multipart/form-data' })],
    [1, () => ({ body: built.body, contentType: 'multipart/form-data; boundary=somethingelse' })],
    [1, () => ({ body: Buffer.from('--x\r\n\r\n--x--'), contentType: 'multipart/form-data; boundary=x' })],
    [1, () => ({ body: Buffer.alloc(0), contentType: built.contentType })],
    [1, () => ({ body: built.body, contentType: 'application/octet-stream' })],
  ])();
}

/** A POST to the webhook: bad signatures, valid signatures over garbage, deep nesting, hostile fixtures. */
export function webhookRequest(w: FuzzWorld, r: Random): Omit<FuzzRequest, 'caller' | 'route'> {
  const secret = w.webhookSecret;
  const fixtures = Object.values(webhookFixtures);
  const retarget = (body: unknown) =>
    serializeWebhookBody(body)
      .replaceAll(FIXTURE_ACCOUNTS.primary.phoneNumberId, w.teamA.phoneNumberId)
      .replaceAll(FIXTURE_ACCOUNTS.secondary.phoneNumberId, w.teamA.phoneNumberId);
  const [label, raw] = r.weighted<() => [string, string | Buffer]>([
    [3, () => ['fixture', retarget(r.pick(fixtures))]],
    [6, () => ['mutated-fixture', retarget(mutate(r, pools(w), r.pick(fixtures)))]],
    [2, () => ['random-json', JSON.stringify(randomJson(r, pools(w))) ?? 'null']],
    [2, () => ['broken-json', brokenJson(r)]],
    [1, () => ['nul-bytes', Buffer.from(`{"object":"whatsapp_business_account","entry":[\u0000]}`)]],
    [1, () => ['nul-escape', retarget(webhookFixtures.text).replace('"Hi', '"\\u0000Hi')]],
    [1, () => ['lone-surrogate', retarget(webhookFixtures.text).replace('"Hi', '"\\ud800Hi')]],
    [
      1,
      () => {
        const depth = r.pick([1_000, 20_000]);
        return [
          'deep',
          `{"object":"whatsapp_business_account","entry":${'['.repeat(depth)}${']'.repeat(depth)}}`,
        ];
      },
    ],
    [
      0.3,
      () => [
        'over-4mb',
        `{"object":"whatsapp_business_account","pad":"${'x'.repeat(4 * 1024 * 1024 + 10)}"}`,
      ],
    ],
  ])();
  const signature = r.weighted<() => string | string[] | undefined>([
    [5, () => signPayload(raw, secret)],
    [1, () => undefined],
    [1, () => 'sha256='],
    [1, () => `sha256=${'0'.repeat(64)}`],
    [1, () => signPayload(raw, 'not-the-app-secret')],
    [1, () => signPayload(`${raw.toString()} `, secret)],
    [0.5, () => signPayload(raw, secret).toUpperCase()],
    [0.5, () => [signPayload(raw, secret), signPayload(raw, secret)]],
    [0.5, () => `sha1=${'a'.repeat(40)}`],
    [
      0.5,
      () =>
        randomString(r, pools(w))
          .replace(/[^\x20-\x7e]/g, '')
          .slice(0, 300),
    ],
  ])();
  const headers: Record<string, string | string[]> = {
    'content-type': r.chance(0.9) ? 'application/json' : r.pick(WRONG_CONTENT_TYPES),
  };
  if (signature !== undefined) headers['x-hub-signature-256'] = signature;
  return { method: 'POST', url: WEBHOOK, headers, payload: raw, label: `webhook ${label}` };
}
