import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, AddressInfo as AppAddress } from 'node:net';
import type { AiStreamEvent } from '@common/api/ai';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, messages } from '../db/schema';
import { createTestContext, type TestContext } from '../test/harness';
import { buildContact, buildInboxTeam, buildMessage, type TestUser } from '../test/inbox-factories';
import { until } from '../test/until';
import { logAiFailure } from './log';
import { openAiProvider } from './openai-provider';

/**
 * A model provider that misbehaves: a local OpenAI-compatible stub (node:http) that answers by the
 * model it is asked for — a refused key, rate limiting, a server error, an unknown model, silence, a
 * garbled or cut stream. Each must reach the agent as a clear message, and nothing is ever sent.
 */
let ctx: TestContext;
let owner: TestUser;
let member: TestUser;
let accountId: string;
let contactId: string;
let stub: Server;
let stubUrl: string;
const seenKeys: string[] = [];
/** How many of the stub's answers ended because our side hung up. */
let hungUp = 0;
const openSockets = new Set<import('node:net').Socket>();

const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'x', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;

function answer(model: string, res: ServerResponse) {
  const json = (status: number, body: object) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const sse = () => res.writeHead(200, { 'content-type': 'text/event-stream' });
  switch (model) {
    case 'ok':
      sse();
      res.write(chunk('Sure, '));
      res.write(chunk('we can.', 'stop'));
      return res.end('data: [DONE]\n\n');
    case 'refuse':
      return json(401, {
        error: {
          message: 'Incorrect API key provided',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    case 'forbidden':
      return json(403, { error: { message: 'Project has no access', type: 'invalid_request_error' } });
    case 'busy':
      return json(429, { error: { message: 'Rate limit reached', type: 'rate_limit_error' } });
    case 'broken':
      return json(500, { error: { message: 'The server had an error', type: 'server_error' } });
    case 'unknown':
      return json(404, { error: { message: 'model not found', type: 'invalid_request_error' } });
    case 'hang':
      return; // never answers
    case 'hang-mid':
      sse();
      return res.write(chunk('Let me '));
    case 'garbage':
      sse();
      res.write(chunk('Half '));
      return res.end('data: {this is not json\n\n');
    case 'cut':
      sse();
      res.write(chunk('Half a '));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    case 'no-finish':
      sse();
      res.write(chunk('Half a reply'));
      return res.end();
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
    res.on('close', () => {
      if (!res.writableFinished) hungUp += 1;
    });
    req.on('end', () => {
      seenKeys.push(String(req.headers.authorization));
      answer((JSON.parse(raw) as { model: string }).model, res);
    });
  });
  stub.on('connection', (s) => {
    openSockets.add(s);
    s.on('close', () => openSockets.delete(s));
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/v1`;

  ctx = await createTestContext({ env: { AI_TIMEOUT_SECONDS: '0.4' } });
  const team = await buildInboxTeam(ctx);
  ({ owner, member } = team);
  accountId = team.account.id;
  const contact = await buildContact(ctx.db, accountId, { profileName: 'Maria', lastIncomingAt: new Date() });
  await buildMessage(ctx.db, contact, { body: 'Can you deliver tomorrow?' });
  contactId = contact.id;
});
afterAll(async () => {
  for (const s of openSockets) s.destroy();
  await new Promise((resolve) => stub.close(resolve));
  // The aborting fetch's client leaves a connection that never sends a request; close would wait on it.
  ctx.app.server.closeAllConnections?.();
  await ctx.close();
});

const useModel = async (model: string, baseUrl = stubUrl) => {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/api/ai/settings',
    headers: { cookie: owner.cookie },
    payload: { baseUrl, model, apiKey: 'sk-test-123' },
  });
  expect(res.statusCode, res.body).toBe(200);
};

async function suggestEvents(): Promise<AiStreamEvent[]> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/ai/suggest',
    headers: { cookie: member.cookie },
    payload: { contactId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as AiStreamEvent);
}

const nothingSent = async () => {
  expect(await ctx.db.$count(messages, eq(messages.contactId, contactId))).toBe(1);
  const [queued] = await ctx.db.select({ n: count() }).from(jobs).where(eq(jobs.name, 'message.send'));
  expect(queued!.n).toBe(0);
};

describe('a provider that fails', () => {
  it('works with a well-behaved stub, and sends it the stored key', async () => {
    await useModel('ok');
    const events = await suggestEvents();
    expect(events[0]).toMatchObject({ type: 'start', source: 'team', label: 'Your model', model: 'ok' });
    expect(events.at(-1)).toEqual({ type: 'done', text: 'Sure, we can.' });
    expect(seenKeys.at(-1)).toBe('Bearer sk-test-123');
  });

  const cases: [string, string, string][] = [
    ['refuse', 'ai_key_refused', 'The AI provider refused the API key. Check the key in Settings → AI.'],
    ['forbidden', 'ai_key_refused', 'The AI provider refused the API key. Check the key in Settings → AI.'],
    ['busy', 'ai_rate_limited', 'The AI provider is rate-limiting requests. Wait a moment and try again.'],
    [
      'broken',
      'ai_provider_down',
      'The AI provider is having problems right now. Try again in a few minutes.',
    ],
    [
      'unknown',
      'ai_model_not_found',
      'The AI provider does not know this model. Check the model name in Settings → AI.',
    ],
    ['hang', 'ai_timeout', 'The AI provider took too long to answer. Try again.'],
    ['hang-mid', 'ai_timeout', 'The AI provider took too long to answer. Try again.'],
    ['garbage', 'ai_bad_response', 'The AI provider sent an answer we could not read. Try again.'],
    ['cut', 'ai_bad_response', 'The AI provider sent an answer we could not read. Try again.'],
    ['no-finish', 'ai_bad_response', 'The AI provider sent an answer we could not read. Try again.'],
  ];
  for (const [model, code, message] of cases) {
    it(`${model}: the suggestion ends with “${message}” and nothing is sent`, async () => {
      await useModel(model);
      const events = await suggestEvents();
      expect(events[0]).toMatchObject({ type: 'start', model });
      expect(events.at(-1)).toEqual({ type: 'error', code, message });
      expect(events.some((e) => e.type === 'done')).toBe(false);

      const test = await ctx.app.inject({
        method: 'POST',
        url: '/api/ai/test',
        headers: { cookie: owner.cookie },
        payload: {},
      });
      expect(test.statusCode).toBe(200);
      expect(test.json()).toMatchObject({ ok: false, error: { code, message }, model });
      await nothingSent();
    });
  }

  it('a base URL where nothing listens: “Could not reach the AI provider”', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await useModel('ok', `http://127.0.0.1:${port}/v1`);
    const events = await suggestEvents();
    expect(events.at(-1)).toMatchObject({
      type: 'error',
      code: 'ai_unreachable',
      message: expect.stringContaining('Could not reach'),
    });
    const summary = await ctx.app.inject({
      method: 'POST',
      url: '/api/ai/summarise',
      headers: { cookie: member.cookie },
      payload: { contactId },
    });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ ok: false, error: { code: 'ai_unreachable' } });
    await nothingSent();
  });

  it('logs the failure as codes only: never the prompt, the stream’s text or the key', async () => {
    const lines: string[] = [];
    const log = { warn: (obj: object, msg: string) => lines.push(JSON.stringify({ ...obj, msg })) };
    const consoleSpies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation(() => {}),
    );
    try {
      for (const model of ['garbage', 'refuse', 'cut']) {
        const provider = openAiProvider({
          source: 'team',
          baseUrl: stubUrl,
          apiKey: 'sk-secret-999',
          model,
          timeoutMs: 1_000,
        });
        const error = await provider.complete([{ role: 'user', content: 'PRIVATE customer text 4242' }]).then(
          () => null,
          (e: unknown) => e,
        );
        logAiFailure(log, provider, error, 'suggest');
      }
      for (const spy of consoleSpies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of consoleSpies) spy.mockRestore();
    }
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('"code":"ai_bad_response"');
    expect(lines[1]).toContain('"status":401');
    for (const line of lines) {
      expect(line).not.toContain('PRIVATE');
      expect(line).not.toContain('Half');
      expect(line).not.toContain('sk-secret');
      expect(line).not.toContain('Incorrect API key');
    }
  });

  it('stops asking the model as soon as the agent’s browser goes away', async () => {
    await useModel('hang-mid');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AppAddress;
    const before = hungUp;
    const abort = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/ai/suggest`, {
      method: 'POST',
      headers: { cookie: member.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ contactId }),
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    let seen = '';
    while (!seen.includes('"delta"')) seen += new TextDecoder().decode((await reader.read()).value);
    expect(seen).toContain('"text":"Let me "');
    abort.abort();
    // Well inside the 0.4 s idle timeout: the hang-up is the browser's, not the timer's.
    await until(() => hungUp > before, 'the model call to be aborted', 250, 10);
    await nothingSent();
  });

  it('“Test connection” against another host never sends the stored key there', async () => {
    await useModel('ok');
    const other = stubUrl.replace('127.0.0.1', 'localhost');
    const test = await ctx.app.inject({
      method: 'POST',
      url: '/api/ai/test',
      headers: { cookie: owner.cookie },
      payload: { baseUrl: other },
    });
    expect(test.json()).toMatchObject({ ok: true, reply: 'Sure, we can.' });
    expect(seenKeys.at(-1)).toBe('Bearer none');
  });
});
