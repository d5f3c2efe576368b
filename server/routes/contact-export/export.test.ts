import { EXPORT_FIXED_COLUMNS } from '@common/api/contact-bulk';
import { contactFilterJsonSchema } from '@common/api/contact-filter';
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportChunks } from '../../contacts-export/rows';
import { auditLog, contactFields, contactFieldValues, contacts } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildContact, buildTag, type TestUser } from '../../test/inbox-factories';
import { targetCondition } from '../contact-bulk/target';
import { buildTableFixture } from '../contact-table/fixture';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof buildTableFixture>>;
let tricky: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTableFixture(ctx);
  // Fields in position order: tier (select), then score (number).
  const [score, tier] = await ctx.db
    .insert(contactFields)
    .values([
      { accountId: f.accountId, key: 'score', label: 'Score', type: 'number', position: 2 },
      { accountId: f.accountId, key: 'tier', label: 'Tier', type: 'text', position: 1 },
    ])
    .returning();
  await ctx.db.insert(contactFieldValues).values([
    { contactId: f.c.ana.id, fieldId: score!.id, value: '-2' },
    { contactId: f.c.ana.id, fieldId: tier!.id, value: 'Gold, "big"\nline two' },
    { contactId: f.c.bob.id, fieldId: tier!.id, value: '@x' },
  ]);
  tricky = await buildContact(ctx.db, f.accountId, { profileName: '=1+1', phone: '447700900999' });
  await buildContact(ctx.db, f.accountId, { customName: '+1', profileName: 'x', phone: '33612345678' });
  await buildTag(ctx.db, f.accountId, '=HYPERLINK("http://evil")', [tricky.id]);
});
afterAll(() => ctx.close());

async function exportAs(user: TestUser, target: unknown) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/contact-table/export',
    headers: { cookie: user.cookie },
    payload: { target },
  });
  return res;
}

/** The CSV parsed back by a real parser into objects by header. */
function rowsOf(body: string): Record<string, string>[] {
  return parse(body, { bom: true, columns: true }) as Record<string, string>[];
}

describe('contacts export', () => {
  it('streams a CSV attachment: BOM, fixed columns, custom fields by key, tags', async () => {
    const res = await exportAs(f.owner, { filter: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header] = parse(res.body, { bom: true, to_line: 1 }) as string[][];
    expect(header).toEqual([...EXPORT_FIXED_COLUMNS, 'tier', 'score', 'tags']);

    const rows = rowsOf(res.body);
    // Every non-archived contact of the account (archived Zoe is left out by default, like the table).
    expect(rows).toHaveLength(8);
    const ana = rows.find((r) => r.name === 'Ana')!;
    expect(ana).toMatchObject({
      phone: '+16505550101',
      assignee: '',
      consent: 'unknown',
      message_count: '2',
      archived: 'no',
      tier: 'Gold, "big"\nline two',
      tags: 'VIP',
    });
    expect(new Date(ana.first_contact!).toISOString()).toBe(f.c.ana.createdAt.toISOString());
    expect(rows.find((r) => r.name === 'bob')!.tags).toBe('Lead, VIP');
    expect(rows.find((r) => r.name === 'Dora')!.assignee).toBe(f.member.email);
  });

  it('defuses formulas: =, +, -, @ get a leading quote; E.164 phones stay as they are', async () => {
    const rows = rowsOf((await exportAs(f.owner, { filter: {} })).body);
    const byPhone = new Map(rows.map((r) => [r.phone, r]));
    expect(byPhone.get('+447700900999')).toMatchObject({
      name: "'=1+1",
      tags: `'=HYPERLINK("http://evil")`,
    });
    expect(byPhone.get('+33612345678')!.name).toBe("'+1");
    expect(rows.find((r) => r.name === 'Ana')!.score).toBe("'-2");
    expect(rows.find((r) => r.name === 'bob')!.tier).toBe("'@x");
  });

  it('exports what the filter matches, or the selected ids; audits the count', async () => {
    const vip = rowsOf((await exportAs(f.owner, { filter: { tagIds: [f.tags.vip.id] } })).body);
    expect(vip.map((r) => r.name).sort()).toEqual(['Ana', 'bob']);
    const picked = rowsOf((await exportAs(f.owner, { ids: [f.c.zoe.id, f.c.carla.id] })).body);
    expect(picked.map((r) => [r.name, r.archived]).sort()).toEqual([
      ['Carla', 'no'],
      ['Zoe', 'yes'],
    ]);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contacts.exported'), eq(auditLog.actorId, f.owner.id)));
    expect(entries.map((e) => e.details)).toContainEqual(
      expect.objectContaining({ count: 2, target: 'filter' }),
    );
    expect(entries.map((e) => e.details)).toContainEqual(
      expect.objectContaining({ count: 2, target: 'ids' }),
    );
  });

  it('is for owners: a member gets 403 owner_only, and no audit entry', async () => {
    const res = await exportAs(f.member, { filter: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'owner_only' });
    expect(await ctx.db.$count(auditLog, eq(auditLog.actorId, f.member.id))).toBe(0);
  });

  it('reads in keyset batches and stops querying once the client is gone', async () => {
    const actor = { id: f.owner.id, role: 'owner' as const, teamId: 'x', accountId: f.accountId };
    const where = await targetCondition(ctx.db, actor, { filter: contactFilterJsonSchema.parse({}) });
    // Batches of 3: all 8 contacts come through, in id order, none twice.
    let text = '';
    for await (const chunk of exportChunks(ctx.db, f.accountId, where, [], undefined, 3)) text += chunk;
    const ids = new Set(rowsOf(text).map((r) => r.phone));
    expect(ids.size).toBe(8);

    const aborted = new AbortController();
    const chunks = exportChunks(ctx.db, f.accountId, where, [], aborted.signal, 3);
    await chunks.next(); // header
    await chunks.next(); // first batch
    aborted.abort();
    const rest: string[] = [];
    for await (const chunk of chunks) rest.push(chunk);
    // The batch already asked for may still arrive; nothing after it is read.
    expect(rest.length).toBeLessThanOrEqual(1);
    expect(await ctx.db.$count(contacts, eq(contacts.accountId, f.accountId))).toBe(9);
  });
});
