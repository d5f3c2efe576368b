import { once } from 'node:events';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingClock } from '../app';
import { users, whatsappAccounts } from '../db/schema';
import { systemClock } from '../lib/clock';
import { encryptSecret } from '../lib/crypto';
import { createTestDatabase, testEnv } from '../test/harness';
import { GraphApiError } from '../whatsapp/graph-errors';
import { buildTextMessage } from '../whatsapp/message-builders';
import { cloudApiChannels } from './cloud-api';

type Seen = { method: string; url: string; authorization: string | null; body: unknown };
type Answer = (url: URL) => { status?: number; body: unknown };

// A Graph API on a local port, answering as each test says and recording what it was asked.
let answer: Answer = () => ({ status: 500, body: {} });
let seen: Seen[] = [];
const graph = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', GRAPH);
    const text = Buffer.concat(chunks).toString('utf8');
    seen.push({
      method: req.method ?? 'GET',
      url: url.toString(),
      authorization: req.headers.authorization ?? null,
      body: req.headers['content-type']?.startsWith('application/json') && text ? JSON.parse(text) : null,
    });
    const { status = 200, body } = answer(url);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
});
let GRAPH = '';
let env: ReturnType<typeof testEnv>;
let channels: ReturnType<typeof cloudApiChannels>;

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let connected: string;
let disconnected: string;
beforeAll(async () => {
  graph.listen(0, '127.0.0.1');
  await once(graph, 'listening');
  GRAPH = `http://127.0.0.1:${(graph.address() as { port: number }).port}/v22.0`;
  env = testEnv({ META_GRAPH_URL: GRAPH });
  channels = cloudApiChannels(env);
  handle = await createTestDatabase();
  const db = handle.database.db;
  const [owner, other] = await db
    .insert(users)
    .values([
      { email: 'channel-owner@example.com', passwordHash: 'x' },
      { email: 'channel-other@example.com', passwordHash: 'x' },
    ])
    .returning({ id: users.id });
  const [a, b] = await db
    .insert(whatsappAccounts)
    .values([
      {
        userId: owner!.id,
        phoneNumberId: 'PHONE-1',
        wabaId: 'WABA-1',
        accessTokenEncrypted: encryptSecret('token-of-account-1', env.secretKey),
      },
      { userId: other!.id, phoneNumberId: 'PHONE-2', wabaId: 'WABA-2', accessTokenEncrypted: null },
    ])
    .returning({ id: whatsappAccounts.id });
  connected = a!.id;
  disconnected = b!.id;
});
afterAll(async () => {
  graph.close();
  await handle.drop();
});

/** Answers every Graph call with `reply` from now on; returns the calls it is asked. */
function fakeGraph(reply: Answer): Seen[] {
  answer = reply;
  seen = [];
  return seen;
}

describe('the channel provider', () => {
  it("binds a stored account's channel to its phone number id, WABA and decrypted token", async () => {
    const seen = fakeGraph(() => ({
      body: { messages: [{ id: 'wamid.ONE' }], contacts: [{ wa_id: '15550001' }] },
    }));
    const channel = await channels.forAccount(handle.database.db, connected);
    expect(channel).toMatchObject({ phoneNumberId: 'PHONE-1', wabaId: 'WABA-1' });

    const sent = await channel!.send(buildTextMessage('+1 555 0001', 'Hello'));
    expect(sent).toEqual({ externalId: 'wamid.ONE', waId: '15550001', messageStatus: null });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: `${GRAPH}/PHONE-1/messages`,
      authorization: 'Bearer token-of-account-1',
      body: { messaging_product: 'whatsapp', type: 'text', text: { body: 'Hello' } },
    });
  });

  it("reads and writes templates on the account's WABA and marks reads from its number", async () => {
    const seen = fakeGraph((url) =>
      url.pathname.endsWith('/message_templates') ? { body: { data: [] } } : { body: { success: true } },
    );
    const channel = (await channels.forAccount(handle.database.db, connected))!;
    await expect(channel.listTemplates()).resolves.toEqual([]);
    await channel.markRead('wamid.IN');
    expect(seen.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'GET /v22.0/WABA-1/message_templates',
      'POST /v22.0/PHONE-1/messages',
    ]);
    expect(seen[1]!.body).toMatchObject({ status: 'read', message_id: 'wamid.IN' });
  });

  it("passes Meta's errors on as the Graph client throws them (error-map reads their codes)", async () => {
    fakeGraph(() => ({
      status: 400,
      body: { error: { message: 'Re-engagement message', type: 'OAuthException', code: 131047 } },
    }));
    const channel = (await channels.forAccount(handle.database.db, connected))!;
    const error = await channel.send(buildTextMessage('15550001', 'Hi')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphApiError);
    expect(error).toMatchObject({ code: 131047 });
  });

  it('gives no channel for an unknown account or one without a token, as callers saw before', async () => {
    const seen = fakeGraph(() => ({ body: {} }));
    const db = handle.database.db;
    await expect(channels.forAccount(db, '00000000-0000-4000-8000-000000000000')).resolves.toBeNull();
    await expect(channels.forAccount(db, disconnected)).resolves.toBeNull();
    expect(seen).toHaveLength(0);
  });

  it('connects with the token it is given', async () => {
    const seen = fakeGraph(() => ({ body: { id: 'PHONE-9', display_phone_number: '+1 555 0009' } }));
    const phone = await channels.connector('typed-in-token').getPhoneNumber('PHONE-9');
    expect(phone).toMatchObject({ id: 'PHONE-9', displayPhoneNumber: '+1 555 0009' });
    expect(seen[0]).toMatchObject({ authorization: 'Bearer typed-in-token' });
    expect(new URL(seen[0]!.url).pathname).toBe('/v22.0/PHONE-9');
  });
});

describe('the messaging clock chosen at start-up', () => {
  it("is the sandbox's when the sandbox is the Graph API, else the system clock", () => {
    expect(messagingClock(testEnv({ SANDBOX: '1' }))).not.toBe(systemClock);
    expect(messagingClock(testEnv({ SANDBOX: '1', META_GRAPH_URL: GRAPH }))).toBe(systemClock);
    expect(messagingClock(env)).toBe(systemClock);
  });
});
