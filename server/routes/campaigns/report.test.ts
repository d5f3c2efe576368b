import type { CampaignReportResponse, RecipientListResponse } from '@common/api/campaign-sending';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countFunnel } from '../../campaigns/report';
import { recipientCsvChunks } from '../../campaigns/report-recipients';
import { auditLog } from '../../db/schema';
import { apiCaller } from '../../test/api-caller';
import { createTestContext, type TestContext } from '../../test/harness';
import { at, buildReportFixture } from './report-fixture';

type ReportFixture = Awaited<ReturnType<typeof buildReportFixture>>;

let ctx: TestContext;
let f: ReportFixture['f'];
let c: ReportFixture['c'];
let campaignId: string;
let draftId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ f, c, campaignId, draftId } = await buildReportFixture(ctx));
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
      // Still sending: Retry failed waits until it has finished, for the owner too.
      expect(res.body.campaign.abilities.retry).toBe(false);
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
