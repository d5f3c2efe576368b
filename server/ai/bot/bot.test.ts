import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contacts, jobs, messages } from '../../db/schema';
import { framesFor } from '../../live/feed';
import {
  connectSandboxTeam,
  contactOf,
  customerWrites,
  messagesAtMeta,
  type SandboxTeam,
  settle,
} from '../../test/outbound';
import { type ListeningContext, listeningTestContext } from '../../test/sandbox';
import { until } from '../../test/until';
import { wallClock } from './schedule';

/**
 * The AI bot against the sandbox over real HTTP: customers write from the sandbox phone, the webhook
 * lands, the bot's job asks the sandbox model and sends through the outbound path, and the sandbox
 * (Meta's side) receives the reply — or the chat is handed over and nothing is sent.
 */
let ctx: ListeningContext;
let team: SandboxTeam;
let nextWaId = 15550100;

const KNOWLEDGE = 'We are open Monday to Friday, 9:00 to 17:00.\nDelivery takes three days within the city.';

const api = (who: { cookie: string }, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

async function setBot(settings: object) {
  const res = await api(team.owner, 'PUT', '/api/ai/bot', settings);
  expect(res.statusCode, res.body).toBe(200);
}

/** A customer writes; waits until the bot's job for that message has run and everything settled. */
async function customerAsks(waId: string, text: string) {
  const wamid = await customerWrites(ctx, team, waId, text);
  const [inbound] = await ctx.db.select().from(messages).where(eq(messages.externalId, wamid));
  await until(async () => {
    await settle(ctx);
    const [job] = await ctx.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.dedupeKey, `ai-bot.reply:${inbound!.id}`));
    return job?.status === 'done';
  }, `the bot's job for "${text}"`);
  await settle(ctx);
  return inbound!;
}

async function botMessages(contactId: string) {
  return ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.contactId, contactId), eq(messages.sentByBot, true)))
    .orderBy(messages.timestamp);
}

async function botState(contactId: string) {
  const res = await api(team.member, 'GET', `/api/contacts/${contactId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().contact.bot;
}

const newCustomer = () => String(++nextWaId * 1000 + 1);

beforeAll(async () => {
  ctx = await listeningTestContext();
  team = await connectSandboxTeam(ctx);
  const ai = await api(team.owner, 'PUT', '/api/ai/settings', { instructions: KNOWLEDGE });
  expect(ai.statusCode, ai.body).toBe(200);
  await setBot({ enabled: true, when: 'always', maxTurns: 3, maxRepliesPerHour: 10 });
});
afterAll(() => ctx.close());

describe('the AI bot', () => {
  it('answers a question inside the window from the team knowledge, as the bot, and Meta receives it', async () => {
    const waId = newCustomer();
    await customerAsks(waId, 'When are you open?');
    const contact = await contactOf(ctx, team, waId);
    const [reply] = await botMessages(contact.id);
    expect(reply).toMatchObject({
      body: 'Hi Maya! We are open Monday to Friday, 9:00 to 17:00.',
      direction: 'outgoing',
      sentBy: null,
      sentByBot: true,
    });
    await until(async () => {
      await settle(ctx);
      const atMeta = await messagesAtMeta(ctx, team, waId);
      return atMeta.some((m) => JSON.stringify(m.payload).includes('We are open Monday to Friday'));
    }, 'the bot reply at Meta');

    const thread = await api(team.member, 'GET', `/api/contacts/${contact.id}/messages`);
    const shown = thread.json().messages.find((m: { id: string }) => m.id === reply!.id);
    expect(shown).toMatchObject({
      sentByBot: true,
      sentBy: null,
      status: expect.stringMatching(/sent|delivered|read/),
    });
    expect(thread.json().contact.bot).toEqual({ state: 'active' });
    // The chat stays unassigned.
    expect(contact.assignedTo).toBeNull();
  });

  it('hands over without asking the model when the customer asks for a person, and tells the team', async () => {
    const waId = newCustomer();
    await customerAsks(waId, 'When are you open?');
    await customerAsks(waId, 'I want to talk to a person');
    const contact = await contactOf(ctx, team, waId);
    expect(await botMessages(contact.id)).toHaveLength(1);
    expect(await botState(contact.id)).toMatchObject({ state: 'handed_over', reason: 'asked_for_person' });
    expect(contact.assignedTo).toBeNull();

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ai_bot.handed_over'), eq(auditLog.subjectId, contact.id)));
    expect(entry).toMatchObject({ actorId: null, details: { reason: 'asked_for_person' } });

    // Teammates are told on the live feed.
    const frames = await framesFor(ctx.db, ctx.app.clock, [
      {
        kind: 'ai_bot.handed_over',
        accountId: team.accountId,
        contactId: contact.id,
        reason: 'asked_for_person',
      },
    ]);
    expect(frames.map((f) => f.frame)).toContainEqual({
      type: 'event',
      event: 'ai_bot.chat_changed',
      data: expect.objectContaining({
        contactId: contact.id,
        notify: true,
        contactName: 'Maya Patel',
        bot: expect.objectContaining({ state: 'handed_over', reason: 'asked_for_person' }),
      }),
    });

    // Quiet until a teammate resumes it; then it answers again.
    await customerAsks(waId, 'When are you open?');
    expect(await botMessages(contact.id)).toHaveLength(1);
    const resumed = await api(team.member, 'PUT', `/api/contacts/${contact.id}/bot`, { paused: false });
    expect(resumed.json()).toEqual({ bot: { state: 'active' } });
    await customerAsks(waId, 'When are you open on Monday?');
    expect(await botMessages(contact.id)).toHaveLength(2);
  });

  it('hands over when it is unsure (the knowledge does not answer), sending nothing', async () => {
    const waId = newCustomer();
    await customerAsks(waId, 'Can I pay with bitcoin?');
    const contact = await contactOf(ctx, team, waId);
    expect(await botMessages(contact.id)).toHaveLength(0);
    expect(await botState(contact.id)).toMatchObject({ state: 'handed_over', reason: 'unsure' });
  });

  it('hands over after the turn limit', async () => {
    const waId = newCustomer();
    for (let i = 0; i < 4; i++) await customerAsks(waId, `Delivery question number ${i + 1}?`);
    const contact = await contactOf(ctx, team, waId);
    expect(await botMessages(contact.id)).toHaveLength(3);
    expect(await botState(contact.id)).toMatchObject({ state: 'handed_over', reason: 'turn_limit' });
  });

  it('stays quiet after a teammate wrote in the chat', async () => {
    const waId = newCustomer();
    await customerAsks(waId, 'When are you open?');
    const contact = await contactOf(ctx, team, waId);
    const sent = await api(team.member, 'POST', `/api/contacts/${contact.id}/messages`, {
      clientRef: `temp-${waId}`,
      text: 'Hi, Sam here — I can help.',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await until(async () => {
      await settle(ctx);
      return (await botState(contact.id)).state === 'handed_over';
    }, 'the hand-over after the teammate wrote');
    expect(await botState(contact.id)).toMatchObject({ reason: 'teammate_replied' });
    // In the activity log (the bot had spoken here), and on the live feed without a notification:
    // the teammate who wrote has the chat already.
    const logged = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ai_bot.handed_over'), eq(auditLog.subjectId, contact.id)));
    expect(logged.map((e) => e.details)).toEqual([{ reason: 'teammate_replied' }]);
    const frames = await framesFor(ctx.db, ctx.app.clock, [
      {
        kind: 'ai_bot.handed_over',
        accountId: team.accountId,
        contactId: contact.id,
        reason: 'teammate_replied',
      },
    ]);
    expect(frames.map((f) => f.frame)).toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ contactId: contact.id, notify: false }) }),
    );
    await customerAsks(waId, 'When are you open?');
    expect(await botMessages(contact.id)).toHaveLength(1);
  });

  it('answers only outside business hours when told so, read in the team’s time zone', async () => {
    // Open for the two hours around now on Kiritimati's clock (UTC+14), every day: open in a team on
    // that zone, closed in a team on UTC (14 hours apart), with the same hours.
    const now = await ctx.app.clock.now(ctx.db);
    const { time } = wallClock(now, 'Pacific/Kiritimati');
    const hour = Number(time.slice(0, 2));
    const pad = (n: number) => String(n).padStart(2, '0');
    const window =
      hour >= 22
        ? { open: '22:00', close: '23:59' }
        : { open: `${pad(Math.max(hour - 1, 0))}:00`, close: `${pad(hour + 2)}:00` };
    const hours = {
      mon: window,
      tue: window,
      wed: window,
      thu: window,
      fri: window,
      sat: window,
      sun: window,
    };
    const setZone = async (timeZone: string) => {
      const res = await api(team.owner, 'PUT', '/api/team/time-zone', { timeZone });
      expect(res.statusCode, res.body).toBe(200);
    };
    try {
      await setZone('Pacific/Kiritimati');
      await setBot({ when: 'outside_hours', hours });
      const bot = (await api(team.member, 'GET', '/api/ai/bot')).json();
      expect(bot.settings.timeZone).toBe('Pacific/Kiritimati');
      expect(bot.answeringNow).toBe(false);
      const waId = newCustomer();
      await customerAsks(waId, 'When are you open?');
      const contact = await contactOf(ctx, team, waId);
      expect(await botMessages(contact.id)).toHaveLength(0);
      // Not handed over: the team is open, so the bot simply leaves it to them.
      expect(await botState(contact.id)).toEqual({ state: 'active' });

      // The same hours on UTC's clock: the team is closed now, and the bot answers.
      await setZone('UTC');
      expect((await api(team.member, 'GET', '/api/ai/bot')).json().answeringNow).toBe(true);
      await customerAsks(waId, 'When are you open?');
      expect(await botMessages(contact.id)).toHaveLength(1);
    } finally {
      await setZone('UTC');
      await setBot({ when: 'always' });
    }
  });

  it('never answers a blocked contact, one who opted out, nor an assigned chat', async () => {
    const blockedWaId = newCustomer();
    await customerAsks(blockedWaId, 'When are you open?');
    const blocked = await contactOf(ctx, team, blockedWaId);
    await ctx.db.update(contacts).set({ blockedAt: new Date() }).where(eq(contacts.id, blocked.id));
    await customerAsks(blockedWaId, 'When are you open tomorrow?');
    expect(await botMessages(blocked.id)).toHaveLength(1);

    const optedOutWaId = newCustomer();
    await customerAsks(optedOutWaId, 'When are you open?');
    const optedOut = await contactOf(ctx, team, optedOutWaId);
    await ctx.db.update(contacts).set({ consent: 'opted_out' }).where(eq(contacts.id, optedOut.id));
    await customerAsks(optedOutWaId, 'When are you open tomorrow?');
    expect(await botMessages(optedOut.id)).toHaveLength(1);

    const assignedWaId = newCustomer();
    await customerAsks(assignedWaId, 'When are you open?');
    const assigned = await contactOf(ctx, team, assignedWaId);
    await ctx.db.update(contacts).set({ assignedTo: team.member.id }).where(eq(contacts.id, assigned.id));
    await customerAsks(assignedWaId, 'When are you open tomorrow?');
    expect(await botMessages(assigned.id)).toHaveLength(1);

    // A teammate writing in a chat the bot never touched: the bot keeps out of it, without a log entry.
    const quietWaId = newCustomer();
    try {
      await setBot({ enabled: false });
      await customerWrites(ctx, team, quietWaId, 'When are you open?');
    } finally {
      await setBot({ enabled: true });
    }
    const quiet = await contactOf(ctx, team, quietWaId);
    const wrote = await api(team.member, 'POST', `/api/contacts/${quiet.id}/messages`, {
      clientRef: `temp-${quietWaId}`,
      text: 'Hello from the team.',
    });
    expect(wrote.statusCode, wrote.body).toBe(202);
    await until(async () => {
      await settle(ctx);
      return (await botState(quiet.id)).state === 'handed_over';
    }, 'the bot to keep out of a chat a teammate wrote in');
    const none = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ai_bot.handed_over'), eq(auditLog.subjectId, quiet.id)));
    expect(none).toHaveLength(0);
  });

  it('hands over when one customer reaches the hourly reply limit', async () => {
    try {
      await setBot({ maxRepliesPerHour: 1 });
      const waId = newCustomer();
      await customerAsks(waId, 'When are you open?');
      await customerAsks(waId, 'And delivery?');
      const contact = await contactOf(ctx, team, waId);
      expect(await botMessages(contact.id)).toHaveLength(1);
      expect(await botState(contact.id)).toMatchObject({ state: 'handed_over', reason: 'rate_limited' });
    } finally {
      await setBot({ maxRepliesPerHour: 10 });
    }
  });

  it('does nothing once switched off', async () => {
    try {
      await setBot({ enabled: false });
      const waId = newCustomer();
      const wamid = await customerWrites(ctx, team, waId, 'When are you open?');
      await settle(ctx);
      const contact = await contactOf(ctx, team, waId);
      const [inbound] = await ctx.db.select().from(messages).where(eq(messages.externalId, wamid));
      const queued = await ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `ai-bot.reply:${inbound!.id}`));
      expect(queued).toHaveLength(0);
      expect(await botMessages(contact.id)).toHaveLength(0);
      expect(await botState(contact.id)).toEqual({ state: 'off' });
    } finally {
      await setBot({ enabled: true });
    }
  });
});
