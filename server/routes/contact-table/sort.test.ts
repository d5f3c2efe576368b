import type { ContactTableResponse } from '@common/api/contact-table';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema';
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

/** Every page of a listing, `limit` rows at a time; fails on a repeated row. */
async function walk(user: TestUser, query: string, limit: number, between?: (page: number) => Promise<void>) {
  const seen: (string | null)[] = [];
  const ids = new Set<string>();
  let cursor: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    const url: string = `/api/contact-table?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const { status, body } = await get<ContactTableResponse>(user, url);
    expect(status, url).toBe(200);
    for (const row of body.contacts) {
      expect(ids.has(row.id), `${row.name} repeated`).toBe(false);
      ids.add(row.id);
      seen.push(row.name);
    }
    cursor = body.nextCursor;
    if (!cursor) return seen;
    await between?.(page);
  }
  throw new Error('too many pages');
}

const ORDERS: [string, (string | null)[]][] = [
  ['sort=lastMessage', ['bob', null, 'Ana', 'Eve', 'Dora', 'Carla']],
  ['sort=lastMessage&dir=asc', ['Dora', 'Eve', 'Ana', null, 'bob', 'Carla']],
  ['sort=name', ['Ana', 'bob', 'Carla', 'Dora', 'Eve', null]],
  ['sort=name&dir=desc', ['Eve', 'Dora', 'Carla', 'bob', 'Ana', null]],
  ['sort=firstContact', ['Eve', 'Dora', 'Carla', null, 'bob', 'Ana']],
  ['sort=firstContact&dir=asc', ['Ana', 'bob', null, 'Carla', 'Dora', 'Eve']],
];

describe('sorting and keyset pages', () => {
  it('defaults to the last message, newest first, contacts without messages last, archived left out', async () => {
    const { status, body } = await get(f.owner, '/api/contact-table');
    expect(status).toBe(200);
    expect(names(body.contacts)).toEqual(ORDERS[0]![1]);
    expect(body.nextCursor).toBeNull();
  });

  it.each(ORDERS)('%s: the same order one page at a time, no gaps, no repeats', async (query, order) => {
    const whole = await get(f.owner, `/api/contact-table?${query}&limit=200`);
    expect(names(whole.body.contacts)).toEqual(order);
    for (const limit of [1, 2, 4]) expect(await walk(f.owner, query, limit)).toEqual(order);
  });

  it('a row that moves while paging is neither repeated nor makes another row be skipped', async () => {
    // After the first page (bob, ''), Dora gets a message and jumps to the top (already passed).
    const order = await walk(f.owner, 'sort=lastMessage', 2, async (page) => {
      if (page === 0)
        await ctx.db.update(contacts).set({ lastMessageAt: new Date() }).where(eq(contacts.id, f.c.dora.id));
    });
    expect(order).toEqual(['bob', null, 'Ana', 'Eve', 'Carla']);
    // A row renamed backwards, from ahead of the cursor to behind it, is seen once.
    const names2 = await walk(f.owner, 'sort=name', 2, async (page) => {
      if (page === 0)
        await ctx.db.update(contacts).set({ customName: 'Aaron' }).where(eq(contacts.id, f.c.eve.id));
    });
    expect(names2).toEqual(['Ana', 'bob', 'Carla', 'Dora', null]);
    const restore = (c: typeof f.c.eve) =>
      ctx.db
        .update(contacts)
        .set({ customName: c.customName, lastMessageAt: c.lastMessageAt })
        .where(eq(contacts.id, c.id));
    await restore(f.c.eve);
    await restore(f.c.dora);
  });

  it('a cursor only continues the sort it came from; a malformed one is refused', async () => {
    const first = await get(f.owner, '/api/contact-table?sort=name&limit=2');
    const cursor = first.body.nextCursor!;
    for (const query of ['sort=lastMessage', 'sort=name&dir=desc', 'sort=firstContact&dir=asc']) {
      const res = await get<{ message: string }>(f.owner, `/api/contact-table?${query}&cursor=${cursor}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(/cursor/i);
    }
    const forged = [
      'garbage',
      Buffer.from('["name","asc",1,"x"]').toString('base64url'),
      Buffer.from('["firstContact","asc",null,"00000000-0000-4000-8000-000000000000"]').toString('base64url'),
      Buffer.from(
        '["lastMessage","desc","2026-02-31 10:00:00+00","00000000-0000-4000-8000-000000000000"]',
      ).toString('base64url'),
      Buffer.from('["lastMessage","desc","yesterday","00000000-0000-4000-8000-000000000000"]').toString(
        'base64url',
      ),
    ];
    for (const cursor of forged) {
      const res = await get<{ message: string }>(f.owner, `/api/contact-table?cursor=${cursor}`);
      expect(res.status, cursor).toBe(400);
    }
  });

  it('pages hold 50 rows by default and at most 200', async () => {
    const over = await get<{ message: string }>(f.owner, '/api/contact-table?limit=201');
    expect(over.status).toBe(400);
    expect(over.body.message).toBeTruthy();
    expect((await get(f.owner, '/api/contact-table?limit=0')).status).toBe(400);
  });

  it('rows carry what the table shows: null for no name, +phone, tags, assignee, counts, dates', async () => {
    const { body } = await get<ContactTableResponse>(f.owner, '/api/contact-table?sort=name&limit=200');
    const byName = new Map(body.contacts.map((r) => [r.name, r]));
    expect(byName.get('Ana')).toMatchObject({
      phone: '+16505550101',
      messageCount: 2,
      tags: [{ id: f.tags.vip.id, name: 'VIP' }],
      assignee: null,
      archived: false,
      createdAt: f.c.ana.createdAt.toISOString(),
      lastMessageAt: f.c.ana.lastMessageAt!.toISOString(),
    });
    expect(byName.get('bob')!.messageCount).toBe(1);
    expect(byName.get('Carla')).toMatchObject({ messageCount: 0, lastMessageAt: null });
    expect(byName.get(null)).toMatchObject({ phone: '+447700900123' });
    expect(byName.get('Dora')!.assignee).toEqual({ id: f.member.id, label: f.member.email.split('@')[0] });
  });
});
