import {
  type CampaignReportResponse,
  type RecipientListResponse,
  SENDING_MSG,
} from '@common/api/campaign-sending';
import type { Segment, SegmentCountResponse } from '@common/api/segments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSegments } from '../../db/schema';
import { apiCaller } from '../../test/api-caller';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildReportFixture } from './report-fixture';

type ReportFixture = Awaited<ReturnType<typeof buildReportFixture>>;

let ctx: TestContext;
let f: ReportFixture['f'];
let campaignId: string;
let otherCampaignId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ f, campaignId, otherCampaignId } = await buildReportFixture(ctx));
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

/** Save as segment (the contacts filter's campaign condition) and another team's campaign. */
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
