import type { AiStreamEvent } from '@common/api/ai';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema';
import { buildContact, buildInboxTeam, buildMessage, buildTag, type TestUser } from '../test/inbox-factories';
import { type ListeningContext, listeningTestContext } from '../test/sandbox';

/**
 * AI against the built-in sandbox model, over real HTTP: the app asks /sandbox/ai/v1 through the
 * openai client, and the browser reads POST /api/ai/suggest as it streams.
 */
let ctx: ListeningContext;
let owner: TestUser;
let member: TestUser;
let accountId: string;
beforeAll(async () => {
  ctx = await listeningTestContext();
  const team = await buildInboxTeam(ctx);
  ({ owner, member } = team);
  accountId = team.account.id;
  const saved = await fetch(`${ctx.origin}/api/ai/settings`, {
    method: 'PUT',
    headers: { cookie: owner.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      instructions:
        'We deliver flowers in Lisbon every day from 9:00 to 18:00. Never promise same-day delivery.',
    }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
});
afterAll(() => ctx.close());

/** Reads an NDJSON answer line by line as it arrives, noting when each line came. */
async function readStream(response: Response) {
  const events: (AiStreamEvent & { at: number })[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      events.push({ ...(JSON.parse(buffered.slice(0, newline)) as AiStreamEvent), at: performance.now() });
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
  }
  return events;
}

const suggest = (who: TestUser, body: object) =>
  fetch(`${ctx.origin}/api/ai/suggest`, {
    method: 'POST',
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('suggestions from the sandbox model', () => {
  it('streams a reply that greets the customer by name, answers from the team knowledge, and sends nothing', async () => {
    const contact = await buildContact(ctx.db, accountId, {
      profileName: 'Maria Lopez',
      lastIncomingAt: new Date(),
    });
    await buildMessage(ctx.db, contact, { body: 'Hello!', timestamp: new Date(Date.now() - 60_000) });
    await buildMessage(ctx.db, contact, { body: 'Do you deliver on Sundays?' });
    await buildTag(ctx.db, accountId, 'vip', [contact.id]);
    const before = await ctx.db.$count(messages, eq(messages.contactId, contact.id));

    const started = performance.now();
    const response = await suggest(member, { contactId: contact.id });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const events = await readStream(response);

    const [start, ...rest] = events;
    expect(start).toMatchObject({
      type: 'start',
      source: 'sandbox',
      label: 'Sandbox model',
      model: 'switchboard-sandbox',
    });
    const deltas = rest.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(5);
    // The first piece reaches the browser well before the last: it streams, it is not sent at the end.
    expect(deltas.at(-1)!.at - deltas[0]!.at).toBeGreaterThan(30);
    expect(start!.at - started).toBeLessThan(deltas.at(-1)!.at - started);
    const done = events.at(-1);
    const expected =
      'Hi Maria, thanks for your message about "Do you deliver on Sundays?". We deliver flowers in Lisbon every day from 9:00 to 18:00. Is there anything else I can help with?';
    expect(done).toMatchObject({ type: 'done', text: expected });
    expect(deltas.map((d) => (d.type === 'delta' ? d.text : '')).join('')).toBe(expected);

    // Deterministic: the same chat gives the same reply.
    const again = await readStream(await suggest(owner, { contactId: contact.id }));
    expect(again.at(-1)).toMatchObject({ type: 'done', text: expected });
    // AI only drafts: no message was stored or queued.
    expect(await ctx.db.$count(messages, eq(messages.contactId, contact.id))).toBe(before);
  });

  it('rewrites the draft (friendlier, formal, shorter, fix spelling, translate to the customer’s language)', async () => {
    const contact = await buildContact(ctx.db, accountId, { customName: 'Ana Souza', profileName: 'ana' });
    await buildMessage(ctx.db, contact, { body: 'Hola, quiero flores por favor' });
    const rewrite = async (action: string, draft: string) => {
      const events = await readStream(await suggest(member, { contactId: contact.id, action, draft }));
      return events.at(-1);
    };
    expect(await rewrite('friendlier', 'Your order ships tomorrow.')).toEqual(
      expect.objectContaining({ type: 'done', text: 'Hi Ana! Your order ships tomorrow. 😊' }),
    );
    expect(await rewrite('formal', 'Hey, your order ships tomorrow.')).toEqual(
      expect.objectContaining({ text: 'Dear Ana Souza, your order ships tomorrow. Kind regards.' }),
    );
    expect(await rewrite('shorter', 'It ships tomorrow. We will text you the tracking link.')).toEqual(
      expect.objectContaining({ text: 'It ships tomorrow.' }),
    );
    expect(await rewrite('fix_spelling', 'i  will send it today')).toEqual(
      expect.objectContaining({ text: 'I will send it today.' }),
    );
    expect(await rewrite('translate', 'Thank you!')).toEqual(
      expect.objectContaining({ text: '[Spanish] Thank you!' }),
    );
  });

  it('refuses a rewrite without a draft, another team’s contact and a missing contact, before streaming', async () => {
    const contact = await buildContact(ctx.db, accountId);
    const noDraft = await suggest(member, { contactId: contact.id, action: 'shorter' });
    expect(noDraft.status).toBe(400);
    expect((await noDraft.json()).message).toContain('Write or select some text first');
    const unknown = await suggest(member, { contactId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe('Contact not found');
  });

  it('summarises a chat and translates a message without storing anything', async () => {
    const contact = await buildContact(ctx.db, accountId, { profileName: 'Jonas' });
    await buildMessage(ctx.db, contact, { body: 'I need 20 roses for Friday' });
    const incoming = await buildMessage(ctx.db, contact, { body: 'Danke, bitte schnell' });
    const post = (url: string, body: object) =>
      ctx.app.inject({ method: 'POST', url, headers: { cookie: member.cookie }, payload: body });

    const summary = await post('/api/ai/summarise', { contactId: contact.id });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      ok: true,
      label: 'Sandbox model',
      text: 'Jonas wrote 2 messages.\nLast: "Danke, bitte schnell".\nPromised: nothing recorded by the sandbox model.',
    });
    const translated = await post('/api/ai/translate', { messageId: incoming.id });
    expect(translated.json()).toMatchObject({ ok: true, text: '[English] Danke, bitte schnell' });
    expect(await ctx.db.$count(messages, eq(messages.contactId, contact.id))).toBe(2);
  });

  it('“Test connection” answers with the sandbox model’s words, and a wrong model name in words too', async () => {
    const test = (body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/ai/test',
        headers: { cookie: owner.cookie },
        payload: body,
      });
    const ok = await test({});
    expect(ok.json()).toMatchObject({
      ok: true,
      source: 'sandbox',
      label: 'Sandbox model',
      reply: 'Hello from the sandbox model: the connection works.',
    });
    // A team model pointed at the sandbox's address with a model it does not serve.
    const wrong = await test({ baseUrl: `${ctx.origin}/sandbox/ai/v1`, model: 'gpt-nothing' });
    expect(wrong.json()).toMatchObject({
      ok: false,
      source: 'team',
      error: { code: 'ai_model_not_found', message: expect.stringContaining('does not know this model') },
    });
  });
});
