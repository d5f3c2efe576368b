import type { ContactTableCountResponse } from '@common/api/contact-table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import type { TestUser } from '../../test/inbox-factories';
import { buildTableFixture, getter, names } from './fixture';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof buildTableFixture>>;
let get: ReturnType<typeof getter>;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTableFixture(ctx);
  get = getter(ctx);
});
afterAll(() => ctx.close());

/** The names a filter lists (by name, A→Z, empty name last), checked against its count. */
async function list(user: TestUser, query: string) {
  const page = await get(user, `/api/contact-table?sort=name&limit=200&${query}`);
  expect(page.status, query).toBe(200);
  const count = await get<ContactTableCountResponse>(user, `/api/contact-table/count?${query}`);
  expect(count.status, query).toBe(200);
  expect(count.body.count, `count of ${query}`).toBe(page.body.contacts.length);
  return names(page.body.contacts);
}
const day = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000).toISOString();

describe('filters', () => {
  it('searches the name or the phone digits like the inbox, in the caller’s account only', async () => {
    expect(await list(f.owner, 'q=ANA')).toEqual(['Ana']);
    expect(await list(f.owner, 'q=%2B44 7700')).toEqual([null]);
    expect(await list(f.owner, 'q=nobody')).toEqual([]);
  });

  it('tags: any (default), all, none', async () => {
    const { vip, lead } = f.tags;
    expect(await list(f.owner, `tagIds=${vip.id},${lead.id}`)).toEqual(['Ana', 'bob', 'Dora']);
    expect(await list(f.owner, `tagIds=${vip.id},${lead.id}&tagMode=all`)).toEqual(['bob']);
    expect(await list(f.owner, `tagIds=${vip.id}&tagMode=none`)).toEqual(['Carla', 'Dora', 'Eve', null]);
    expect(await list(f.owner, `tagIds=${vip.id},${lead.id}&tagMode=none`)).toEqual(['Carla', 'Eve', null]);
    // A tag mode alone filters nothing.
    expect(await list(f.owner, 'tagMode=none')).toHaveLength(6);
  });

  it('assignee: anyone, unassigned, me, a teammate', async () => {
    expect(await list(f.owner, 'assignee=anyone')).toHaveLength(6);
    expect(await list(f.owner, 'assignee=unassigned')).toEqual(['Ana', 'bob', 'Carla', null]);
    expect(await list(f.owner, 'assignee=me')).toEqual(['Eve']);
    expect(await list(f.owner, `assignee=${f.member.id}`)).toEqual(['Dora']);
  });

  it('last activity before / after an instant or a day; contacts without messages match neither', async () => {
    expect(await list(f.owner, `after=${day(2.5)}`)).toEqual(['bob', null]);
    expect(await list(f.owner, `before=${day(2.5)}`)).toEqual(['Ana', 'Dora', 'Eve']);
    expect(await list(f.owner, `after=${day(4.5)}&before=${day(1.5)}`)).toEqual(['Ana', 'Eve', null]);
    expect(await list(f.owner, 'after=2000-01-01')).toHaveLength(5);
    expect(await list(f.owner, 'before=2000-01-01')).toEqual([]);
  });

  it('archived contacts only when asked: include or only', async () => {
    expect(await list(f.owner, 'archived=exclude')).not.toContain('Zoe');
    expect(await list(f.owner, 'archived=include')).toEqual([
      'Ana',
      'bob',
      'Carla',
      'Dora',
      'Eve',
      'Zoe',
      null,
    ]);
    expect(await list(f.owner, 'archived=only')).toEqual(['Zoe']);
  });

  it('filters combine', async () => {
    const { vip } = f.tags;
    expect(
      await list(f.owner, `tagIds=${vip.id}&archived=include&assignee=unassigned&after=${day(2)}`),
    ).toEqual(['bob', 'Zoe']);
    expect(await list(f.owner, `tagIds=${vip.id}&tagMode=none&assignee=unassigned&q=%2B44`)).toEqual([null]);
    expect(await list(f.owner, `q=a&tagIds=${vip.id}&before=${day(2)}`)).toEqual(['Ana']);
  });

  it('bad parameters are 400 with a message', async () => {
    const bad = [
      'sort=email',
      'dir=up',
      'tagMode=some',
      'tagIds=not-a-uuid',
      'assignee=someone',
      'archived=yes',
      'after=last-week',
      'before=2026-13-45',
      `after=${day(1)}&before=${day(2)}`,
      `q=${'x'.repeat(101)}`,
      'limit=ten',
    ];
    for (const query of bad) {
      const page = await get<{ message: string }>(f.owner, `/api/contact-table?${query}`);
      expect(page.status, query).toBe(400);
      expect(page.body.message, query).toBeTruthy();
      if (query.startsWith('sort') || query.startsWith('dir') || query.startsWith('limit')) continue;
      const count = await get<{ message: string }>(f.owner, `/api/contact-table/count?${query}`);
      expect(count.status, query).toBe(400);
    }
  });
});

describe('who sees what', () => {
  it('members see the unassigned contacts and their own, as in the inbox', async () => {
    expect(await list(f.member, '')).toEqual(['Ana', 'bob', 'Carla', 'Dora', null]);
    expect(await list(f.member, 'assignee=me')).toEqual(['Dora']);
    expect(await list(f.member, `assignee=${f.member.id}`)).toEqual(['Dora']);
    expect(await list(f.member, 'archived=only')).toEqual(['Zoe']);
  });

  it('a member asking for a teammate’s contacts gets 403 owner_only', async () => {
    for (const path of ['/api/contact-table', '/api/contact-table/count']) {
      const res = await get<{ error: string }>(f.member, `${path}?assignee=${f.owner.id}`);
      expect(res.status, path).toBe(403);
      expect(res.body.error).toBe('owner_only');
    }
  });

  it('another team’s owner never sees these contacts; signed-out callers get 401', async () => {
    expect(await list(f.other, 'archived=include')).toEqual(['Ana Elsewhere']);
    expect(await list(f.other, `tagIds=${f.tags.vip.id}&archived=include`)).toEqual([]);
    expect(await list(f.other, `tagIds=${f.tags.vip.id}&tagMode=none&archived=include`)).toEqual([
      'Ana Elsewhere',
    ]);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/contact-table' });
    expect(res.statusCode).toBe(401);
  });
});
