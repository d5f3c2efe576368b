import { bodyFor, uploadBody, webhookRequest } from './bodies';
import { encode, hostileQuery, hostileSegment, randomString } from './inputs';
import { multipartBody, oversizedDocument } from './multipart';
import {
  type Caller,
  type FuzzRequest,
  type FuzzWorld,
  plausibleQuery,
  pools,
  type Route,
  WEBHOOK,
} from './plausible';
import type { Random } from './random';

/**
 * The fuzz suite's requests: a route drawn from the access table with its path parameters (team A's
 * ids, team B's, or hostile segments), a query string, a caller (team A's owner, signed out, a forged
 * cookie), odd headers and a body (bodies.ts); and the few very large requests sent once per run.
 */

const SIGN_OUT = '/api/auth/sign-out';
const UPLOADS = new Set([
  'POST /api/contacts/:contactId/messages/media',
  'POST /api/saved-messages/attachments',
  'POST /api/interactive/header-media',
  'POST /api/contact-imports',
  'POST /api/templates/header-samples',
  'POST /api/templates/:templateId/header-media',
  'POST /sandbox/api/phone-numbers/:phoneNumberId/customers/:waId/media',
  'POST /sandbox/graph/v22.0/:node/:edge',
]);

function queryFor(w: FuzzWorld, r: Random, url: string): string {
  const plausible = plausibleQuery(w, r, url);
  const keys = Object.keys(plausible);
  const shape = r.weighted<string>([
    [keys.length ? 25 : 0, 'plausible'],
    [keys.length ? 25 : 0, 'mutated'],
    [35, 'hostile'],
    [15, 'none'],
  ]);
  if (shape === 'none') return r.chance(0.2) ? '?' : '';
  if (shape === 'hostile') return `?${hostileQuery(r, pools(w))}`;
  if (shape === 'mutated') {
    const key = r.pick(keys);
    plausible[key] = r.chance(0.5) ? randomString(r, pools(w)).slice(0, 5_000) : r.pick(pools(w).strings());
  }
  return `?${Object.entries(plausible)
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&')}`;
}

function paramValue(w: FuzzWorld, r: Random, url: string, name: string): string {
  if (url.startsWith('/sandbox/')) {
    const real: Record<string, string[]> = {
      // A customer writing to team B through the phone API is Meta delivering to B, not an
      // intrusion: the phone API gets team A's number only. Graph calls carry A's token, so
      // B's number as a node is a probe the sandbox must refuse.
      phoneNumberId: [w.teamA.phoneNumberId],
      waId: [w.customerWaIdA, '16505550100'],
      node: [w.teamA.phoneNumberId, w.teamB.phoneNumberId, '104857600123456', 'me', 'app'],
      edge: [
        'messages',
        'media',
        'message_templates',
        'phone_numbers',
        'subscribed_apps',
        'register',
        'assigned_users',
      ],
      mediaId: ['1', '123456789'],
    };
    return r.chance(0.6) ? r.pick(real[name] ?? ['1']) : hostileSegment(r, pools(w));
  }
  const own = w.idsA[name];
  const other = w.idsB[name];
  return r.weighted<() => string>([
    [own?.length ? 55 : 0, () => r.pick(own!)],
    [other?.length ? 15 : 0, () => r.pick(other!)],
    [30, () => hostileSegment(r, pools(w))],
  ])();
}

function fillUrl(w: FuzzWorld, r: Random, url: string): string {
  return url
    .replace(/:(\w+)/g, (_, name: string) => paramValue(w, r, url, name))
    .replace(/\*$/, () => (r.chance(0.5) ? 'index.css' : hostileSegment(r, pools(w))));
}

function callerHeaders(
  w: FuzzWorld,
  r: Random,
  route: Route,
): { caller: Caller; headers: Record<string, string> } {
  const caller = r.weighted<Caller>([
    [route.url === SIGN_OUT ? 0 : 80, 'ownerA'],
    [12, 'signedOut'],
    [8, 'forged'],
  ]);
  if (caller === 'ownerA') return { caller, headers: { cookie: w.teamA.owner.cookie } };
  if (caller === 'signedOut') return { caller, headers: {} };
  const forged = r.pick([
    'sb_session=',
    `sb_session=${'a'.repeat(64)}`,
    `sb_session=${encode(randomString(r, pools(w)).slice(0, 200))}`,
    `sb_session=${w.teamA.owner.cookie.split('=')[1]}x`,
    `${w.teamA.owner.cookie}; sb_session=other`,
    'sb_session',
    '=;=;;',
    `sb_session=${'%'.repeat(20)}`,
    `sb_session=${'x'.repeat(8_000)}`,
  ]);
  return { caller, headers: { cookie: forged } };
}

export function nextRequest(w: FuzzWorld, r: Random, routes: Route[]): FuzzRequest {
  const route = r.pick(routes);
  const { caller, headers } = callerHeaders(w, r, route);
  const template = `${route.method} ${route.url}`;
  if (route.method === 'POST' && route.url === WEBHOOK)
    return { ...webhookRequest(w, r), caller: 'signedOut', route: template };

  const method = (route.method === 'GET' && r.chance(0.05) ? 'HEAD' : route.method) as FuzzRequest['method'];
  const url = fillUrl(w, r, route.url) + queryFor(w, r, route.url);

  const request: FuzzRequest = {
    route: template,
    method,
    url,
    headers: { ...headers },
    caller,
    label: 'no body',
  };
  if (r.chance(0.05)) request.headers.accept = r.pick(['text/html', 'application/xml', '*/*;q=nonsense', '']);
  if (route.url.startsWith('/sandbox/graph/') && r.chance(0.6)) {
    request.headers.authorization = r.pick([
      `Bearer ${w.graphTokenA}`,
      `Bearer ${w.graphTokenA}x`,
      'Bearer',
      'Basic Og==',
    ]);
  }
  if (r.chance(0.03))
    request.headers['user-agent'] = randomString(r, pools(w))
      .replace(/[^\x20-\x7e]/g, '?')
      .slice(0, 9_000);
  if (r.chance(0.03))
    request.headers['x-forwarded-for'] = r.pick(['1.1.1.1', 'garbage', '::1, ::1, 999.0.0.1']);

  const takesBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
  if (UPLOADS.has(`${route.method} ${route.url}`) && r.chance(0.75)) {
    const { body, contentType } = uploadBody(w, r, route);
    request.payload = body;
    request.headers['content-type'] = contentType;
    request.label = 'upload';
  } else if (takesBody && (method !== 'DELETE' || r.chance(0.3))) {
    const { payload, contentType, label } = bodyFor(w, r, route);
    request.payload = payload;
    if (contentType) request.headers['content-type'] = contentType;
    request.label = label;
  }
  return request;
}

/** The few very large requests, sent once each whatever the seed. */
export function bigRequests(w: FuzzWorld): FuzzRequest[] {
  const cookie = w.teamA.owner.cookie;
  const doc = oversizedDocument();
  const contactId = w.idsA.contactId![0]!;
  const mediaUpload = multipartBody([
    { name: 'clientRef', value: w.clientRef() },
    { name: 'kind', value: 'document' },
    { name: 'file', filename: 'huge.pdf', contentType: 'application/pdf', data: doc },
  ]);
  const savedUpload = multipartBody([
    { name: 'file', filename: 'huge.pdf', contentType: 'application/pdf', data: doc },
  ]);
  const jsonHeaders = { cookie, 'content-type': 'application/json' };
  return [
    {
      method: 'POST',
      route: 'POST /api/contacts/:contactId/messages/media',
      url: `/api/contacts/${contactId}/messages/media`,
      headers: { cookie, 'content-type': mediaUpload.contentType },
      payload: mediaUpload.body,
      label: 'upload over 100 MB',
      caller: 'ownerA',
    },
    {
      method: 'POST',
      route: 'POST /api/saved-messages/attachments',
      url: '/api/saved-messages/attachments',
      headers: { cookie, 'content-type': savedUpload.contentType },
      payload: savedUpload.body,
      label: 'saved attachment over 100 MB',
      caller: 'ownerA',
    },
    {
      method: 'POST',
      route: 'POST /api/contacts/:contactId/messages',
      url: `/api/contacts/${contactId}/messages`,
      headers: jsonHeaders,
      payload: `{"clientRef":"temp-big","text":"${'x'.repeat(20 * 1024 * 1024)}"}`,
      label: 'json body of 20 MB',
      caller: 'ownerA',
    },
    {
      method: 'GET',
      route: 'GET /api/contacts',
      url: `/api/contacts?q=${'a'.repeat(100_000)}`,
      headers: { cookie },
      label: 'query string of 100 kB',
      caller: 'ownerA',
    },
  ];
}
