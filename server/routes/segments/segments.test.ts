import type { Segment, SegmentCountResponse, SegmentListResponse } from '@common/api/segments';
import type { ServerEventFrame } from '@common/realtime';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSegmentFilter } from '../../commands/segments';
import { auditLog, contactFields, contactFieldValues } from '../../db/schema';
import type { BrokerFrame } from '../../live/broker';
import { apiCaller } from '../../test/api-caller';
import { createTestContext, type TestContext } from '../../test/harness';
import type { TestUser } from '../../test/inbox-factories';
import { until } from '../../test/until';
import { buildTableFixture } from '../contact-table/fixture';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof buildTableFixture>>;
const frames: BrokerFrame[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTableFixture(ctx);
  ctx.app.liveBroker.subscribe((_room, frame) => frames.push(frame));
});
afterAll(() => ctx.close());

const api = apiCaller(() => ctx);
const create = (who: TestUser, name: string, filter: object = {}) =>
  api<{ segment: Segment }>(who, 'POST', '/api/segments', { name, filter });
const count = async (who: TestUser, id: string) => {
  const res = await api<SegmentCountResponse>(who, 'GET', `/api/segments/${id}/count`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.count;
};
const segmentFrame = (id: string, deleted: boolean) =>
  frames.some((frame) => {
    if (frame.type !== 'event' || frame.event !== 'segment.changed') return false;
    const data = (frame as Extract<ServerEventFrame, { event: 'segment.changed' }>).data;
    return data.segmentId === id && data.deleted === deleted && data.accountId === f.accountId;
  });

describe('segments', () => {
  it('any teammate saves a filter under a name; it is stored with every default filled in', async () => {
    const res = await create(f.member, '  VIP leads ', { tagIds: [f.tags.vip.id], after: '2020-01-01' });
    expect(res.status).toBe(201);
    const segment = res.body.segment;
    expect(segment).toMatchObject({
      name: 'VIP leads',
      filter: {
        q: '',
        tagIds: [f.tags.vip.id],
        tagMode: 'any',
        assignee: 'anyone',
        archived: 'exclude',
        after: '2020-01-01',
        consent: 'any',
        conditions: [],
      },
      createdBy: { id: f.member.id },
      abilities: { update: true, delete: true },
    });
    await until(() => segmentFrame(segment.id, false), 'segment.changed on the live feed');
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, segment.id), eq(auditLog.action, 'segment.created')));
    expect(entry).toMatchObject({ actorId: f.member.id });
    // The team lists it by name; the owner may change it too.
    await create(f.owner, 'all contacts');
    const list = await api<SegmentListResponse>(f.owner, 'GET', '/api/segments');
    expect(list.body.segments.map((s) => s.name)).toEqual(['all contacts', 'VIP leads']);
    expect(list.body.segments[1]!.abilities).toEqual({ update: true, delete: true });
    // Another team sees none of them.
    expect((await api<SegmentListResponse>(f.other, 'GET', '/api/segments')).body.segments).toEqual([]);
  });

  it('counts what the asker may see, like the table', async () => {
    const all = (await create(f.owner, 'Everyone')).body.segment;
    expect(await count(f.owner, all.id)).toBe(6);
    expect(await count(f.member, all.id)).toBe(5);
    const vip = (await create(f.owner, 'VIP any', { tagIds: [f.tags.vip.id], archived: 'include' })).body
      .segment;
    expect(await count(f.owner, vip.id)).toBe(3);
    // Eve is the owner's: a member counts none of a segment of the owner's contacts (not a 403).
    const owners = (await create(f.owner, 'Owner’s', { assignee: f.owner.id })).body.segment;
    expect(await count(f.owner, owners.id)).toBe(1);
    expect(await count(f.member, owners.id)).toBe(0);
    const table = await api<{ count: number }>(f.member, 'GET', '/api/contact-table/count');
    expect(await count(f.member, all.id)).toBe(table.body.count);
    // Another team's owner: 404.
    expect((await api(f.other, 'GET', `/api/segments/${all.id}/count`)).status).toBe(404);
  });

  it('its creator or the owner renames, changes and deletes it; other members get 403', async () => {
    const mine = (await create(f.member, 'Member’s')).body.segment;
    const owners = (await create(f.owner, 'Owner only')).body.segment;
    const asMember = await api<SegmentListResponse>(f.member, 'GET', '/api/segments');
    const byName = new Map(asMember.body.segments.map((s) => [s.name, s]));
    expect(byName.get('Owner only')!.abilities).toEqual({ update: false, delete: false });
    expect(byName.get('Member’s')!.abilities).toEqual({ update: true, delete: true });

    const rename = await api<{ segment: Segment }>(f.member, 'PATCH', `/api/segments/${mine.id}`, {
      name: 'Renamed by member',
      filter: { consent: 'opted_out' },
    });
    expect(rename.status).toBe(200);
    expect(rename.body.segment).toMatchObject({
      name: 'Renamed by member',
      filter: { consent: 'opted_out' },
    });
    expect(await count(f.member, mine.id)).toBe(0);

    const refused = await api(f.member, 'DELETE', `/api/segments/${owners.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/saved this segment or the team owner/);
    expect((await api(f.member, 'PATCH', `/api/segments/${owners.id}`, { name: 'Mine now' })).status).toBe(
      403,
    );
    expect((await api(f.other, 'DELETE', `/api/segments/${owners.id}`)).status).toBe(404);
    expect((await api(f.other, 'PATCH', `/api/segments/${mine.id}`, { name: 'x' })).status).toBe(404);

    expect((await api(f.owner, 'DELETE', `/api/segments/${mine.id}`)).status).toBe(204);
    await until(() => segmentFrame(mine.id, true), 'segment.changed deleted on the live feed');
    expect((await api(f.owner, 'GET', `/api/segments/${mine.id}/count`)).status).toBe(404);
    const names = (await api<SegmentListResponse>(f.owner, 'GET', '/api/segments')).body.segments.map(
      (s) => s.name,
    );
    expect(names).not.toContain('Renamed by member');
    expect(names).toContain('Owner only');
  });

  it('refuses bad input with a clear message', async () => {
    await create(f.owner, 'Taken');
    const dup = await create(f.member, 'TAKEN');
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A segment with this name already exists');
    const bad: [object, RegExp][] = [
      [{ name: '', filter: {} }, /name is required/],
      [{ name: 'x'.repeat(61), filter: {} }, /at most 60/],
      [{ filter: {} }, /name is required/],
      [{ name: 'no filter' }, /.+/],
      [{ name: 'bad', filter: { tagMode: 'some' } }, /tagMode/],
      [{ name: 'bad', filter: { after: '2026-02-01', before: '2026-01-01' } }, /earlier/],
      [
        {
          name: 'bad',
          filter: { conditions: [{ fieldId: '00000000-0000-4000-8000-000000000000', op: 'empty' }] },
        },
        /field that does not exist/,
      ],
    ];
    for (const [payload, message] of bad) {
      const res = await api(f.owner, 'POST', '/api/segments', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message, JSON.stringify(payload)).toMatch(message);
    }
    const seg = (await create(f.owner, 'Patch me')).body.segment;
    const empty = await api(f.owner, 'PATCH', `/api/segments/${seg.id}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/Nothing to update/);
    const clash = await api(f.owner, 'PATCH', `/api/segments/${seg.id}`, { name: 'taken' });
    expect(clash.status).toBe(409);
    expect((await api(f.owner, 'GET', '/api/segments/not-an-id/count')).status).toBe(400);
  });

  it('a condition on a field deleted since the segment was saved matches nobody; the count still answers', async () => {
    const [field] = await ctx.db
      .insert(contactFields)
      .values({ accountId: f.accountId, key: 'tier', label: 'Tier', type: 'number' })
      .returning();
    await ctx.db.insert(contactFieldValues).values({ contactId: f.c.ana.id, fieldId: field!.id, value: '3' });
    const gt = (
      await create(f.owner, 'Tier > 2', { conditions: [{ fieldId: field!.id, op: 'gt', value: '2' }] })
    ).body.segment;
    const empty = (await create(f.owner, 'No tier', { conditions: [{ fieldId: field!.id, op: 'empty' }] }))
      .body.segment;
    expect(await count(f.owner, gt.id)).toBe(1);
    expect(await count(f.owner, empty.id)).toBe(5);
    const del = await api(f.owner, 'DELETE', `/api/contact-fields/${field!.id}`);
    expect(del.status).toBe(200);
    expect(await count(f.owner, gt.id)).toBe(0);
    expect(await count(f.owner, empty.id)).toBe(0);
    // Campaigns read the filter as the table's.
    const filter = await resolveSegmentFilter(ctx.db, f.accountId, gt.id);
    expect(filter).toMatchObject({
      tagMode: 'any',
      conditions: [{ fieldId: field!.id, op: 'gt', value: '2' }],
    });
    await expect(
      resolveSegmentFilter(ctx.db, f.accountId, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toThrow('Segment not found');
  });
});
