import { DEFAULT_BUSINESS_HOURS } from '@common/api/ai-bot';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, jobs, messages } from '../../db/schema';
import { buildContact, buildInboxTeam, buildMessage, type TestUser } from '../../test/inbox-factories';
import { type ListeningContext, listeningTestContext } from '../../test/sandbox';

/** Marketing → AI Bots over HTTP: who may read, change and test the bot, and the per-chat switch. */
let ctx: ListeningContext;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let accountId: string;
let teamId: string;

const api = (who: { cookie: string }, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await listeningTestContext();
  const team = await buildInboxTeam(ctx);
  ({ owner, member } = team);
  accountId = team.account.id;
  teamId = team.team.id;
  const other = await buildInboxTeam(ctx, { phoneNumberId: '120394857612399', wabaId: '118765432109899' });
  outsider = other.owner;
  const ai = await api(owner, 'PUT', '/api/ai/settings', {
    instructions: 'We are open Monday to Friday, 9:00 to 17:00.\nReturns are free within 30 days.',
  });
  expect(ai.statusCode, ai.body).toBe(200);
});
afterAll(() => ctx.close());

describe('GET/PUT /api/ai/bot', () => {
  it('shows every teammate the bot (off by default) and the model it would use; only owners may configure', async () => {
    const res = await api(member, 'GET', '/api/ai/bot');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      settings: {
        enabled: false,
        when: 'always',
        timeZone: 'UTC',
        hours: DEFAULT_BUSINESS_HOURS,
        maxTurns: 5,
        maxRepliesPerHour: 10,
        maxLength: 1000,
        updatedAt: null,
      },
      status: expect.objectContaining({ configured: true, source: 'sandbox', label: 'Sandbox model' }),
      answeringNow: false,
      abilities: { configure: false },
    });
    expect((await api(owner, 'GET', '/api/ai/bot')).json().abilities).toEqual({ configure: true });
  });

  it('refuses members 403 with words, and keeps the settings as they were', async () => {
    const res = await api(member, 'PUT', '/api/ai/bot', { enabled: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/owner/i);
    const test = await api(member, 'POST', '/api/ai/bot/test', {
      messages: [{ from: 'customer', text: 'Hi' }],
    });
    expect(test.statusCode).toBe(403);
    expect((await api(owner, 'GET', '/api/ai/bot')).json().settings.enabled).toBe(false);
  });

  it('lets the owner turn it on with a schedule, keeps what is left out, and records it in the activity log', async () => {
    // The business hours are read in the team's zone (Settings → Team); an older client naming that
    // same zone still works.
    const zone = await api(owner, 'PUT', '/api/team/time-zone', { timeZone: 'Europe/Berlin' });
    expect(zone.statusCode, zone.body).toBe(200);
    const hours = { ...DEFAULT_BUSINESS_HOURS, sat: { open: '10:00', close: '14:00' } };
    const res = await api(owner, 'PUT', '/api/ai/bot', {
      enabled: true,
      when: 'outside_hours',
      timeZone: 'Europe/Berlin',
      hours,
      maxTurns: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({
      enabled: true,
      when: 'outside_hours',
      timeZone: 'Europe/Berlin',
      hours,
      maxTurns: 3,
      maxRepliesPerHour: 10,
      maxLength: 1000,
    });
    const again = await api(owner, 'PUT', '/api/ai/bot', { maxLength: 4096 });
    expect(again.json().settings).toMatchObject({ when: 'outside_hours', maxTurns: 3, maxLength: 4096 });

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, teamId), eq(auditLog.action, 'ai_bot.updated')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ actorId: owner.id, details: { changed: ['maxLength'], enabled: true } });
  });

  it('shows the team’s time zone, and refuses a zone of its own with where to change it', async () => {
    const moved = await api(owner, 'PUT', '/api/ai/bot', { timeZone: 'Asia/Tokyo', maxTurns: 4 });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(
      'Business hours use the team’s time zone (Europe/Berlin); the owner changes it in Settings → Team.',
    );
    expect((await api(member, 'GET', '/api/ai/bot')).json().settings).toMatchObject({
      timeZone: 'Europe/Berlin',
      maxTurns: 3,
    });
    await api(owner, 'PUT', '/api/team/time-zone', { timeZone: 'Asia/Tokyo' });
    expect((await api(member, 'GET', '/api/ai/bot')).json().settings.timeZone).toBe('Asia/Tokyo');
    await api(owner, 'PUT', '/api/team/time-zone', { timeZone: 'Europe/Berlin' });
  });

  it.each([
    [{ maxLength: 5000 }, 'at most 4,096'],
    [{ timeZone: 'Mars/Olympus' }, 'time zone'],
    [{ when: 'sometimes' }, 'always or outside_hours'],
    [{ maxTurns: 0 }, 'at least 1'],
    [{ hours: { ...DEFAULT_BUSINESS_HOURS, mon: { open: '18:00', close: '09:00' } } }, 'after opening'],
    [{ hours: { ...DEFAULT_BUSINESS_HOURS, tue: { open: '9am', close: '17:00' } } }, 'HH:MM'],
  ])('answers 400 with words to %j', async (body, words) => {
    const res = await api(owner, 'PUT', '/api/ai/bot', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(words);
  });
});

describe('POST /api/ai/bot/test', () => {
  const ask = (...texts: string[]) =>
    api(owner, 'POST', '/api/ai/bot/test', {
      messages: texts.map((text, i) => ({ from: i % 2 === 0 ? 'customer' : 'bot', text })),
    });

  it('answers from the knowledge, hands over on a request for a person or when unsure, and sends nothing', async () => {
    const contact = await buildContact(ctx.db, accountId, { lastIncomingAt: new Date() });
    await buildMessage(ctx.db, contact, { body: 'When are you open?' });
    const [before] = await ctx.db.select({ n: count() }).from(messages);
    const [jobsBefore] = await ctx.db.select({ n: count() }).from(jobs);

    const answered = await ask('Can I return my shoes?');
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({
      ok: true,
      reply: 'Hi Test! Returns are free within 30 days.',
    });
    expect((await ask('I want to talk to a person')).json()).toEqual({
      ok: true,
      reply: null,
      handOver: { reason: 'asked_for_person' },
    });
    expect((await ask('Do you sell bicycles?')).json()).toEqual({
      ok: true,
      reply: null,
      handOver: { reason: 'unsure' },
    });
    // The turn limit (3, set above) counts the bot's answers in the test chat too.
    expect((await ask('Open?', 'a', 'Open?', 'b', 'Open?', 'c', 'Open?')).json()).toMatchObject({
      handOver: { reason: 'turn_limit' },
    });

    const [after] = await ctx.db.select({ n: count() }).from(messages);
    const [jobsAfter] = await ctx.db.select({ n: count() }).from(jobs);
    expect(after!.n).toBe(before!.n);
    expect(jobsAfter!.n).toBe(jobsBefore!.n);
  });

  it('wants the customer to have the last word', async () => {
    const res = await ask('Hello', 'Hi!');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('customer');
  });
});

describe('PUT /api/contacts/:contactId/bot', () => {
  it('lets any teammate pause and resume the bot in a chat; other teams get 404', async () => {
    const contact = await buildContact(ctx.db, accountId, { lastIncomingAt: new Date() });
    const paused = await api(member, 'PUT', `/api/contacts/${contact.id}/bot`, { paused: true });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toEqual({ bot: { state: 'paused', at: expect.any(String) } });
    const header = await api(owner, 'GET', `/api/contacts/${contact.id}`);
    expect(header.json().contact.bot).toMatchObject({ state: 'paused' });

    const resumed = await api(member, 'PUT', `/api/contacts/${contact.id}/bot`, { paused: false });
    expect(resumed.json()).toEqual({ bot: { state: 'active' } });

    const foreign = await api(outsider, 'PUT', `/api/contacts/${contact.id}/bot`, { paused: true });
    expect(foreign.statusCode).toBe(404);
    const bad = await api(member, 'PUT', `/api/contacts/${contact.id}/bot`, { paused: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await api(member, 'GET', `/api/contacts/${contact.id}`)).json().contact.bot).toEqual({
      state: 'active',
    });
  });
});
