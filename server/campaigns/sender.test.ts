import { SENDING_MSG } from '@common/api/campaign-sending';
import type { Campaign } from '@common/api/campaigns';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  contactFields,
  contactFieldValues,
  contactTags,
  messages,
  tags,
  whatsappAccounts,
} from '../db/schema';
import { apiCaller } from '../test/api-caller';
import { buildContact } from '../test/inbox-factories';
import { connectSandboxTeam, messagesAtMeta, type SandboxTeam, settle } from '../test/outbound';
import {
  addSandboxCustomer,
  type ListeningContext,
  listeningTestContext,
  phoneApi,
  runSandboxJobs,
} from '../test/sandbox';
import { until } from '../test/until';
import { CampaignSender } from './sender';

/**
 * The campaign sender against the sandbox over real HTTP: each recipient sent once with their own
 * values, opted-out contacts skipped, pause and resume, Meta's refusals retried or recorded, and a
 * send whose answer was lost settled by its status webhook instead of being sent twice.
 */

let ctx: ListeningContext;
let team: SandboxTeam;
let sender: CampaignSender;
let templateId: string;
let fieldId: string;
let customerNo = 0;
const api = apiCaller(() => ctx);

beforeAll(async () => {
  ctx = await listeningTestContext();
  team = await connectSandboxTeam(ctx);
  const made = await api<{ template: { id: string } }>(team.owner, 'POST', '/api/templates', {
    name: 'spring_sale',
    category: 'MARKETING',
    language: 'en_US',
    body: 'Hi {{1}}, your tier is {{2}} this spring.',
    bodyExamples: ['Maya', 'Gold'],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  templateId = made.body.template.id;
  await runSandboxJobs(ctx);
  await ctx.webhooks.drain();
  const [field] = await ctx.db
    .insert(contactFields)
    .values({ accountId: team.accountId, key: 'tier', label: 'Tier', type: 'text' })
    .returning();
  fieldId = field!.id;
  sender = new CampaignSender({
    db: ctx.db,
    env: ctx.env,
    log: pino({ level: 'silent' }),
    events: ctx.events,
    channels: ctx.app.channels,
  });
  sender.start();
});
// A test that failed must not hold the number's sender for the next: its campaign stops, the switches reset.
afterEach(async () => {
  await ctx.db
    .update(campaigns)
    .set({ status: 'cancelled' })
    .where(and(eq(campaigns.accountId, team.accountId), sql`${campaigns.status} in ('sending', 'paused')`));
  await phoneApi(ctx.origin, 'PUT', '/settings', { failNextSends: null });
});
afterAll(async () => {
  await sender?.stop();
  await ctx.close();
});

/** Customers known to the sandbox and the app, carrying a new tag (the campaign's audience). */
async function audienceOf(people: { name: string; tier?: string; optedOut?: boolean }[]) {
  const [tag] = await ctx.db
    .insert(tags)
    .values({ accountId: team.accountId, name: `wave-${++customerNo}` })
    .returning();
  const list = [];
  for (const person of people) {
    const waId = `1650777${String(++customerNo).padStart(4, '0')}`;
    await addSandboxCustomer(ctx.origin, team.phoneNumberId, { waId, name: person.name });
    const contact = await buildContact(ctx.db, team.accountId, {
      waId,
      phone: waId,
      customName: person.name,
      consent: person.optedOut ? 'opted_out' : 'unknown',
    });
    await ctx.db.insert(contactTags).values({ contactId: contact.id, tagId: tag!.id });
    if (person.tier)
      await ctx.db.insert(contactFieldValues).values({ contactId: contact.id, fieldId, value: person.tier });
    list.push({ ...person, waId, contactId: contact.id });
  }
  return { tagId: tag!.id, people: list };
}

async function draft(tagId: string, extra: object = {}) {
  const made = await api<{ campaign: Campaign }>(team.owner, 'POST', '/api/campaigns', {
    name: `Wave ${customerNo}`,
    templateId,
    audience: { kind: 'tags', tagIds: [tagId] },
    variables: {
      body: [
        { kind: 'name', fallback: 'there' },
        { kind: 'field', fieldId, fallback: 'Silver' },
      ],
    },
    ...extra,
  });
  expect(made.status, made.body.message).toBe(201);
  return made.body.campaign.id;
}

const statusOf = async (id: string) =>
  (await ctx.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]?.status;
const recipientsOf = (id: string) =>
  ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
const templateTexts = async (waId: string) =>
  (await messagesAtMeta(ctx, team, waId)).map((m) => {
    const p = m.payload as { template?: { rendered?: { body?: string } } };
    return p.template?.rendered?.body ?? '';
  });

describe('the campaign sender', { timeout: 120_000 }, () => {
  it('sends the template once to each recipient with their values and fallbacks, and skips the opted-out', async () => {
    const { tagId, people } = await audienceOf([
      { name: 'Maya', tier: 'Gold' },
      { name: 'Omar' },
      { name: 'Lena', tier: 'Platinum' },
      { name: 'Stop', optedOut: true },
    ]);
    const id = await draft(tagId);
    // The chats whose campaign message was stored are announced, so an open one shows it live.
    const announced = new Set<string>();
    const unsubscribe = ctx.events.subscribe((batch) => {
      for (const e of batch)
        if (e.kind === 'campaign.messages_changed' && e.accountId === team.accountId)
          for (const contactId of e.contactIds) announced.add(contactId);
    });
    const member = await api(team.member, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null });
    expect(member.status).toBe(403);
    const started = await api<{ campaign: Campaign }>(team.owner, 'POST', `/api/campaigns/${id}/schedule`, {
      sendAt: null,
    });
    expect(started.status, started.body.message).toBe(200);
    expect(started.body.campaign).toMatchObject({
      status: 'sending',
      abilities: { pause: true, cancel: true },
    });
    await until(async () => (await statusOf(id)) === 'completed', 'the campaign to complete', 45_000);

    expect(await templateTexts(people[0]!.waId)).toEqual(['Hi Maya, your tier is Gold this spring.']);
    expect(await templateTexts(people[1]!.waId)).toEqual(['Hi Omar, your tier is Silver this spring.']);
    expect(await templateTexts(people[2]!.waId)).toEqual(['Hi Lena, your tier is Platinum this spring.']);
    expect(await templateTexts(people[3]!.waId)).toEqual([]);
    const rows = await recipientsOf(id);
    expect(rows.filter((r) => r.status === 'sent' || r.status === 'delivered')).toHaveLength(3);
    expect(rows.find((r) => r.contactId === people[3]!.contactId)).toMatchObject({
      status: 'skipped',
      error: 'Opted out of marketing messages',
    });
    // The message is in Maya's chat as the template she read.
    const [chat] = await ctx.db.select().from(messages).where(eq(messages.contactId, people[0]!.contactId));
    expect(chat).toMatchObject({
      type: 'template',
      body: 'Hi Maya, your tier is Gold this spring.',
      direction: 'outgoing',
      content: { kind: 'template', campaign: { id, name: expect.stringMatching(/^Wave /) } },
    });
    expect(chat!.externalId).toMatch(/^wamid\./);
    unsubscribe();
    expect([...announced].sort()).toEqual(
      people
        .slice(0, 3)
        .map((p) => p.contactId)
        .sort(),
    );

    // Statuses come back; a reply counts; the funnel is counted and stored.
    await settle(ctx);
    await phoneApi(
      ctx.origin,
      'POST',
      `/phone-numbers/${team.phoneNumberId}/customers/${people[0]!.waId}/messages`,
      {
        type: 'text',
        text: 'Is Gold free shipping?',
      },
    );
    await settle(ctx);
    await until(async () => {
      await sender.tick();
      const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
      return row?.funnel?.replied === 1 && row.funnel.delivered === 3 ? row.funnel : undefined;
    }, 'the funnel to count the delivery and the reply');
    const [stored] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(stored!.funnel).toMatchObject({
      recipients: 4,
      queued: 0,
      sent: 3,
      delivered: 3,
      replied: 1,
      skipped: 1,
    });

    const again = await api(team.owner, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SENDING_MSG.notDraft);
  });

  it('pauses within a second, resumes where it stopped, and sends nobody twice', async () => {
    const { tagId, people } = await audienceOf(Array.from({ length: 8 }, (_, i) => ({ name: `P${i}` })));
    const id = await draft(tagId, { sendRate: 2 });
    expect((await api(team.owner, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null })).status).toBe(
      200,
    );
    const sentCount = async () =>
      (await Promise.all(people.map((p) => messagesAtMeta(ctx, team, p.waId)))).flat().length;
    await until(async () => (await sentCount()) >= 2, 'the first sends');
    expect((await api(team.owner, 'POST', `/api/campaigns/${id}/pause`)).status).toBe(200);
    // Sends already on their way finish; no new one is taken.
    await until(
      async () => (await recipientsOf(id)).every((r) => r.status !== 'sending'),
      'the sends in flight to finish',
    );
    const atPause = await sentCount();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sentCount()).toBe(atPause);
    expect(atPause).toBeLessThan(8);
    const resume = await api<{ campaign: Campaign }>(team.owner, 'POST', `/api/campaigns/${id}/resume`);
    expect(resume.body.campaign.status).toBe('sending');
    await until(async () => (await statusOf(id)) === 'completed', 'the campaign to complete', 45_000);
    for (const p of people) expect(await messagesAtMeta(ctx, team, p.waId)).toHaveLength(1);
  });

  it('retries what Meta refused for now and records a final refusal in words', async () => {
    const { tagId, people } = await audienceOf([{ name: 'Ada' }, { name: 'Bo' }]);
    const id = await draft(tagId);
    await phoneApi(ctx.origin, 'PUT', '/settings', { failNextSends: { code: 429, count: 2 } });
    expect((await api(team.owner, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null })).status).toBe(
      200,
    );
    await until(async () => (await statusOf(id)) === 'completed', 'the campaign to complete', 45_000);
    for (const p of people) expect(await messagesAtMeta(ctx, team, p.waId)).toHaveLength(1);
    expect((await recipientsOf(id)).every((r) => r.status === 'sent' || r.status === 'delivered')).toBe(true);

    const second = await audienceOf([{ name: 'Cy' }]);
    const id2 = await draft(second.tagId);
    await phoneApi(ctx.origin, 'PUT', '/settings', { failNextSends: { code: 131047, count: 1 } });
    expect((await api(team.owner, 'POST', `/api/campaigns/${id2}/schedule`, { sendAt: null })).status).toBe(
      200,
    );
    await until(async () => (await statusOf(id2)) === 'completed', 'the campaign to complete', 45_000);
    const [failed] = await recipientsOf(id2);
    expect(failed).toMatchObject({ status: 'failed', errorCode: 131047, retryable: false });
    expect(failed!.error).toMatch(/^Failed to send template: /);
    const retry = await api(team.owner, 'POST', `/api/campaigns/${id2}/retry-failed`);
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe(SENDING_MSG.nothingToRetry);
  });

  it('records a 131049 from a status webhook in words, and Retry failed sends it again later', async () => {
    const { tagId, people } = await audienceOf([{ name: 'Capped' }]);
    const id = await draft(tagId);
    await phoneApi(ctx.origin, 'PUT', '/settings', { marketingLimitShare: 100 });
    try {
      expect((await api(team.owner, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null })).status).toBe(
        200,
      );
      await until(async () => (await statusOf(id)) === 'completed', 'the campaign to complete', 45_000);
      await until(async () => {
        await settle(ctx);
        const [row] = await recipientsOf(id);
        return row?.status === 'failed' ? row : undefined;
      }, 'the failed status to arrive');
    } finally {
      await phoneApi(ctx.origin, 'PUT', '/settings', { marketingLimitShare: 0 });
    }
    const [failed] = await recipientsOf(id);
    expect(failed).toMatchObject({ errorCode: 131049, retryable: true });
    const listed = await api<{ recipients: { error: string | null }[] }>(
      team.member,
      'GET',
      `/api/campaigns/${id}/recipients?status=failed`,
    );
    expect(listed.body.recipients[0]!.error).toMatch(/^Failed to send template: /);
    // The finished campaign offers Retry failed to the owner only.
    const shown = async (who: typeof team.owner) =>
      (await api<{ campaign: Campaign }>(who, 'GET', `/api/campaigns/${id}`)).body.campaign.abilities.retry;
    expect(await shown(team.owner)).toBe(true);
    expect(await shown(team.member)).toBe(false);
    const retry = await api<{ retried: number }>(team.owner, 'POST', `/api/campaigns/${id}/retry-failed`);
    expect(retry.status, retry.body.message).toBe(200);
    expect(retry.body.retried).toBe(1);
    await until(async () => (await statusOf(id)) === 'completed', 'the retry to complete', 45_000);
    expect(await messagesAtMeta(ctx, team, people[0]!.waId)).toHaveLength(2);
    const [after] = await recipientsOf(id);
    expect(['sent', 'delivered']).toContain(after!.status);
  });

  it("waits at the number's messaging-limit tier and goes on when the 24 hours free room", async () => {
    // TIER_50, with 49 unique recipients in the last 24 hours already: room for one more.
    await ctx.db
      .update(whatsappAccounts)
      .set({ messagingLimitTier: 'TIER_50' })
      .where(eq(whatsappAccounts.id, team.accountId));
    // The earlier tests' sends are a day old by now.
    await ctx.db
      .update(campaignRecipients)
      .set({ sentAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(campaignRecipients.accountId, team.accountId));
    const earlier = await audienceOf([]);
    const earlierId = await draft(earlier.tagId);
    const seeded = [];
    for (let i = 0; i < 49; i++) seeded.push((await buildContact(ctx.db, team.accountId)).id);
    await ctx.db.insert(campaignRecipients).values(
      seeded.map((contactId) => ({
        campaignId: earlierId,
        accountId: team.accountId,
        contactId,
        status: 'delivered' as const,
        sentAt: new Date(),
      })),
    );
    try {
      const { tagId, people } = await audienceOf([{ name: 'T1' }, { name: 'T2' }, { name: 'T3' }]);
      const id = await draft(tagId);
      expect((await api(team.owner, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null })).status).toBe(
        200,
      );
      const waiting = await until(async () => {
        const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
        return row?.wait === 'messaging_limit' ? row : undefined;
      }, 'the campaign to wait for the limit');
      expect(waiting.status).toBe('sending');
      // One goes (the room left); the other two wait in the queue.
      await until(
        async () =>
          (await Promise.all(people.map((p) => messagesAtMeta(ctx, team, p.waId)))).flat().length === 1,
        'the one send the tier allows',
      );
      const queued = (await recipientsOf(id)).filter((r) => r.status === 'queued');
      expect(queued).toHaveLength(2);
      // A day later the earlier sends leave the window.
      await ctx.db
        .update(campaignRecipients)
        .set({ sentAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(campaignRecipients.campaignId, earlierId));
      await until(async () => (await statusOf(id)) === 'completed', 'the campaign to complete', 45_000);
      for (const p of people) expect(await messagesAtMeta(ctx, team, p.waId)).toHaveLength(1);
      const [done] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
      expect(done!.wait).toBeNull();
    } finally {
      await ctx.db
        .update(whatsappAccounts)
        .set({ messagingLimitTier: null })
        .where(eq(whatsappAccounts.id, team.accountId));
    }
  });

  it('settles a send whose answer was lost from its status webhook, and does not send it again', async () => {
    const { tagId, people } = await audienceOf([{ name: 'Lost' }]);
    const id = await draft(tagId);
    // The process "dies" mid-call: its claim is stored and the sandbox took the message, but the
    // answer never reached the sender. The campaign's row is paused so the running sender stays off it.
    await ctx.db
      .update(campaigns)
      .set({ status: 'paused', audience: { kind: 'tags', tagIds: [tagId], match: 'any' } })
      .where(eq(campaigns.id, id));
    const { chooseRecipients } = await import('./recipients');
    const { claimSends } = await import('./send-batch');
    const { templatePlan } = await import('./template-plan');
    const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    await ctx.db.transaction((tx) => chooseRecipients(tx, { ...row!, audience: row!.audience! }));
    const plan = { ...(await templatePlan(ctx.db, row!)), headerProviderId: null };
    await ctx.db.update(campaigns).set({ status: 'sending' }).where(eq(campaigns.id, id));
    const stopped = sender.stop();
    await stopped;
    const [claimed] = await ctx.db.transaction((tx) =>
      claimSends(tx, { ...row!, status: 'sending' }, plan, 10),
    );
    const channel = await ctx.app.channels.forAccount(ctx.db, team.accountId);
    await channel!.send(claimed!.message);
    await settle(ctx);
    const [recipient] = await recipientsOf(id);
    expect(['sent', 'delivered']).toContain(recipient!.status);
    sender.start();
    await until(async () => (await statusOf(id)) === 'completed', 'the campaign to complete', 45_000);
    expect(await messagesAtMeta(ctx, team, people[0]!.waId)).toHaveLength(1);
    const [message] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.contactId, people[0]!.contactId), sql`${messages.externalId} is not null`));
    expect(message!.sendStartedAt).toBeNull();
  });
});
