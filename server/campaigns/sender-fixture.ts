import type { Campaign } from '@common/api/campaigns';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  contactFields,
  contactFieldValues,
  contactTags,
  tags,
} from '../db/schema';
import { apiCaller } from '../test/api-caller';
import { buildContact } from '../test/inbox-factories';
import { connectSandboxTeam, messagesAtMeta, type SandboxTeam } from '../test/outbound';
import {
  addSandboxCustomer,
  type ListeningContext,
  listeningTestContext,
  phoneApi,
  runSandboxJobs,
} from '../test/sandbox';
import { CampaignSender } from './sender';

/**
 * The campaign sender's tests' world: an app listening on a port with its sandbox, a connected team
 * with an approved template ('Hi {{1}}, your tier is {{2}} this spring.') and a Tier field, and a
 * running sender. Call it once at the top of a test file; it registers its own hooks.
 */
export function senderFixture() {
  const logs: { msg: string; attempt?: number }[] = [];
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
      // Warnings and errors are kept (not printed) so a test can read what the sender said.
      log: pino({ level: 'warn' }, { write: (line: string) => void logs.push(JSON.parse(line)) }),
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
        await ctx.db
          .insert(contactFieldValues)
          .values({ contactId: contact.id, fieldId, value: person.tier });
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
    (await ctx.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id)))[0]
      ?.status;
  const recipientsOf = (id: string) =>
    ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id));
  /** The owner sends the draft now. */
  async function start(id: string) {
    const started = await api(team.owner, 'POST', `/api/campaigns/${id}/schedule`, { sendAt: null });
    expect(started.status, started.body.message).toBe(200);
  }
  /** Every message the sandbox took for these customers, oldest first. */
  const sendsTo = async (people: { waId: string }[]) =>
    (await Promise.all(people.map((p) => messagesAtMeta(ctx, team, p.waId))))
      .flat()
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const templateTexts = async (waId: string) =>
    (await messagesAtMeta(ctx, team, waId)).map((m) => {
      const p = m.payload as { template?: { rendered?: { body?: string } } };
      return p.template?.rendered?.body ?? '';
    });

  return {
    get ctx() {
      return ctx;
    },
    get team() {
      return team;
    },
    get sender() {
      return sender;
    },
    get templateId() {
      return templateId;
    },
    get fieldId() {
      return fieldId;
    },
    logs,
    api,
    audienceOf,
    draft,
    start,
    statusOf,
    recipientsOf,
    sendsTo,
    templateTexts,
  };
}
