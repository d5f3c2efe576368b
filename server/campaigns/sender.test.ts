import { SENDING_MSG } from '@common/api/campaign-sending';
import type { Campaign } from '@common/api/campaigns';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SKIPPED_CANCELLED } from '../commands/campaign-sending';
import { campaignRecipients, campaigns, contacts, messages, whatsappAccounts } from '../db/schema';
import { buildContact } from '../test/inbox-factories';
import { messagesAtMeta, settle } from '../test/outbound';
import { phoneApi } from '../test/sandbox';
import { until } from '../test/until';
import { SKIPPED_BLOCKED, SKIPPED_OPTED_OUT } from './recipients';
import { senderFixture } from './sender-fixture';

/**
 * The campaign sender against the sandbox over real HTTP: each recipient sent once with their own
 * values, opted-out contacts skipped (also when they opt out or are blocked after the start), the
 * send rate kept, pause, resume and cancel, the messaging-limit tier, and a send whose answer was lost
 * settled by its status webhook instead of being sent twice. Meta's refusals: sender-refusals.test.ts.
 */

const f = senderFixture();

describe('the campaign sender', { timeout: 120_000 }, () => {
  it('sends the template once to each recipient with their values and fallbacks, and skips the opted-out', async () => {
    const { tagId, people } = await f.audienceOf([
      { name: 'Maya', tier: 'Gold' },
      { name: 'Omar' },
      { name: 'Lena', tier: 'Platinum' },
      { name: 'Stop', optedOut: true },
    ]);
    const id = await f.draft(tagId);
    // The chats whose campaign message was stored are announced, so an open one shows it live.
    const announced = new Set<string>();
    const unsubscribe = f.ctx.events.subscribe((batch) => {
      for (const e of batch)
        if (e.kind === 'campaign.messages_changed' && e.accountId === f.team.accountId)
          for (const contactId of e.contactIds) announced.add(contactId);
    });
    const member = await f.api(f.team.member, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null });
    expect(member.status).toBe(403);
    const started = await f.api<{ campaign: Campaign }>(
      f.team.owner,
      'POST',
      `/api/campaigns/${id}/schedule`,
      {
        sendAt: null,
      },
    );
    expect(started.status, started.body.message).toBe(200);
    expect(started.body.campaign).toMatchObject({
      status: 'sending',
      abilities: { pause: true, cancel: true },
    });
    await until(async () => (await f.statusOf(id)) === 'completed', 'the campaign to complete', 45_000);

    expect(await f.templateTexts(people[0]!.waId)).toEqual(['Hi Maya, your tier is Gold this spring.']);
    expect(await f.templateTexts(people[1]!.waId)).toEqual(['Hi Omar, your tier is Silver this spring.']);
    expect(await f.templateTexts(people[2]!.waId)).toEqual(['Hi Lena, your tier is Platinum this spring.']);
    expect(await f.templateTexts(people[3]!.waId)).toEqual([]);
    const rows = await f.recipientsOf(id);
    expect(rows.filter((r) => r.status === 'sent' || r.status === 'delivered')).toHaveLength(3);
    expect(rows.find((r) => r.contactId === people[3]!.contactId)).toMatchObject({
      status: 'skipped',
      error: 'Opted out of marketing messages',
    });
    // The message is in Maya's chat as the template she read.
    const [chat] = await f.ctx.db.select().from(messages).where(eq(messages.contactId, people[0]!.contactId));
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
    await settle(f.ctx);
    await phoneApi(
      f.ctx.origin,
      'POST',
      `/phone-numbers/${f.team.phoneNumberId}/customers/${people[0]!.waId}/messages`,
      {
        type: 'text',
        text: 'Is Gold free shipping?',
      },
    );
    await settle(f.ctx);
    await until(async () => {
      await f.sender.tick();
      const [row] = await f.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
      return row?.funnel?.replied === 1 && row.funnel.delivered === 3 ? row.funnel : undefined;
    }, 'the funnel to count the delivery and the reply');
    const [stored] = await f.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(stored!.funnel).toMatchObject({
      recipients: 4,
      queued: 0,
      sent: 3,
      delivered: 3,
      replied: 1,
      skipped: 1,
    });

    const again = await f.api(f.team.owner, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SENDING_MSG.notDraft);
  });

  it('pauses within a second, resumes where it stopped, and sends nobody twice', async () => {
    const { tagId, people } = await f.audienceOf(Array.from({ length: 8 }, (_, i) => ({ name: `P${i}` })));
    const id = await f.draft(tagId, { sendRate: 2 });
    expect(
      (await f.api(f.team.owner, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null })).status,
    ).toBe(200);
    const sentCount = async () =>
      (await Promise.all(people.map((p) => messagesAtMeta(f.ctx, f.team, p.waId)))).flat().length;
    await until(async () => (await sentCount()) >= 2, 'the first sends');
    expect((await f.api(f.team.owner, 'POST', `/api/campaigns/${id}/pause`)).status).toBe(200);
    // Sends already on their way finish; no new one is taken.
    await until(
      async () => (await f.recipientsOf(id)).every((r) => r.status !== 'sending'),
      'the sends in flight to finish',
    );
    const atPause = await sentCount();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sentCount()).toBe(atPause);
    expect(atPause).toBeLessThan(8);
    const resume = await f.api<{ campaign: Campaign }>(f.team.owner, 'POST', `/api/campaigns/${id}/resume`);
    expect(resume.body.campaign.status).toBe('sending');
    await until(async () => (await f.statusOf(id)) === 'completed', 'the campaign to complete', 45_000);
    for (const p of people) expect(await messagesAtMeta(f.ctx, f.team, p.waId)).toHaveLength(1);
  });

  it("waits at the number's messaging-limit tier and goes on when the 24 hours free room", async () => {
    // TIER_50, with 49 unique recipients in the last 24 hours already: room for one more.
    await f.ctx.db
      .update(whatsappAccounts)
      .set({ messagingLimitTier: 'TIER_50' })
      .where(eq(whatsappAccounts.id, f.team.accountId));
    // The earlier tests' sends are a day old by now.
    await f.ctx.db
      .update(campaignRecipients)
      .set({ sentAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(campaignRecipients.accountId, f.team.accountId));
    const earlier = await f.audienceOf([]);
    const earlierId = await f.draft(earlier.tagId);
    const seeded = [];
    for (let i = 0; i < 49; i++) seeded.push((await buildContact(f.ctx.db, f.team.accountId)).id);
    await f.ctx.db.insert(campaignRecipients).values(
      seeded.map((contactId) => ({
        campaignId: earlierId,
        accountId: f.team.accountId,
        contactId,
        status: 'delivered' as const,
        sentAt: new Date(),
      })),
    );
    try {
      const { tagId, people } = await f.audienceOf([{ name: 'T1' }, { name: 'T2' }, { name: 'T3' }]);
      const id = await f.draft(tagId);
      expect(
        (await f.api(f.team.owner, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null })).status,
      ).toBe(200);
      const waiting = await until(async () => {
        const [row] = await f.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
        return row?.wait === 'messaging_limit' ? row : undefined;
      }, 'the campaign to wait for the limit');
      expect(waiting.status).toBe('sending');
      // One goes (the room left); the other two wait in the queue.
      await until(
        async () =>
          (await Promise.all(people.map((p) => messagesAtMeta(f.ctx, f.team, p.waId)))).flat().length === 1,
        'the one send the tier allows',
      );
      const queued = (await f.recipientsOf(id)).filter((r) => r.status === 'queued');
      expect(queued).toHaveLength(2);
      // A day later the earlier sends leave the window.
      await f.ctx.db
        .update(campaignRecipients)
        .set({ sentAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(campaignRecipients.campaignId, earlierId));
      await until(async () => (await f.statusOf(id)) === 'completed', 'the campaign to complete', 45_000);
      for (const p of people) expect(await messagesAtMeta(f.ctx, f.team, p.waId)).toHaveLength(1);
      const [done] = await f.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
      expect(done!.wait).toBeNull();
    } finally {
      await f.ctx.db
        .update(whatsappAccounts)
        .set({ messagingLimitTier: null })
        .where(eq(whatsappAccounts.id, f.team.accountId));
    }
  });

  it('settles a send whose answer was lost from its status webhook, and does not send it again', async () => {
    const { tagId, people } = await f.audienceOf([{ name: 'Lost' }]);
    const id = await f.draft(tagId);
    // The process "dies" mid-call: its claim is stored and the sandbox took the message, but the
    // answer never reached the sender. The campaign's row is paused so the running sender stays off it.
    await f.ctx.db
      .update(campaigns)
      .set({ status: 'paused', audience: { kind: 'tags', tagIds: [tagId], match: 'any' } })
      .where(eq(campaigns.id, id));
    const { chooseRecipients } = await import('./recipients');
    const { claimSends } = await import('./send-batch');
    const { templatePlan } = await import('./template-plan');
    const [row] = await f.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    await f.ctx.db.transaction((tx) => chooseRecipients(tx, { ...row!, audience: row!.audience! }));
    const plan = { ...(await templatePlan(f.ctx.db, row!)), headerProviderId: null };
    await f.ctx.db.update(campaigns).set({ status: 'sending' }).where(eq(campaigns.id, id));
    const stopped = f.sender.stop();
    await stopped;
    const [claimed] = await f.ctx.db.transaction((tx) =>
      claimSends(tx, { ...row!, status: 'sending' }, plan, 10),
    );
    const channel = await f.ctx.app.channels.forAccount(f.ctx.db, f.team.accountId);
    await channel!.send(claimed!.message);
    await settle(f.ctx);
    const [recipient] = await f.recipientsOf(id);
    expect(['sent', 'delivered']).toContain(recipient!.status);
    f.sender.start();
    await until(async () => (await f.statusOf(id)) === 'completed', 'the campaign to complete', 45_000);
    expect(await messagesAtMeta(f.ctx, f.team, people[0]!.waId)).toHaveLength(1);
    const [message] = await f.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.contactId, people[0]!.contactId), sql`${messages.externalId} is not null`));
    expect(message!.sendStartedAt).toBeNull();
  });

  it('skips a contact who opted out or was blocked after the campaign started, and still completes', async () => {
    const { tagId, people } = await f.audienceOf([{ name: 'Stays' }, { name: 'Stops' }, { name: 'Gone' }]);
    const [stays, stops, gone] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const id = await f.draft(tagId);
    // The sender is off while the campaign starts: the changes below come after its recipients were
    // chosen (all three queued) and before any of them is sent.
    await f.sender.stop();
    try {
      await f.start(id);
      expect((await f.recipientsOf(id)).map((r) => r.status)).toEqual(['queued', 'queued', 'queued']);
      await f.ctx.db.update(contacts).set({ consent: 'opted_out' }).where(eq(contacts.id, stops.contactId));
      await f.ctx.db.update(contacts).set({ blockedAt: new Date() }).where(eq(contacts.id, gone.contactId));
    } finally {
      f.sender.start();
    }
    await until(async () => (await f.statusOf(id)) === 'completed', 'the campaign to complete', 45_000);

    expect(await f.templateTexts(stays.waId)).toEqual(['Hi Stays, your tier is Silver this spring.']);
    expect(await messagesAtMeta(f.ctx, f.team, stops.waId)).toEqual([]);
    expect(await messagesAtMeta(f.ctx, f.team, gone.waId)).toEqual([]);
    const rows = await f.recipientsOf(id);
    const skipped = { status: 'skipped', attempts: 0, claimedAt: null, messageId: null };
    expect(rows.find((r) => r.contactId === stops.contactId)).toMatchObject({
      ...skipped,
      error: SKIPPED_OPTED_OUT,
    });
    expect(rows.find((r) => r.contactId === gone.contactId)).toMatchObject({
      ...skipped,
      error: SKIPPED_BLOCKED,
    });
    // Nothing was stored in their chats.
    for (const p of [stops, gone])
      expect(await f.ctx.db.select().from(messages).where(eq(messages.contactId, p.contactId))).toEqual([]);
    // The report lists them as skipped, with why, and the funnel counts them there.
    const listed = await f.api<{ recipients: { status: string; error: string | null }[] }>(
      f.team.member,
      'GET',
      `/api/campaigns/${id}/recipients?status=skipped`,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.recipients.map((r) => r.error).sort()).toEqual(
      [SKIPPED_BLOCKED, SKIPPED_OPTED_OUT].sort(),
    );
    const funnel = await until(async () => {
      await f.sender.tick();
      const [row] = await f.ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
      return row?.funnel?.skipped === 2 && row.funnel.sent === 1 ? row.funnel : undefined;
    }, 'the funnel to count the skipped');
    expect(funnel).toMatchObject({ recipients: 3, queued: 0, sent: 1, failed: 0, skipped: 2 });
  });

  it("keeps to the campaign's send rate", async () => {
    const rate = 10;
    const { tagId, people } = await f.audienceOf(Array.from({ length: 30 }, (_, i) => ({ name: `R${i}` })));
    const id = await f.draft(tagId, { sendRate: rate });
    await f.start(id);
    await until(async () => (await f.statusOf(id)) === 'completed', 'the campaign to complete', 60_000);
    const times = (await f.sendsTo(people)).map((m) => m.createdAt.getTime());
    expect(times).toHaveLength(30);
    // When the sandbox took each send. A loaded machine only delays and bunches them a little (the
    // bucket holds at most a tenth of a second), so no stretch of sends may beat the rate by more
    // than one second's worth; sending them all at once would beat it by 20.
    let worst = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < times.length; i++)
      for (let j = i + 1; j < times.length; j++)
        worst = Math.max(worst, j - i + 1 - (rate * (times[j]! - times[i]!)) / 1000);
    expect(worst).toBeLessThanOrEqual(rate);
  });

  it('cancels: nobody further is sent, the rest are skipped with why, and it stays cancelled', async () => {
    const { tagId, people } = await f.audienceOf(Array.from({ length: 10 }, (_, i) => ({ name: `C${i}` })));
    const id = await f.draft(tagId, { sendRate: 2 });
    await f.start(id);
    await until(async () => (await f.sendsTo(people)).length >= 2, 'the first sends');
    const member = await f.api(f.team.member, 'POST', `/api/campaigns/${id}/cancel`);
    expect(member.status).toBe(403);
    const cancelled = await f.api<{ campaign: Campaign }>(
      f.team.owner,
      'POST',
      `/api/campaigns/${id}/cancel`,
    );
    expect(cancelled.status, cancelled.body.message).toBe(200);
    expect(cancelled.body.campaign.status).toBe('cancelled');
    // A send already on its way finishes; no new one is taken.
    await until(
      async () => (await f.recipientsOf(id)).every((r) => r.status !== 'sending'),
      'the sends in flight to finish',
    );
    const atCancel = (await f.sendsTo(people)).length;
    await new Promise((r) => setTimeout(r, 1500));
    expect((await f.sendsTo(people)).length).toBe(atCancel);
    expect(atCancel).toBeLessThan(10);
    expect(await f.statusOf(id)).toBe('cancelled');
    const rows = await f.recipientsOf(id);
    const sent = rows.filter((r) => r.status === 'sent' || r.status === 'delivered');
    const skipped = rows.filter((r) => r.status === 'skipped');
    expect(sent).toHaveLength(atCancel);
    expect(skipped).toHaveLength(10 - atCancel);
    for (const r of skipped) expect(r).toMatchObject({ error: SKIPPED_CANCELLED, messageId: null });
  });
});
