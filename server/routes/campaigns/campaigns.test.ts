import {
  type AudienceCount,
  CAMPAIGN_MSG,
  type Campaign,
  type CampaignListResponse,
  type CampaignPreviewResponse,
  type MessagingLimitResponse,
} from '@common/api/campaigns';
import { EVERY_CONTACT_FILTER } from '@common/api/contact-filter';
import type { ServerEventFrame } from '@common/realtime';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  campaigns,
  contactFields,
  contactFieldValues,
  contactSegments,
  contacts,
  templates,
  whatsappAccounts,
} from '../../db/schema';
import type { BrokerFrame } from '../../live/broker';
import { apiCaller } from '../../test/api-caller';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildTag, type TestUser } from '../../test/inbox-factories';
import { until } from '../../test/until';
import { buildTableFixture } from '../contact-table/fixture';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof buildTableFixture>>;
let templateId: string;
let fieldId: string;
const frames: BrokerFrame[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTableFixture(ctx);
  ctx.app.liveBroker.subscribe((_room, frame) => frames.push(frame));
  // Consent: Ana and Carla opted in, bob opted out, the rest unknown; Eve is blocked.
  const consent = async (id: string, value: 'opted_in' | 'opted_out') =>
    ctx.db.update(contacts).set({ consent: value }).where(eq(contacts.id, id));
  await consent(f.c.ana.id, 'opted_in');
  await consent(f.c.carla.id, 'opted_in');
  await consent(f.c.bob.id, 'opted_out');
  await ctx.db.update(contacts).set({ blockedAt: new Date() }).where(eq(contacts.id, f.c.eve.id));
  const [template] = await ctx.db
    .insert(templates)
    .values({
      accountId: f.accountId,
      name: 'spring_sale',
      language: 'en_US',
      category: 'MARKETING',
      status: 'approved',
      components: [{ type: 'BODY', text: 'Hi {{1}}, your tier is {{2}}' }],
    })
    .returning();
  templateId = template!.id;
  const [field] = await ctx.db
    .insert(contactFields)
    .values({ accountId: f.accountId, key: 'tier', label: 'Tier', type: 'text' })
    .returning();
  fieldId = field!.id;
});
afterAll(() => ctx.close());

const api = apiCaller(() => ctx);
const create = (who: TestUser, body: object) =>
  api<{ campaign: Campaign }>(who, 'POST', '/api/campaigns', body);
const count = (who: TestUser, audience: object) =>
  api<AudienceCount>(who, 'POST', '/api/campaigns/audience-count', { audience });

describe('campaign drafts', () => {
  it('the owner starts a draft with a name; every teammate sees it, only the owner may change it', async () => {
    const made = await create(f.owner, { name: '  Spring sale  ' });
    expect(made.status, made.body.message).toBe(201);
    expect(made.body.campaign).toMatchObject({
      name: 'Spring sale',
      status: 'draft',
      templateId: null,
      audience: null,
      variables: { body: [], header: [], buttons: [] },
      sendRate: 80,
      timeZone: 'UTC',
      scheduledAt: null,
      abilities: { update: true, delete: true },
    });
    expect(made.body.campaign.createdBy?.id).toBe(f.owner.id);

    const seen = await api<CampaignListResponse>(f.member, 'GET', '/api/campaigns');
    expect(seen.status).toBe(200);
    // The list says who may start one: the owner, not a member.
    expect(seen.body.abilities).toEqual({ create: false });
    expect((await api<CampaignListResponse>(f.owner, 'GET', '/api/campaigns')).body.abilities).toEqual({
      create: true,
    });
    const mine = seen.body.campaigns.find((c) => c.id === made.body.campaign.id);
    expect(mine).toMatchObject({ name: 'Spring sale', abilities: { update: false, delete: false } });
    const one = await api<{ campaign: Campaign }>(f.member, 'GET', `/api/campaigns/${made.body.campaign.id}`);
    expect(one.body.campaign.name).toBe('Spring sale');

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'campaign.created'), eq(auditLog.subjectId, made.body.campaign.id)));
    expect(entry?.details).toEqual({ name: 'Spring sale' });
    await until(
      () =>
        frames.some(
          (frame) =>
            frame.type === 'event' &&
            frame.event === 'campaign.changed' &&
            (frame as Extract<ServerEventFrame, { event: 'campaign.changed' }>).data.campaignId ===
              made.body.campaign.id,
        ),
      'campaign.changed on the live feed',
    );
  });

  it('fills a draft part by part: template, audience, variables with fallbacks, rate and zone', async () => {
    const { body } = await create(f.owner, { name: 'Parts' });
    const id = body.campaign.id;
    const patched = await api<{ campaign: Campaign }>(f.owner, 'PATCH', `/api/campaigns/${id}`, {
      templateId,
      audience: { kind: 'tags', tagIds: [f.tags.vip.id, f.tags.vip.id], match: 'all' },
      variables: {
        body: [
          { kind: 'name', fallback: 'there' },
          { kind: 'field', fieldId, fallback: 'Silver' },
        ],
      },
      sendRate: 250,
      timeZone: 'Europe/Lisbon',
    });
    expect(patched.status, patched.body.message).toBe(200);
    expect(patched.body.campaign).toMatchObject({
      templateId,
      template: { name: 'spring_sale', language: 'en_US' },
      audience: { kind: 'tags', tagIds: [f.tags.vip.id], match: 'all' },
      variables: {
        body: [
          { kind: 'name', fallback: 'there' },
          { kind: 'field', fieldId, fallback: 'Silver' },
        ],
        header: [],
        buttons: [],
      },
      sendRate: 250,
      timeZone: 'Europe/Lisbon',
    });
    const renamed = await api<{ campaign: Campaign }>(f.owner, 'PATCH', `/api/campaigns/${id}`, {
      name: 'Renamed',
    });
    expect(renamed.body.campaign).toMatchObject({ name: 'Renamed', sendRate: 250, templateId });
  });

  it('refuses a member, and another team, without changing anything', async () => {
    const { body } = await create(f.owner, { name: 'Owners only' });
    const id = body.campaign.id;
    const made = await create(f.member, { name: 'Mine' });
    expect(made.status).toBe(403);
    expect(made.body.message).toBe('Only the team owner can create, change, schedule or stop campaigns.');
    expect((await api(f.member, 'PATCH', `/api/campaigns/${id}`, { name: 'x' })).status).toBe(403);
    expect((await api(f.member, 'DELETE', `/api/campaigns/${id}`)).status).toBe(403);
    expect((await api(f.other, 'GET', `/api/campaigns/${id}`)).status).toBe(404);
    expect((await api(f.other, 'PATCH', `/api/campaigns/${id}`, { name: 'x' })).status).toBe(404);
    expect((await api(f.other, 'DELETE', `/api/campaigns/${id}`)).status).toBe(404);
    const others = await api<{ campaigns: Campaign[] }>(f.other, 'GET', '/api/campaigns');
    expect(others.body.campaigns).toEqual([]);
    const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row?.name).toBe('Owners only');
  });

  it('answers bad parts with 400 and the words for them', async () => {
    const bad = async (body: object) => {
      const res = await create(f.owner, { name: 'Bad', ...body });
      expect(res.status).toBe(400);
      return res.body.message;
    };
    expect(await bad({ name: '   ' })).toBe(CAMPAIGN_MSG.nameRequired);
    expect(await bad({ name: 'x'.repeat(81) })).toBe(CAMPAIGN_MSG.nameTooLong);
    expect(await bad({ sendRate: 1001 })).toBe(CAMPAIGN_MSG.sendRate);
    expect(await bad({ sendRate: 2.5 })).toBe(CAMPAIGN_MSG.sendRate);
    expect(await bad({ timeZone: 'Mars/Olympus' })).toBe(CAMPAIGN_MSG.timeZone);
    expect(await bad({ audience: { kind: 'tags', tagIds: [] } })).toBe(CAMPAIGN_MSG.tagsRequired);
    const foreignTag = await buildTag(ctx.db, (await otherAccount()).id, 'Theirs', []);
    expect(await bad({ audience: { kind: 'tags', tagIds: [foreignTag.id] } })).toBe(CAMPAIGN_MSG.tagNotFound);
    expect(await bad({ audience: { kind: 'segment', segmentId: crypto.randomUUID() } })).toBe(
      CAMPAIGN_MSG.segmentNotFound,
    );
    expect(await bad({ templateId: crypto.randomUUID() })).toBe(CAMPAIGN_MSG.templateNotFound);
    expect(await bad({ headerMediaId: crypto.randomUUID() })).toBe(CAMPAIGN_MSG.headerFileNotFound);
    expect(
      await bad({ variables: { body: [{ kind: 'field', fieldId: crypto.randomUUID(), fallback: '' }] } }),
    ).toBe(CAMPAIGN_MSG.fieldNotFound);
    expect(await bad({ variables: { body: [{ kind: 'text', text: 'y'.repeat(201) }] } })).toBe(
      CAMPAIGN_MSG.textTooLong,
    );
  });

  it('changes and deletes drafts only: a campaign past its draft answers 409', async () => {
    const { body } = await create(f.owner, { name: 'Under way' });
    const id = body.campaign.id;
    await ctx.db.update(campaigns).set({ status: 'sending' }).where(eq(campaigns.id, id));
    const patched = await api(f.owner, 'PATCH', `/api/campaigns/${id}`, { name: 'Too late' });
    expect(patched.status).toBe(409);
    expect(patched.body.message).toBe(CAMPAIGN_MSG.notDraft);
    const kept = await api(f.owner, 'DELETE', `/api/campaigns/${id}`);
    expect(kept.status).toBe(409);
    expect(kept.body.message).toBe(CAMPAIGN_MSG.notDeletable);
    await ctx.db.update(campaigns).set({ status: 'completed' }).where(eq(campaigns.id, id));
    expect((await api(f.owner, 'DELETE', `/api/campaigns/${id}`)).status).toBe(204);
    expect((await api(f.owner, 'GET', `/api/campaigns/${id}`)).status).toBe(404);
  });
});

describe('audience counts', () => {
  it('counts who a tags audience reaches, any or all, leaving the opted-out and blocked out', async () => {
    // VIP: Ana (opted in), bob (opted out), Zoe (archived, unknown). Lead: bob, Dora (unknown).
    expect((await count(f.owner, { kind: 'tags', tagIds: [f.tags.vip.id] })).body).toEqual({
      recipients: 2,
      optedOut: 1,
    });
    expect(
      (await count(f.member, { kind: 'tags', tagIds: [f.tags.vip.id, f.tags.lead.id], match: 'all' })).body,
    ).toEqual({ recipients: 0, optedOut: 1 });
    expect(
      (await count(f.owner, { kind: 'tags', tagIds: [f.tags.vip.id, f.tags.lead.id], match: 'any' })).body,
    ).toEqual({ recipients: 3, optedOut: 1 });
  });

  it('counts everyone opted in, and a segment over the whole account whoever saved it', async () => {
    expect((await count(f.owner, { kind: 'opted_in' })).body).toEqual({ recipients: 2, optedOut: 0 });
    // Saved by the member, whose own view is narrower: the campaign still reaches the whole account
    // (not Eve, who is blocked; not the archived Zoe, whom the segment's filter excludes).
    const [segment] = await ctx.db
      .insert(contactSegments)
      .values({
        accountId: f.accountId,
        name: 'Everyone',
        filter: EVERY_CONTACT_FILTER,
        createdBy: f.member.id,
      })
      .returning();
    const res = await count(f.owner, { kind: 'segment', segmentId: segment!.id });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body).toEqual({ recipients: 4, optedOut: 1 });
    const elsewhere = await count(f.other, { kind: 'segment', segmentId: segment!.id });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe(CAMPAIGN_MSG.segmentNotFound);
  });
});

describe('the messaging limit', () => {
  it("tells every teammate the number's limit and what campaigns used of it in 24 hours", async () => {
    const res = await api<MessagingLimitResponse>(f.member, 'GET', '/api/campaigns/messaging-limit');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tier: null, perDay: null, usedLast24h: 0 });
    await ctx.db
      .update(whatsappAccounts)
      .set({ messagingLimitTier: 'TIER_250' })
      .where(eq(whatsappAccounts.id, f.accountId));
    expect((await api(f.owner, 'GET', '/api/campaigns/messaging-limit')).body).toEqual({
      tier: 'TIER_250',
      perDay: 250,
      usedLast24h: 0,
    });
  });
});

describe('the preview', () => {
  it('renders the template for three real recipients, each with their values and the fallbacks', async () => {
    // Ana: a tier; Carla: none (the fallback). Both opted in, Ana the more recently active.
    await ctx.db.insert(contactFieldValues).values({ contactId: f.c.ana.id, fieldId, value: 'Gold' });
    const { body } = await create(f.owner, {
      name: 'Preview',
      templateId,
      audience: { kind: 'opted_in' },
      variables: {
        body: [
          { kind: 'name', fallback: 'there' },
          { kind: 'field', fieldId, fallback: 'Silver' },
        ],
      },
    });
    const res = await api<CampaignPreviewResponse>(
      f.member,
      'GET',
      `/api/campaigns/${body.campaign.id}/preview`,
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.recipients).toEqual([
      { contactId: f.c.ana.id, name: 'Ana', phone: `+${f.c.ana.phone}`, text: 'Hi Ana, your tier is Gold' },
      {
        contactId: f.c.carla.id,
        name: 'Carla',
        phone: `+${f.c.carla.phone}`,
        text: 'Hi Carla, your tier is Silver',
      },
    ]);
    // A variable without a source shows as it is written; a name left empty takes the fallback.
    await api(f.owner, 'PATCH', `/api/campaigns/${body.campaign.id}`, {
      variables: { body: [{ kind: 'text', text: 'friend' }] },
    });
    const partial = await api<CampaignPreviewResponse>(
      f.owner,
      'GET',
      `/api/campaigns/${body.campaign.id}/preview`,
    );
    expect(partial.body.recipients[0]?.text).toBe('Hi friend, your tier is {{2}}');
  });

  it('needs a template and an audience first', async () => {
    const { body } = await create(f.owner, { name: 'Empty' });
    const res = await api(f.owner, 'GET', `/api/campaigns/${body.campaign.id}/preview`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CAMPAIGN_MSG.templateRequired);
    await api(f.owner, 'PATCH', `/api/campaigns/${body.campaign.id}`, { templateId });
    const again = await api(f.owner, 'GET', `/api/campaigns/${body.campaign.id}/preview`);
    expect(again.body.message).toBe(CAMPAIGN_MSG.audienceRequired);
  });
});

async function otherAccount() {
  const res = await api<{ campaigns: Campaign[] }>(f.other, 'GET', '/api/campaigns');
  expect(res.status).toBe(200);
  const [row] = await ctx.db
    .select({ id: contacts.accountId })
    .from(contacts)
    .where(eq(contacts.profileName, 'Ana Elsewhere'));
  return { id: row!.id };
}
