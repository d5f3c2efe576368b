import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import type { Logger } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiBotSettings, jobs, messages } from '../../db/schema';
import { enqueue } from '../../jobs/queue';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildContact, buildInboxTeam, buildMessage, type TestUser } from '../../test/inbox-factories';
import { loadChatBotRow } from './chat-state';
import { answerCustomerMessage, type BotDeps } from './engine';
import { aiBotReplyJob, botClock } from './reply.job';

/**
 * The bot against a model that misbehaves (a local OpenAI-compatible stub): refused, rate-limited,
 * down, silent, garbled, empty, or far too long. Each ends in no message sent, a log line naming the
 * failure without any text, and the chat handed to the team — never a crash or a half-sent reply.
 */
let ctx: TestContext;
let owner: TestUser;
let accountId: string;
let stub: Server;
let stubUrl: string;
const sockets = new Set<Socket>();
const QUESTION = 'Where is my parcel number QX-4471?';
const ANSWER_TEXT = 'Your parcel is on its way';

const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;

function answer(model: string, res: ServerResponse) {
  const json = (status: number, body: object) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const sse = () => res.writeHead(200, { 'content-type': 'text/event-stream' });
  switch (model) {
    case 'refuse':
      return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
    case 'busy':
      return json(429, { error: { message: 'Rate limit reached', type: 'rate_limit_error' } });
    case 'broken':
      return json(500, { error: { message: 'The server had an error', type: 'server_error' } });
    case 'hang':
      return;
    case 'trickle':
      // Keeps sending pieces within the idle timeout but never finishes: the bot's deadline stops it.
      sse();
      res.write(chunk(`${ANSWER_TEXT} `));
      return void setInterval(() => !res.writableEnded && res.write(chunk('and ')), 100).unref();
    case 'garbage':
      sse();
      res.write(chunk(`${ANSWER_TEXT} `));
      return res.end('data: {this is not json\n\n');
    case 'empty':
      sse();
      res.write(chunk('  ', 'stop'));
      return res.end('data: [DONE]\n\n');
    case 'long':
      sse();
      res.write(chunk(`${ANSWER_TEXT} ${'and more '.repeat(600)}`, 'stop'));
      return res.end('data: [DONE]\n\n');
    default:
      return json(400, { error: { message: `unexpected model ${model}` } });
  }
}

beforeAll(async () => {
  stub = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (d) => {
      raw += d;
    });
    req.on('end', () => answer((JSON.parse(raw) as { model: string }).model, res));
  });
  stub.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`;
  ctx = await createTestContext({ env: { AI_TIMEOUT_SECONDS: '0.4' } });
  const team = await buildInboxTeam(ctx);
  owner = team.owner;
  accountId = team.account.id;
  await ctx.db.insert(aiBotSettings).values({ accountId, enabled: true, hours: {} });
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => stub.close(resolve));
  await ctx.close();
});

/** A log that keeps every line it is given, as JSON. */
function capturingLog() {
  const lines: string[] = [];
  const write = (obj: object, msg?: string) => lines.push(JSON.stringify({ ...obj, msg }));
  const log = { info: write, warn: write, error: write, child: () => log } as unknown as Logger;
  return { log, lines };
}

async function useModel(model: string) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/ai/settings',
    headers: { cookie: owner.cookie },
    payload: { baseUrl: stubUrl, model, apiKey: 'sk-test-123', instructions: 'Parcels arrive in 3 days.' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function customerMessage(fields: { lastIncomingAt?: Date } = {}) {
  const contact = await buildContact(ctx.db, accountId, {
    profileName: 'Maria',
    lastIncomingAt: fields.lastIncomingAt ?? new Date(),
  });
  const inbound = await buildMessage(ctx.db, contact, {
    body: QUESTION,
    timestamp: fields.lastIncomingAt ?? new Date(),
  });
  return { contact, inbound };
}

async function sentTo(contactId: string) {
  return ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.contactId, contactId), eq(messages.direction, 'outgoing')));
}

describe('the AI bot when the model fails', () => {
  it.each([
    ['refuse', 'provider_failed', 'ai_key_refused'],
    ['busy', 'provider_failed', 'ai_rate_limited'],
    ['broken', 'provider_failed', 'ai_provider_down'],
    ['hang', 'provider_failed', 'ai_timeout'],
    ['trickle', 'provider_failed', 'ai_timeout'],
    ['garbage', 'provider_failed', 'ai_bad_response'],
    ['empty', 'provider_failed', 'provider_failed'],
    ['long', 'too_long', 'too_long'],
  ])(
    'a model that answers %s: nothing sent, a log line without text, handed over (%s)',
    async (model, reason, code) => {
      await useModel(model);
      const { contact, inbound } = await customerMessage();
      const { log, lines } = capturingLog();
      const deps: BotDeps = { db: ctx.db, env: ctx.env, events: ctx.events, clock: botClock(ctx.env), log };
      // The deadline for a trickle: the env's timeout (0.4 s) bounds the whole answer too.
      const outcome = await answerCustomerMessage(deps, inbound.id);

      expect(outcome).toBe('handed_over');
      expect(await sentTo(contact.id)).toHaveLength(0);
      expect(await loadChatBotRow(ctx.db, contact.id)).toMatchObject({ state: 'handed_over', reason });
      const logged = lines.join('\n');
      expect(logged).toContain(code);
      expect(logged).not.toContain('parcel');
      // Not a bare number: ids and times in the line may hold any digits.
      expect(logged).not.toContain('QX-4471');
      expect(logged).not.toContain(ANSWER_TEXT);
      expect(logged).not.toContain('sk-test-123');
      const sends = await ctx.db.select().from(jobs).where(like(jobs.name, 'message.send'));
      expect(sends).toHaveLength(0);
    },
  );

  it('the job never throws and runs once per customer message', async () => {
    await useModel('broken');
    const { contact, inbound } = await customerMessage();
    await enqueue(
      ctx.db,
      aiBotReplyJob,
      { messageId: inbound.id },
      { dedupeKey: `ai-bot.reply:${inbound.id}` },
    );
    await enqueue(
      ctx.db,
      aiBotReplyJob,
      { messageId: inbound.id },
      { dedupeKey: `ai-bot.reply:${inbound.id}` },
    );
    await ctx.runner.drain();
    const [job, ...more] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `ai-bot.reply:${inbound.id}`));
    expect(more).toHaveLength(0);
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect(await sentTo(contact.id)).toHaveLength(0);
    expect(await loadChatBotRow(ctx.db, contact.id)).toMatchObject({ state: 'handed_over' });
  });

  it('sends nothing once the 24-hour window has closed', async () => {
    await useModel('broken');
    const { contact, inbound } = await customerMessage({
      lastIncomingAt: new Date(Date.now() - 25 * 3_600_000),
    });
    const { log } = capturingLog();
    const deps: BotDeps = { db: ctx.db, env: ctx.env, events: ctx.events, clock: botClock(ctx.env), log };
    expect(await answerCustomerMessage(deps, inbound.id)).toBe('skipped_chat');
    expect(await sentTo(contact.id)).toHaveLength(0);
    // Not handed over either: there is nothing the bot may say any more.
    expect(await loadChatBotRow(ctx.db, contact.id)).toBeNull();
  });
});
