import { asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactFields,
  contactFieldValues,
  contactImports,
  contactSegments,
  contacts,
  contactTags,
  media,
  messages,
  reactions,
  sandboxCustomers,
  savedMessages,
  tags,
  teamMembers,
  teams,
  templates,
  whatsappAccounts,
} from '../db/schema';
import { loadTestEnv } from '../env';
import { decryptSecret } from '../lib/crypto';
import { storeMediaFile } from '../media/storage';
import { insertRegistryImport } from '../test/authorize-cases/imports';
import { buildContact, buildMessage, buildTag } from '../test/inbox-factories';
import { connectSandboxTeam, type SandboxTeam } from '../test/outbound';
import { type ListeningContext, listeningTestContext, phoneApi } from '../test/sandbox';
import { FIXTURE_ACCOUNTS, webhookFixtures } from '../whatsapp/fixtures';
import { serializeWebhookBody, signPayload } from '../whatsapp/signature';
import {
  brokenJson,
  encode,
  hostileQuery,
  hostileSegment,
  mutate,
  type Pools,
  randomJson,
  randomString,
} from './inputs';
import { FILES, lyingFile, multipartBody, oversizedDocument, type Part } from './multipart';
import { type FuzzWorld, idOf, plausibleBody, plausibleQuery } from './plausible';
import { createRandom, freshSeed, type Random } from './random';

/**
 * Bad input, as a test: thousands of malformed, oversized and wrong-typed requests over every route
 * the server registered (JSON bodies, broken JSON, wrong content types, query strings, path
 * parameters, multipart uploads with lying file types, webhook bodies), sent as the owner of team A,
 * signed out, or with a forged cookie. Every answer must be below 500, every 4xx a JSON body with a
 * message, the process must not fail, and team B's rows must be exactly as they were.
 *
 * FUZZ_SEED=<n> replays a run (FUZZ_SEED=random draws a new one); FUZZ_REQUESTS=<n> changes the count.
 */

const DEFAULT_SEED = 20_240_607;
const DEFAULT_REQUESTS = 10_000;
const settings = loadTestEnv();
const SEED =
  settings.fuzzSeed === 'random' ? freshSeed() : settings.fuzzSeed ? Number(settings.fuzzSeed) : DEFAULT_SEED;
const TOTAL = settings.fuzzRequests ?? DEFAULT_REQUESTS;

type Caller = 'ownerA' | 'signedOut' | 'forged';
type FuzzRequest = {
  /** The route template it aims at (for the coverage line). */
  route: string;
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string | string[]>;
  payload?: string | Buffer;
  /** What was tried, for the failure report. */
  label: string;
  caller: Caller;
};
type Failure = { request: string; status: number; problem: string; body: string };

let ctx: ListeningContext;
let teamA: SandboxTeam;
let teamB: SandboxTeam;
/** Real values per path parameter: team A's rows, refreshed as the fuzz deletes some. */
const idsA: Record<string, string[]> = {};
const idsB: Record<string, string[]> = {};
/** Texts of team B that must never appear in an answer. */
const secretsB = [
  'secret-customer-B',
  'secret-body-B',
  'secret-note-B',
  'secret_template_b',
  'secret-saved-B',
  'secret-segment-B',
];
let customerWaIdA = '';
/** Team A's access token at the sandbox's Graph API, so Graph routes are reached past the token check. */
let graphTokenA = '';

beforeAll(async () => {
  ctx = await listeningTestContext();
  teamA = await connectSandboxTeam(ctx, 'Fuzz Shop A');
  teamB = await connectSandboxTeam(ctx, 'Fuzz Shop B');
  await seedTeam(teamA, 'A');
  await seedTeam(teamB, 'B');
  customerWaIdA = '16505550101';
  await phoneApi(ctx.origin, 'POST', `/phone-numbers/${teamA.phoneNumberId}/customers`, {
    waId: customerWaIdA,
    name: 'Fuzz Customer',
  });
  await refreshIds(teamA, idsA);
  await refreshIds(teamB, idsB);
  const [account] = await ctx.db
    .select()
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.id, teamA.accountId));
  graphTokenA = decryptSecret(account!.accessTokenEncrypted!, ctx.env.secretKey);
}, 120_000);
afterAll(() => ctx?.close());

/** Contacts with messages (one with a stored image), a tag, an approved template, a saved message. */
async function seedTeam(team: SandboxTeam, name: 'A' | 'B') {
  const secret = name === 'B' ? (s: string) => `secret-${s}-B` : (s: string) => `fuzz-${s}-A`;
  for (let i = 0; i < 3; i++) {
    const contact = await buildContact(ctx.db, team.accountId, {
      profileName: secret('customer'),
      notes: secret('note'),
      lastIncomingAt: new Date(),
      lastMessageAt: new Date(),
      unreadCount: 2,
    });
    const [file] = await ctx.db
      .insert(media)
      .values({
        accountId: team.accountId,
        direction: 'incoming',
        kind: 'image',
        mimeType: 'image/png',
        status: 'ready',
        providerMediaId: `fuzz-media-${name}-${i}`,
      })
      .returning();
    const storageKey = await storeMediaFile(ctx.env, team.accountId, file!.id, FILES.PNG);
    await ctx.db.update(media).set({ storageKey }).where(eq(media.id, file!.id));
    await buildMessage(ctx.db, contact, { body: secret('body'), externalId: `wamid.FUZZ-${name}-${i}-in` });
    await buildMessage(ctx.db, contact, {
      type: 'image',
      body: '',
      mediaId: file!.id,
      externalId: `wamid.FUZZ-${name}-${i}-img`,
      content: {
        kind: 'image',
        media: {
          id: `fuzz-media-${name}-${i}`,
          mimeType: 'image/png',
          sha256: null,
          caption: null,
          filename: null,
          url: null,
        },
      },
    });
    await buildMessage(ctx.db, contact, {
      direction: 'outgoing',
      status: 'failed',
      body: secret('body'),
      externalId: null,
    });
    await buildTag(ctx.db, team.accountId, `${secret('tag')}-${i}`, [contact.id]);
  }
  await ctx.db.insert(templates).values({
    accountId: team.accountId,
    name: name === 'B' ? 'secret_template_b' : 'fuzz_template_a',
    language: 'en_US',
    category: 'UTILITY',
    status: 'approved',
    components: [{ type: 'BODY', text: 'Hello {{1}}, your order is ready.' }],
  });
  await ctx.db
    .insert(savedMessages)
    .values({ teamId: team.teamId, name: secret('saved'), content: secret('saved') });
  await ctx.db.insert(contactSegments).values({
    accountId: team.accountId,
    name: secret('segment'),
    filter: {
      q: '',
      tagIds: [],
      tagMode: 'any',
      assignee: 'anyone',
      archived: 'exclude',
      consent: 'any',
      conditions: [],
    },
    createdBy: team.owner.id,
  });
  await insertRegistryImport(ctx.db, { id: team.owner.id, teamId: team.teamId, accountId: team.accountId });
}

/** The rows a route's path parameter names, by parameter: (table, its id, its account column). */
function accountIdTables(): Record<string, [PgTable, PgColumn, PgColumn]> {
  return {
    messageId: [messages, messages.id, messages.accountId],
    tagId: [tags, tags.id, tags.accountId],
    fieldId: [contactFields, contactFields.id, contactFields.accountId],
    segmentId: [contactSegments, contactSegments.id, contactSegments.accountId],
    importId: [contactImports, contactImports.id, contactImports.accountId],
    templateId: [templates, templates.id, templates.accountId],
    mediaId: [media, media.id, media.accountId],
  };
}

async function refreshIds(team: SandboxTeam, into: Record<string, string[]>) {
  const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((r) => r.id);
  const contactIds = await ids(
    ctx.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.accountId, team.accountId)).limit(20),
  );
  Object.assign(into, {
    contactId: contactIds,
    ...Object.fromEntries(
      await Promise.all(
        Object.entries(accountIdTables()).map(async ([name, [table, id, account]]) => [
          name,
          (await ctx.db.select({ id }).from(table).where(eq(account, team.accountId)).limit(20)).map((r) =>
            String(r.id),
          ),
        ]),
      ),
    ),
    savedMessageId: await ids(
      ctx.db
        .select({ id: savedMessages.id })
        .from(savedMessages)
        .where(eq(savedMessages.teamId, team.teamId)),
    ),
    memberId: await ids(
      ctx.db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.teamId, team.teamId)),
    ),
    userId: [team.owner.id, team.member.id],
    phoneNumberId: [team.phoneNumberId],
  });
  // The field PUT /api/contacts/:contactId/fields sets (the fuzz deletes fields now and then too).
  await ctx.db
    .insert(contactFields)
    .values({ accountId: team.accountId, key: 'fuzz_field', label: 'Fuzz field', type: 'text' })
    .onConflictDoNothing();
  // The fuzz deletes contacts and tags now and then: top them up so those routes stay reachable.
  if (contactIds.length < 2 || into.tagId!.length === 0) {
    const contact = await buildContact(ctx.db, team.accountId, {
      lastIncomingAt: new Date(),
      lastMessageAt: new Date(),
    });
    await buildMessage(ctx.db, contact);
    await buildTag(ctx.db, team.accountId, `fuzz-tag-${++counter}`, [contact.id]);
    await refreshIds(team, into);
  }
}

/** The rows of `table` whose `column` is `value`, ordered by `order` (stable between snapshots). */
function rowsWhere(table: PgTable, column: PgColumn, value: string, order: PgColumn = column) {
  return ctx.db.select().from(table).where(eq(column, value)).orderBy(asc(order));
}

/** Every row of team B, in a stable order, as JSON per table. */
async function snapshotB(): Promise<Record<string, string>> {
  const { accountId, teamId, phoneNumberId } = teamB;
  const tagRows = await rowsWhere(tags, tags.accountId, accountId, tags.id);
  const tables = {
    account: await rowsWhere(whatsappAccounts, whatsappAccounts.id, accountId),
    team: await rowsWhere(teams, teams.id, teamId),
    members: await rowsWhere(teamMembers, teamMembers.teamId, teamId, teamMembers.id),
    contacts: await rowsWhere(contacts, contacts.accountId, accountId, contacts.id),
    messages: await rowsWhere(messages, messages.accountId, accountId, messages.id),
    media: await rowsWhere(media, media.accountId, accountId, media.id),
    reactions: await rowsWhere(reactions, reactions.accountId, accountId, reactions.id),
    tags: tagRows,
    contactTags:
      tagRows.length === 0
        ? []
        : await ctx.db
            .select()
            .from(contactTags)
            .where(
              inArray(
                contactTags.tagId,
                tagRows.map((t) => t.id as string),
              ),
            )
            .orderBy(asc(contactTags.tagId), asc(contactTags.contactId)),
    templates: await rowsWhere(templates, templates.accountId, accountId, templates.id),
    contactFields: await rowsWhere(contactFields, contactFields.accountId, accountId, contactFields.id),
    segments: await rowsWhere(contactSegments, contactSegments.accountId, accountId, contactSegments.id),
    contactFieldValues: await ctx.db
      .select({ row: contactFieldValues })
      .from(contactFieldValues)
      .innerJoin(contactFields, eq(contactFields.id, contactFieldValues.fieldId))
      .where(eq(contactFields.accountId, accountId))
      .orderBy(asc(contactFieldValues.fieldId), asc(contactFieldValues.contactId)),
    savedMessages: await rowsWhere(savedMessages, savedMessages.teamId, teamId, savedMessages.id),
    customers: await rowsWhere(
      sandboxCustomers,
      sandboxCustomers.phoneNumberId,
      phoneNumberId,
      sandboxCustomers.waId,
    ),
  };
  return Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, JSON.stringify(rows)]));
}

// ---------------------------------------------------------------------------------------------------
// Building requests
// ---------------------------------------------------------------------------------------------------

type Route = { method: string; url: string; access: string };

const SIGN_OUT = '/api/auth/sign-out';
const WEBHOOK = '/webhooks/whatsapp';
const UPLOADS = new Set([
  'POST /api/contacts/:contactId/messages/media',
  'POST /api/saved-messages/attachments',
  'POST /api/contact-imports',
  'POST /api/templates/header-samples',
  'POST /api/templates/:templateId/header-media',
  'POST /sandbox/api/phone-numbers/:phoneNumberId/customers/:waId/media',
  'POST /sandbox/graph/v22.0/:node/:edge',
]);

function pools(): Pools {
  return {
    strings: () => [
      ...Object.values(idsA).flat(),
      ...Object.values(idsB).flat(),
      teamA.owner.email,
      teamB.owner.email,
      teamB.member.email,
      customerWaIdA,
      teamA.phoneNumberId,
      teamB.phoneNumberId,
    ],
  };
}

let counter = 0;
const clientRef = () => `temp-fuzz-${++counter}`;
const world = (): FuzzWorld => ({
  teamA,
  teamB,
  idsA,
  idsB,
  customerWaIdA,
  verifyToken: ctx.env.meta.verifyToken,
  graphTokenA,
  next: () => ++counter,
  clientRef,
});

function queryFor(r: Random, url: string): string {
  const plausible = plausibleQuery(world(), r, url);
  const keys = Object.keys(plausible);
  const shape = r.weighted<string>([
    [keys.length ? 25 : 0, 'plausible'],
    [keys.length ? 25 : 0, 'mutated'],
    [35, 'hostile'],
    [15, 'none'],
  ]);
  if (shape === 'none') return r.chance(0.2) ? '?' : '';
  if (shape === 'hostile') return `?${hostileQuery(r, pools())}`;
  if (shape === 'mutated') {
    const key = r.pick(keys);
    plausible[key] = r.chance(0.5) ? randomString(r, pools()).slice(0, 5_000) : r.pick(pools().strings());
  }
  return `?${Object.entries(plausible)
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&')}`;
}

function paramValue(r: Random, url: string, name: string): string {
  if (url.startsWith('/sandbox/')) {
    const real: Record<string, string[]> = {
      // A customer writing to team B through the phone API is Meta delivering to B, not an
      // intrusion: the phone API gets team A's number only. Graph calls carry A's token, so
      // B's number as a node is a probe the sandbox must refuse.
      phoneNumberId: [teamA.phoneNumberId],
      waId: [customerWaIdA, '16505550100'],
      node: [teamA.phoneNumberId, teamB.phoneNumberId, '104857600123456', 'me', 'app'],
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
    return r.chance(0.6) ? r.pick(real[name] ?? ['1']) : hostileSegment(r, pools());
  }
  const own = idsA[name];
  const other = idsB[name];
  return r.weighted<() => string>([
    [own?.length ? 55 : 0, () => r.pick(own!)],
    [other?.length ? 15 : 0, () => r.pick(other!)],
    [30, () => hostileSegment(r, pools())],
  ])();
}

function fillUrl(r: Random, url: string): string {
  return url
    .replace(/:(\w+)/g, (_, name: string) => paramValue(r, url, name))
    .replace(/\*$/, () => (r.chance(0.5) ? 'index.css' : hostileSegment(r, pools())));
}

function callerHeaders(r: Random, route: Route): { caller: Caller; headers: Record<string, string> } {
  const caller = r.weighted<Caller>([
    [route.url === SIGN_OUT ? 0 : 80, 'ownerA'],
    [12, 'signedOut'],
    [8, 'forged'],
  ]);
  if (caller === 'ownerA') return { caller, headers: { cookie: teamA.owner.cookie } };
  if (caller === 'signedOut') return { caller, headers: {} };
  const forged = r.pick([
    'sb_session=',
    `sb_session=${'a'.repeat(64)}`,
    `sb_session=${encode(randomString(r, pools()).slice(0, 200))}`,
    `sb_session=${teamA.owner.cookie.split('=')[1]}x`,
    `${teamA.owner.cookie}; sb_session=other`,
    'sb_session',
    '=;=;;',
    `sb_session=${'%'.repeat(20)}`,
    `sb_session=${'x'.repeat(8_000)}`,
  ]);
  return { caller, headers: { cookie: forged } };
}

const WRONG_CONTENT_TYPES = [
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
function bodyFor(
  r: Random,
  route: Route,
): { payload?: string | Buffer; contentType?: string; label: string } {
  const p = pools();
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
        payload: json(plausibleBody(world(), r, route.method, route.url)),
        contentType: 'application/json',
        label: strategy,
      };
    case 'mutated':
      return {
        payload: json(mutate(r, p, plausibleBody(world(), r, route.method, route.url))),
        contentType: 'application/json',
        label: strategy,
      };
    case 'random-json':
      return { payload: json(randomJson(r, p)), contentType: 'application/json', label: strategy };
    case 'broken-json':
      return { payload: brokenJson(r), contentType: 'application/json', label: strategy };
    case 'wrong-type':
      return {
        payload: r.chance(0.5)
          ? json(plausibleBody(world(), r, route.method, route.url))
          : randomString(r, p),
        contentType: r.pick(WRONG_CONTENT_TYPES),
        label: strategy,
      };
    case 'oversized':
      return {
        payload: json({
          ...(plausibleBody(world(), r, route.method, route.url) as object),
          pad: 'x'.repeat(1_100_000),
        }),
        contentType: 'application/json',
        label: strategy,
      };
    case 'empty':
      return { payload: '', contentType: r.pick(['application/json', 'text/plain']), label: strategy };
    case 'no-content-type':
      return { payload: json(plausibleBody(world(), r, route.method, route.url)), label: strategy };
    case 'multipart': {
      const { body, contentType } = uploadBody(r, route);
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
      const body = plausibleBody(world(), r, route.method, route.url) as Record<string, unknown>;
      const withNul = Object.fromEntries(
        Object.entries(body).map(([k, v]) => [
          k,
          typeof v === 'string' ? `${v}\u0000${r.pick(['', '\ud800'])}` : v,
        ]),
      );
      return { payload: json(withNul), contentType: 'application/json', label: strategy };
    }
    default: {
      const body = plausibleBody(world(), r, route.method, route.url) as Record<string, unknown>;
      const form = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
      return { payload: form, contentType: 'application/x-www-form-urlencoded', label: strategy };
    }
  }
}

/** A multipart body for the upload routes: lying files, hostile fields, broken framing. */
function uploadBody(r: Random, route: Route): { body: Buffer; contentType: string; label?: string } {
  const p = pools();
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
          { name: 'clientRef', value: clientRef() },
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
        clientRef: () => (r.chance(0.7) ? clientRef() : randomString(r, p).slice(0, 200)),
        kind: () =>
          r.pick(['image', 'video', 'document', 'audio', 'sticker', '', randomString(r, p).slice(0, 50)]),
        caption: () => (r.chance(0.7) ? 'A caption' : randomString(r, p)),
        replyToMessageId: () =>
          r.chance(0.5) ? idOf(r, idsA, 'messageId') : randomString(r, p).slice(0, 100),
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
function webhookRequest(r: Random): Omit<FuzzRequest, 'caller' | 'route'> {
  const secret = ctx.env.meta.webhookSecret;
  const fixtures = Object.values(webhookFixtures);
  const retarget = (body: unknown) =>
    serializeWebhookBody(body)
      .replaceAll(FIXTURE_ACCOUNTS.primary.phoneNumberId, teamA.phoneNumberId)
      .replaceAll(FIXTURE_ACCOUNTS.secondary.phoneNumberId, teamA.phoneNumberId);
  const [label, raw] = r.weighted<() => [string, string | Buffer]>([
    [3, () => ['fixture', retarget(r.pick(fixtures))]],
    [6, () => ['mutated-fixture', retarget(mutate(r, pools(), r.pick(fixtures)))]],
    [2, () => ['random-json', JSON.stringify(randomJson(r, pools())) ?? 'null']],
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
        randomString(r, pools())
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

function nextRequest(r: Random, routes: Route[]): FuzzRequest {
  const route = r.pick(routes);
  const { caller, headers } = callerHeaders(r, route);
  const template = `${route.method} ${route.url}`;
  if (route.method === 'POST' && route.url === WEBHOOK)
    return { ...webhookRequest(r), caller: 'signedOut', route: template };

  const method = (route.method === 'GET' && r.chance(0.05) ? 'HEAD' : route.method) as FuzzRequest['method'];
  const url = fillUrl(r, route.url) + queryFor(r, route.url);

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
      `Bearer ${graphTokenA}`,
      `Bearer ${graphTokenA}x`,
      'Bearer',
      'Basic Og==',
    ]);
  }
  if (r.chance(0.03))
    request.headers['user-agent'] = randomString(r, pools())
      .replace(/[^\x20-\x7e]/g, '?')
      .slice(0, 9_000);
  if (r.chance(0.03))
    request.headers['x-forwarded-for'] = r.pick(['1.1.1.1', 'garbage', '::1, ::1, 999.0.0.1']);

  const takesBody = method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
  if (UPLOADS.has(`${route.method} ${route.url}`) && r.chance(0.75)) {
    const { body, contentType } = uploadBody(r, route);
    request.payload = body;
    request.headers['content-type'] = contentType;
    request.label = 'upload';
  } else if (takesBody && (method !== 'DELETE' || r.chance(0.3))) {
    const { payload, contentType, label } = bodyFor(r, route);
    request.payload = payload;
    if (contentType) request.headers['content-type'] = contentType;
    request.label = label;
  }
  return request;
}

/** The few very large requests, sent once each whatever the seed. */
function bigRequests(): FuzzRequest[] {
  const cookie = teamA.owner.cookie;
  const doc = oversizedDocument();
  const contactId = idsA.contactId![0]!;
  const mediaUpload = multipartBody([
    { name: 'clientRef', value: clientRef() },
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

// ---------------------------------------------------------------------------------------------------
// Judging answers
// ---------------------------------------------------------------------------------------------------

function judge(request: FuzzRequest, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  for (const secret of secretsB) if (res.body.includes(secret)) return `leaked team B's "${secret}"`;
  if (res.statusCode < 400 || request.method === 'HEAD') return null;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('application/json'))
    return `a ${res.statusCode} that is not JSON (${type || 'no type'})`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `a ${res.statusCode} whose body does not parse`;
  }
  const message =
    (body as { message?: unknown })?.message ?? (body as { error?: { message?: unknown } })?.error?.message;
  if (typeof message !== 'string' || message.trim() === '') return `a ${res.statusCode} without a message`;
  return null;
}

function describeRequest(request: FuzzRequest): string {
  const url = request.url.length > 160 ? `${request.url.slice(0, 160)}…` : request.url;
  const type = request.headers['content-type'] ?? '';
  const size = request.payload === undefined ? 0 : Buffer.byteLength(request.payload);
  return `${request.method} ${url} [${request.caller}, ${request.label}, ${type} ${size} B]`;
}

describe('fuzzing every route', () => {
  it(`answers ${TOTAL} hostile requests without a 5xx, a crash, or a change to another team`, async () => {
    const started = Date.now();
    console.warn(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${TOTAL} requests`);
    const processErrors: unknown[] = [];
    const onError = (error: unknown) => processErrors.push(error);
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);

    const before = await snapshotB();
    expect(JSON.parse(before.contacts!), 'team B is seeded').toHaveLength(3);
    const routes = ctx.app
      .routeAccessTable()
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/docs/static')) as Route[];
    /** Routes that answered 2xx at least once: the fuzz got past validation there. */
    const passed = new Set<string>();
    const statuses = new Map<number, number>();
    const failures: Failure[] = [];
    const r = createRandom(SEED);

    const big = bigRequests();
    const bigAnswers: string[] = [];
    for (let i = 0; i < TOTAL; i++) {
      if (i > 0 && i % 500 === 0) await refreshIds(teamA, idsA);
      const request = i < big.length ? big[i]! : nextRequest(r, routes);
      const sent = Date.now();
      const res = await ctx.app.inject({
        method: request.method,
        url: request.url,
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode < 300) passed.add(request.route);
      if (i < big.length) bigAnswers.push(`${request.label} → ${res.statusCode} (${Date.now() - sent} ms)`);
      const problem = judge(request, res);
      if (problem) {
        failures.push({
          request: describeRequest(request),
          status: res.statusCode,
          problem,
          body: res.body.slice(0, 300),
        });
      }
    }

    const loopSeconds = ((Date.now() - started) / 1000).toFixed(1);
    // What was accepted is worked off too: sends and uploads go to the sandbox, stored webhook
    // deliveries (garbage among them) through the processor. Neither may throw or stall.
    const jobsRan = await ctx.runner.drain(20);
    const deliveries = await ctx.webhooks.drain();
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const after = await snapshotB();
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.warn(
      `fuzz: ${TOTAL} requests in ${loopSeconds} s (${seconds} s with the work after), statuses ${histogram.join(' ')}`,
    );
    console.warn(`fuzz: ${bigAnswers.join(', ')}`);
    console.warn(`fuzz: then ${jobsRan} jobs and ${deliveries} webhook deliveries processed`);
    const never = routes.map((x) => `${x.method} ${x.url}`).filter((x) => !passed.has(x));
    if (never.length > 0) console.warn(`fuzz: routes that never answered 2xx: ${never.join(', ')}`);

    const grouped = new Map<string, Failure[]>();
    for (const f of failures) {
      const key = `${f.problem} — ${f.request.split(' ').slice(0, 2).join(' ').split('?')[0]}`;
      grouped.set(key, [...(grouped.get(key) ?? []), f]);
    }
    const report = [...grouped.entries()].map(
      ([key, list]) => `${list.length}× ${key}\n    e.g. ${list[0]!.request}\n    ${list[0]!.body}`,
    );
    expect(report, `seed ${SEED}`).toEqual([]);
    expect(processErrors).toEqual([]);
    expect(health.statusCode).toBe(200);
    const changedTables = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changedTables, "team B's rows changed").toEqual([]);
  }, 180_000);
});
