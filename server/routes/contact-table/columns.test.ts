import { type ContactTableColumnsResponse, DEFAULT_CONTACT_TABLE_COLUMNS } from '@common/api/contact-table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactFields } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import type { TestUser } from '../../test/inbox-factories';
import { buildTableFixture } from './fixture';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof buildTableFixture>>;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTableFixture(ctx);
});
afterAll(() => ctx.close());

async function call(who: TestUser, method: 'GET' | 'PUT', payload?: object) {
  const res = await ctx.app.inject({
    method,
    url: '/api/contact-table/columns',
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as ContactTableColumnsResponse & { message?: string } };
}

describe('contact table columns', () => {
  it('start as the defaults and are remembered per user', async () => {
    expect((await call(f.owner, 'GET')).body.columns).toEqual(DEFAULT_CONTACT_TABLE_COLUMNS);
    await ctx.db
      .insert(contactFields)
      .values({ accountId: f.accountId, key: 'plan', label: 'Plan', type: 'text' });
    const put = await call(f.owner, 'PUT', { columns: ['field:plan', 'tags', 'consent', 'tags'] });
    expect(put.status).toBe(200);
    expect(put.body.columns).toEqual(['field:plan', 'tags', 'consent']);
    expect((await call(f.owner, 'GET')).body.columns).toEqual(['field:plan', 'tags', 'consent']);
    // The member's choice is their own.
    expect((await call(f.member, 'GET')).body.columns).toEqual(DEFAULT_CONTACT_TABLE_COLUMNS);
    expect((await call(f.member, 'PUT', { columns: [] })).body.columns).toEqual([]);
    expect((await call(f.owner, 'GET')).body.columns).toEqual(['field:plan', 'tags', 'consent']);
  });

  it('a deleted field’s column drops out', async () => {
    await call(f.owner, 'PUT', { columns: ['field:gone', 'assignee'] });
    expect((await call(f.owner, 'GET')).body.columns).toEqual(['assignee']);
  });

  it('refuses a body that is not a column list', async () => {
    for (const payload of [{}, { columns: 'tags' }, { columns: ['email'] }, { columns: ['field:Bad Key'] }]) {
      const res = await call(f.owner, 'PUT', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    const many = await call(f.owner, 'PUT', { columns: Array.from({ length: 81 }, (_, i) => `field:f${i}`) });
    expect(many.status).toBe(400);
  });
});
