import type { FieldCondition } from '@common/api/contact-filter';
import type { ContactTableCountResponse } from '@common/api/contact-table';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactFields, contactFieldValues, contacts } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import type { TestUser } from '../../test/inbox-factories';
import { buildTableFixture, getter, names } from './fixture';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof buildTableFixture>>;
let get: ReturnType<typeof getter>;
const field: Record<string, string> = {};

/**
 * The table fixture (Ana, bob, '', Carla, Dora — the member's —, Eve — the owner's —, Zoe archived)
 * with custom fields: Company (text), Orders (number), Birthday (date), Plan (select), Site (url),
 * Email (email); Ana opted in, bob opted out.
 */
beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTableFixture(ctx);
  get = getter(ctx);
  const define = async (key: string, type: string, options: string[] = []) => {
    const [row] = await ctx.db
      .insert(contactFields)
      .values({ accountId: f.accountId, key, label: key[0]!.toUpperCase() + key.slice(1), type, options })
      .returning();
    field[key] = row!.id;
  };
  await define('company', 'text');
  await define('orders', 'number');
  await define('birthday', 'date');
  await define('plan', 'select', ['Free', 'Pro']);
  await define('site', 'url');
  await define('email', 'email');
  const { ana, bob, blank, carla, dora, eve, zoe } = f.c;
  const values: [string, string, string][] = [
    [ana.id, 'company', 'Acme Corp'],
    [bob.id, 'company', 'ACME'],
    [carla.id, 'company', 'Globex 100%'],
    [zoe.id, 'company', 'Acme archived'],
    [ana.id, 'orders', '5'],
    [bob.id, 'orders', '12'],
    [blank.id, 'orders', '-1.5'],
    [dora.id, 'orders', '100'],
    [ana.id, 'birthday', '1990-05-01'],
    [bob.id, 'birthday', '2000-01-01'],
    [eve.id, 'birthday', '1985-12-31'],
    [ana.id, 'plan', 'Pro'],
    [carla.id, 'plan', 'Free'],
    [ana.id, 'site', 'https://acme.example.com/Shop'],
    [eve.id, 'email', 'Eve@Example.com'],
  ];
  await ctx.db
    .insert(contactFieldValues)
    .values(values.map(([contactId, key, value]) => ({ contactId, fieldId: field[key]!, value })));
  await ctx.db.update(contacts).set({ consent: 'opted_in' }).where(eq(contacts.id, ana.id));
  await ctx.db.update(contacts).set({ consent: 'opted_out' }).where(eq(contacts.id, bob.id));
});
afterAll(() => ctx.close());

const cond = (key: string, op: FieldCondition['op'], value?: string): FieldCondition => ({
  fieldId: field[key] ?? key,
  op,
  ...(value !== undefined ? { value } : {}),
});
const q = (...conditions: FieldCondition[]) => `conditions=${encodeURIComponent(JSON.stringify(conditions))}`;

/** The names a filter lists (A→Z, empty name last), checked against its count. */
async function list(user: TestUser, query: string) {
  const page = await get(user, `/api/contact-table?sort=name&limit=200&${query}`);
  expect(page.status, `${query}: ${JSON.stringify(page.body)}`).toBe(200);
  const count = await get<ContactTableCountResponse>(user, `/api/contact-table/count?${query}`);
  expect(count.body.count, `count of ${query}`).toBe(page.body.contacts.length);
  return names(page.body.contacts);
}

async function refused(query: string, message: RegExp) {
  for (const path of ['/api/contact-table', '/api/contact-table/count']) {
    const res = await get<{ message: string }>(f.owner, `${path}?${query}`);
    expect(res.status, `${path}?${query}`).toBe(400);
    expect(res.body.message, query).toMatch(message);
  }
}

describe('consent filter', () => {
  it('any (default), opted in, opted out, unknown', async () => {
    expect(await list(f.owner, 'consent=any')).toHaveLength(6);
    expect(await list(f.owner, 'consent=opted_in')).toEqual(['Ana']);
    expect(await list(f.owner, 'consent=opted_out')).toEqual(['bob']);
    expect(await list(f.owner, 'consent=unknown')).toEqual(['Carla', 'Dora', 'Eve', null]);
    await refused('consent=maybe', /consent/);
  });
});

describe('custom-field conditions', () => {
  it('text, url, email: equals and contains ignore letter case; % and _ are literal', async () => {
    expect(await list(f.owner, q(cond('company', 'equals', 'acme')))).toEqual(['bob']);
    expect(await list(f.owner, q(cond('company', 'contains', 'ACM')))).toEqual(['Ana', 'bob']);
    expect(await list(f.owner, q(cond('company', 'contains', '0%')))).toEqual(['Carla']);
    expect(await list(f.owner, q(cond('company', 'contains', '_')))).toEqual([]);
    expect(await list(f.owner, q(cond('site', 'contains', '/shop')))).toEqual(['Ana']);
    expect(await list(f.owner, q(cond('email', 'equals', 'eve@example.COM')))).toEqual(['Eve']);
  });

  it('empty means no value; not empty means a value', async () => {
    expect(await list(f.owner, q(cond('company', 'empty')))).toEqual(['Dora', 'Eve', null]);
    expect(await list(f.owner, q(cond('company', 'not_empty')))).toEqual(['Ana', 'bob', 'Carla']);
    expect(await list(f.owner, q(cond('plan', 'empty')))).toHaveLength(4);
    expect(await list(f.owner, `archived=only&${q(cond('company', 'not_empty'))}`)).toEqual(['Zoe']);
  });

  it('select: equals one option', async () => {
    expect(await list(f.owner, q(cond('plan', 'equals', 'Pro')))).toEqual(['Ana']);
    expect(await list(f.owner, q(cond('plan', 'equals', 'free')))).toEqual(['Carla']);
  });

  it('numbers compare as numbers, not text', async () => {
    expect(await list(f.owner, q(cond('orders', 'gt', '9')))).toEqual(['bob', 'Dora']);
    expect(await list(f.owner, q(cond('orders', 'lt', '5')))).toEqual([null]);
    expect(await list(f.owner, q(cond('orders', 'lt', '0')))).toEqual([null]);
    expect(await list(f.owner, q(cond('orders', 'equals', '12.0')))).toEqual(['bob']);
    expect(await list(f.owner, q(cond('orders', 'gt', '-2'), cond('orders', 'lt', '100')))).toEqual([
      'Ana',
      'bob',
      null,
    ]);
  });

  it('dates: before (<), on or after (≥), equals', async () => {
    expect(await list(f.owner, q(cond('birthday', 'before', '1990-05-01')))).toEqual(['Eve']);
    expect(await list(f.owner, q(cond('birthday', 'after', '1990-05-01')))).toEqual(['Ana', 'bob']);
    expect(await list(f.owner, q(cond('birthday', 'equals', '2000-01-01')))).toEqual(['bob']);
  });

  it('combine with tags, consent and each other; members see only their contacts', async () => {
    const { vip, lead } = f.tags;
    expect(await list(f.owner, `tagIds=${vip.id}&${q(cond('orders', 'gt', '6'))}`)).toEqual(['bob']);
    expect(await list(f.owner, `tagIds=${lead.id}&${q(cond('orders', 'gt', '6'))}`)).toEqual(['bob', 'Dora']);
    expect(
      await list(
        f.owner,
        `tagIds=${vip.id}&tagMode=none&${q(cond('company', 'empty'), cond('orders', 'not_empty'))}`,
      ),
    ).toEqual(['Dora', null]);
    expect(await list(f.owner, `consent=unknown&${q(cond('birthday', 'not_empty'))}`)).toEqual(['Eve']);
    // Eve is the owner's: a member does not see her.
    expect(await list(f.member, q(cond('birthday', 'not_empty')))).toEqual(['Ana', 'bob']);
  });

  it('an op that does not suit the type, an unknown field, a bad value: 400 naming it', async () => {
    await refused(q(cond('company', 'gt', '3')), /Company.*greater than.*text field/);
    await refused(q(cond('plan', 'contains', 'P')), /Plan.*contains.*select/);
    await refused(q(cond('orders', 'contains', '1')), /Orders/);
    await refused(q(cond('birthday', 'gt', '1')), /Birthday/);
    await refused(q(cond('orders', 'gt', 'abc')), /Orders.*must be a number/);
    await refused(q(cond('orders', 'equals', 'NaN')), /must be a number/);
    await refused(q(cond('birthday', 'before', '2026-02-31')), /Birthday.*yyyy-mm-dd/);
    await refused(q(cond('birthday', 'after', 'yesterday')), /yyyy-mm-dd/);
    await refused(q(cond('00000000-0000-4000-8000-000000000000', 'empty')), /field that does not exist/);
    await refused(q(cond('company', 'equals')), /needs a value/);
    await refused(q(cond('company', 'equals', '   ')), /needs a value/);
    await refused('conditions=not-json', /JSON array/);
    await refused(
      `conditions=${encodeURIComponent('[{"fieldId":"x","op":"equals","value":"a"}]')}`,
      /field id/,
    );
    await refused(q(...Array.from({ length: 11 }, () => cond('company', 'empty'))), /At most 10/);
  });

  it('another team’s field is unknown here', async () => {
    const res = await get<{ message: string }>(f.other, `/api/contact-table?${q(cond('company', 'empty'))}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/does not exist/);
  });
});
