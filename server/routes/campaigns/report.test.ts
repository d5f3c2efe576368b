import {
  type CampaignReportResponse,
  type RecipientListResponse,
  SENDING_MSG,
} from '@common/api/campaign-sending';
import type { Segment, SegmentCountResponse } from '@common/api/segments';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFunnel } from '../../campaigns/report';
import { auditLog, campaignRecipients, campaigns, contactSegments, contacts, teams } from '../../db/schema';
import { apiCaller } from '../../test/api-caller';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildContact } from '../../test/inbox-factories';
import { buildTableFixture } from '../contact-table/fixture';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof buildTableFixture>>;
let campaignId: string;
let draftId: string;
let otherCampaignId: string;
const c: Record<string, { id: string }> = {};

/** Whole minutes, so the chart's buckets are known: sends from 10:00:00, the last read at 10:04:10. */
const BASE = Date.parse('2026-03-02T10:00:00Z');
const at = (seconds: number) => new Date(BASE + seconds * 1000);

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTableFixture(ctx);
  const insertCampaign = async (name: string, status: 'sending' | 'draft', accountId = f.accountId) => {
    const [team] = await ctx.db.select().from(teams).where(eq(teams.whatsappAccountId, accountId));
    const [row] = await ctx.db
      .insert(campaigns)
      .values({ accountId, teamId: team!.id, name, status })
      .returning();
    return row!.id;
  };
  campaignId = await insertCampaign('Spring sale', 'sending');
  draftId = await insertCampaign('Later', 'draft');

  const extra = async (name: string) => buildContact(ctx.db, f.accountId, { profileName: name });
  Object.assign(c, f.c, {
    quinn: await extra('Quinn'),
    quentin: await extra('Quentin'),
    sam: await extra('Sam'),
    oscar: await extra('Oscar'),
    formula: await extra('=HYPERLINK("x")'),
  });
  const row = (
    contact: string,
    status: (typeof campaignRecipients.$inferInsert)['status'],
    more: Partial<typeof campaignRecipients.$inferInsert> = {},
  ) => ({ campaignId, accountId: f.accountId, contactId: c[contact]!.id, status, ...more });
  await ctx.db.insert(campaignRecipients).values([
    row('ana', 'replied', { sentAt: at(0), readAt: at(70), statusAt: at(200) }),
    row('bob', 'read', { sentAt: at(5), readAt: at(250), statusAt: at(250) }),
    row('blank', 'delivered', { sentAt: at(15), statusAt: at(30) }),
    row('zoe', 'sent', { sentAt: at(25), statusAt: at(25) }),
    // Failed after it was sent (a delivery failure): counts as sent and as failed.
    row('dora', 'failed', {
      sentAt: at(20),
      statusAt: at(40),
      errorCode: 131049,
      error: 'Message not delivered to maintain healthy ecosystem engagement.',
    }),
    row('carla', 'failed', {
      statusAt: at(10),
      errorCode: 131026,
      error: 'Message undeliverable.',
    }),
    row('eve', 'failed', { statusAt: at(12), errorCode: 130429, error: 'Rate limit hit.', retryable: true }),
    row('formula', 'failed', { statusAt: at(13), errorCode: 131000, error: '@SUM(1)' }),
    row('quinn', 'queued', { statusAt: at(1) }),
    row('quentin', 'sending', { statusAt: at(2) }),
    row('sam', 'skipped', { statusAt: at(3), error: 'Opted out of marketing messages' }),
  ]);

  // Another team's campaign, with a recipient of its own.
  const [otherContact] = await ctx.db
    .select()
    .from(contacts)
    .where(eq(contacts.profileName, 'Ana Elsewhere'));
  otherCampaignId = await insertCampaign('Theirs', 'sending', otherContact!.accountId);
  await ctx.db.insert(campaignRecipients).values({
    campaignId: otherCampaignId,
    accountId: otherContact!.accountId,
    contactId: otherContact!.id,
    status: 'read',
    sentAt: at(0),
    readAt: at(5),
  });
});
afterAll(() => ctx.close());

const api = apiCaller(() => ctx);
const report = (who: { cookie: string }, id = campaignId) =>
  api<CampaignReportResponse>(who, 'GET', `/api/campaigns/${id}/report`);
const recipients = (who: { cookie: string }, query = '', id = campaignId) =>
  api<RecipientListResponse>(who, 'GET', `/api/campaigns/${id}/recipients${query}`);
const csv = (who: { cookie: string }, query = '', id = campaignId) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/campaigns/${id}/recipients.csv${query}`,
    headers: { cookie: who.cookie },
  });
const saveSegment = (who: { cookie: string }, body: object, id = campaignId) =>
  api<{ segment: Segment }>(who, 'POST', `/api/campaigns/${id}/segment`, body);

const EXPECTED_FUNNEL = {
  recipients: 11,
  queued: 2, // queued + sending
  sent: 5, // replied, read, delivered, sent, and dora (failed after sent)
  delivered: 3,
  read: 2,
  replied: 1,
  failed: 4,
  skipped: 1,
};

describe('campaign report', () => {
  it('counts the funnel cumulatively, in one query the progress ticker can call', async () => {
    expect(await countFunnel(ctx.db, campaignId)).toEqual(EXPECTED_FUNNEL);
    expect(await countFunnel(ctx.db, draftId)).toEqual({
      recipients: 0,
      queued: 0,
      sent: 0,
      delivered: 0,
      read: 0,
      replied: 0,
      failed: 0,
      skipped: 0,
    });
  });

  it('answers every teammate: the campaign with its funnel counted now, the chart and the retryable failures', async () => {
    for (const who of [f.owner, f.member]) {
      const res = await report(who);
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.campaign).toMatchObject({
        id: campaignId,
        name: 'Spring sale',
        funnel: EXPECTED_FUNNEL,
      });
      expect(res.body.retryable).toBe(1);
    }
    expect((await report(f.member)).body.campaign.abilities.pause).toBe(false);
  });

  it('charts sends and reads in 10 s buckets over a four-minute campaign, empty buckets included', async () => {
    const { body } = await report(f.owner);
    expect(body.bucketSeconds).toBe(10);
    // 10:00:00 (first send) to 10:04:10 (last read): 26 buckets.
    expect(body.timeline).toHaveLength(26);
    expect(body.timeline[0]).toEqual({ at: '2026-03-02T10:00:00.000Z', sent: 2, read: 0 });
    expect(body.timeline[1]).toEqual({ at: '2026-03-02T10:00:10.000Z', sent: 1, read: 0 });
    expect(body.timeline[2]).toEqual({ at: '2026-03-02T10:00:20.000Z', sent: 2, read: 0 });
    expect(body.timeline[7]).toEqual({ at: '2026-03-02T10:01:10.000Z', sent: 0, read: 1 });
    expect(body.timeline.at(-1)).toEqual({ at: '2026-03-02T10:04:10.000Z', sent: 0, read: 1 });
    expect(body.timeline.reduce((n, p) => n + p.sent, 0)).toBe(5);
    expect(body.timeline.reduce((n, p) => n + p.read, 0)).toBe(2);
  });

  it('has no funnel and no points for a draft', async () => {
    const { status, body } = await report(f.owner, draftId);
    expect(status).toBe(200);
    expect(body.campaign.funnel).toBeNull();
    expect(body).toMatchObject({ timeline: [], retryable: 0 });
  });
});

describe('recipients table', () => {
  it('lists recipients latest change first with name, phone, status, time and the error in words', async () => {
    const { status, body } = await recipients(f.member);
    expect(status).toBe(200);
    expect(body.recipients.map((r) => r.name)).toEqual([
      'bob',
      'Ana',
      'Dora',
      '',
      'Zoe',
      '=HYPERLINK("x")',
      'Eve',
      'Carla',
      'Sam',
      'Quentin',
      'Quinn',
    ]);
    expect(body.nextCursor).toBeNull();
    const carla = body.recipients.find((r) => r.name === 'Carla');
    expect(carla).toEqual({
      contactId: c.carla!.id,
      name: 'Carla',
      phone: expect.stringMatching(/^\+\d+$/),
      status: 'failed',
      at: at(10).toISOString(),
      errorCode: 131026,
      error: 'Message undeliverable.',
      retryable: false,
      messageId: null,
    });
  });

  it('filters by status and searches by name or phone', async () => {
    const failed = await recipients(f.owner, '?status=failed');
    expect(failed.body.recipients.map((r) => r.name)).toEqual(['Dora', '=HYPERLINK("x")', 'Eve', 'Carla']);
    const named = await recipients(f.owner, '?q=qu');
    expect(named.body.recipients.map((r) => r.name)).toEqual(['Quentin', 'Quinn']);
    const byPhone = await recipients(f.owner, `?q=${encodeURIComponent('+1 650 555 0101')}`);
    expect(byPhone.body.recipients.map((r) => r.name)).toEqual(['Ana']);
    const both = await recipients(f.owner, '?status=queued&q=qu');
    expect(both.body.recipients.map((r) => r.name)).toEqual(['Quinn']);
  });

  it('pages with a keyset cursor: every recipient once, in order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const { status, body } = await recipients(f.owner, query);
      expect(status).toBe(200);
      expect(body.recipients.length).toBeLessThanOrEqual(3);
      seen.push(...body.recipients.map((r) => r.contactId));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    const all = (await recipients(f.owner)).body.recipients.map((r) => r.contactId);
    expect(seen).toEqual(all);
  });

  it('answers bad input with a 400 and a message', async () => {
    for (const query of ['?status=lost', '?limit=0', '?limit=500', '?cursor=nope', `?q=${'x'.repeat(101)}`]) {
      const res = await recipients(f.owner, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBeTruthy();
    }
  });
});

describe('recipients CSV', () => {
  it('streams name, phone, status, time, error code and error; defuses formulas; follows the filters', async () => {
    const res = await csv(f.owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="campaign-recipients-[\d-]+\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual(['name', 'phone', 'status', 'time', 'error_code', 'error']);
    expect(rows).toHaveLength(11);
    expect(rows.find((r) => r.name === 'Dora')).toEqual({
      name: 'Dora',
      phone: expect.stringMatching(/^\+\d+$/),
      status: 'failed',
      time: at(40).toISOString(),
      error_code: '131049',
      error: 'Message not delivered to maintain healthy ecosystem engagement.',
    });
    expect(rows.find((r) => r.error_code === '131000')).toMatchObject({
      name: `'=HYPERLINK("x")`,
      error: "'@SUM(1)",
    });
    const failed = parse((await csv(f.owner, '?status=failed')).body, { bom: true, columns: true });
    expect(failed).toHaveLength(4);

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'campaign.recipients_exported'), eq(auditLog.subjectId, campaignId)));
    expect(entry?.details).toMatchObject({ count: 11 });
  });

  it('reads across batches without losing or repeating a row', async () => {
    const { recipientCsvChunks } = await import('../../campaigns/report-recipients');
    const chunks: string[] = [];
    for await (const chunk of recipientCsvChunks(ctx.db, campaignId, {}, undefined, 2)) chunks.push(chunk);
    // BOM + header, then 6 batches of at most 2.
    expect(chunks).toHaveLength(7);
    const rows = parse(chunks.join(''), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.name)).toEqual(
      (await recipients(f.owner)).body.recipients.map((r) =>
        r.name.startsWith('=') ? `'${r.name}` : r.name,
      ),
    );
  });

  it('is for every teammate who sees the report, and each download is audited', async () => {
    const res = await csv(f.member, '?status=skipped');
    expect(res.statusCode).toBe(200);
    expect(parse(res.body, { bom: true, columns: true })).toEqual([
      {
        name: 'Sam',
        phone: expect.any(String),
        status: 'skipped',
        time: at(3).toISOString(),
        error_code: '',
        error: 'Opted out of marketing messages',
      },
    ]);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'campaign.recipients_exported'), eq(auditLog.actorId, f.member.id)));
    expect(entries.map((e) => e.details)).toEqual([{ count: 1, status: 'skipped', search: false }]);
  });
});

describe('save as segment', () => {
  const countOf = async (segmentId: string) =>
    (await api<SegmentCountResponse>(f.owner, 'GET', `/api/segments/${segmentId}/count`)).body.count;

  it('keeps the read recipients (read or replied), with the live count and the Contacts table', async () => {
    const res = await saveSegment(f.owner, { name: 'Read the sale', statuses: ['read'] });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.segment.filter).toMatchObject({ campaign: { campaignId, statuses: ['read'] } });
    expect(await countOf(res.body.segment.id)).toBe(2);

    const campaign = encodeURIComponent(JSON.stringify({ campaignId, statuses: ['read'] }));
    const table = await api<{ contacts: { name: string }[] }>(
      f.owner,
      'GET',
      `/api/contact-table?sort=name&campaign=${campaign}`,
    );
    expect(table.status).toBe(200);
    expect(table.body.contacts.map((x) => x.name)).toEqual(['Ana', 'bob']);
  });

  it('keeps replied and failed recipients; the funnel and the segment count agree', async () => {
    const replied = await saveSegment(f.owner, { name: 'Replied', statuses: ['replied'] });
    expect(await countOf(replied.body.segment.id)).toBe(1);
    // Failed: Dora, Carla, Eve and the formula contact — all unarchived.
    const failed = await saveSegment(f.member, { name: 'Failed', statuses: ['failed', 'failed'] });
    expect(failed.status, failed.body.message).toBe(201);
    expect(await countOf(failed.body.segment.id)).toBe(4);
    const both = await saveSegment(f.owner, { name: 'Read or failed', statuses: ['read', 'failed'] });
    expect(await countOf(both.body.segment.id)).toBe(6);
    const [stored] = await ctx.db
      .select()
      .from(contactSegments)
      .where(eq(contactSegments.id, failed.body.segment.id));
    expect(stored?.createdBy).toBe(f.member.id);
    expect(stored?.filter.campaign).toEqual({ campaignId, statuses: ['failed'] });
  });

  it('refuses bad input with the contract messages and a taken name with 409', async () => {
    const none = await saveSegment(f.owner, { name: 'None', statuses: [] });
    expect(none).toMatchObject({ status: 400, body: { message: SENDING_MSG.statusesRequired } });
    expect((await saveSegment(f.owner, { name: 'Odd', statuses: ['sent'] })).status).toBe(400);
    expect((await saveSegment(f.owner, { name: ' ', statuses: ['read'] })).status).toBe(400);
    expect((await saveSegment(f.owner, { name: 'Read the sale', statuses: ['read'] })).status).toBe(409);
  });

  it('the table takes the condition as a JSON query parameter and answers a bad one with 400', async () => {
    for (const bad of [
      'nope',
      '{"campaignId":"x","statuses":["read"]}',
      JSON.stringify({ campaignId, statuses: [] }),
    ]) {
      const res = await api(f.owner, 'GET', `/api/contact-table/count?campaign=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toBeTruthy();
    }
    const sent = encodeURIComponent(JSON.stringify({ campaignId, statuses: ['sent'] }));
    // Sent: Ana, bob, '' and Dora (failed after it was sent); Zoe is archived, out by default.
    const count = await api<{ count: number }>(f.owner, 'GET', `/api/contact-table/count?campaign=${sent}`);
    expect(count.body.count).toBe(4);
    // A member counts only the contacts they see: the unassigned ones and their own (Dora).
    const mine = await api<{ count: number }>(f.member, 'GET', `/api/contact-table/count?campaign=${sent}`);
    expect(mine.body.count).toBe(4);
    const failed = encodeURIComponent(JSON.stringify({ campaignId, statuses: ['failed'] }));
    const theirs = await api<{ count: number }>(
      f.member,
      'GET',
      `/api/contact-table/count?campaign=${failed}`,
    );
    // Failed: Dora (the member's), Carla, the formula contact; Eve is the owner's.
    expect(theirs.body.count).toBe(3);
  });

  it("a segment naming another team's campaign is refused by the segments route", async () => {
    const res = await api(f.owner, 'POST', '/api/segments', {
      name: 'Sneaky',
      filter: { campaign: { campaignId: otherCampaignId, statuses: ['read'] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Campaign not found');
  });
});

describe("another team's campaign", () => {
  it('is a 404 on every report route, and nothing is written', async () => {
    const before = await ctx.db.$count(contactSegments);
    expect((await report(f.other, campaignId)).status).toBe(404);
    expect((await recipients(f.other, '', campaignId)).status).toBe(404);
    expect((await csv(f.other, '', campaignId)).statusCode).toBe(404);
    expect((await saveSegment(f.other, { name: 'Theirs', statuses: ['read'] }, campaignId)).status).toBe(404);
    expect((await report(f.owner, otherCampaignId)).status).toBe(404);
    expect(await ctx.db.$count(contactSegments)).toBe(before);
  });
});
