import type { ContactTableCountResponse } from '@common/api/contact-table';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactFields, contacts, contactTags } from '../../db/schema';
import { filterColumnDrift } from '../../test/filter-columns';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildContact, buildTag } from '../../test/inbox-factories';
import { buildTableFixture, getter } from './fixture';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof buildTableFixture>>;

/**
 * contacts.tag_ids and contacts.field_values are what the Contacts filters test; the triggers of
 * migration contact_filter_columns keep them equal to contact_tags and contact_field_values. These
 * tests write through the app's routes (and a cascade or two) and compare after each step.
 */
beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTableFixture(ctx);
});
afterAll(() => ctx.close());

const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url, headers: { cookie: f.owner.cookie }, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.statusCode === 204 ? null : res.json();
};

const drift = () => filterColumnDrift(ctx.db, f.accountId);

async function fieldValues(contactId: string) {
  const [row] = await ctx.db
    .select({ v: contacts.fieldValues, t: contacts.tagIds })
    .from(contacts)
    .where(eq(contacts.id, contactId));
  return row!;
}

describe('the derived filter columns on contacts', () => {
  it('follow tagging, untagging, bulk tagging and deleting a tag', async () => {
    const { ana, carla, dora } = f.c;
    expect((await fieldValues(ana.id)).t).toEqual([f.tags.vip.id]);
    const { tag } = await send('POST', '/api/tags', { name: 'Wholesale' });
    await send('POST', `/api/tags/${tag.id}/contacts`, { contactIds: [ana.id, carla.id] });
    expect((await fieldValues(carla.id)).t).toEqual([tag.id]);
    expect((await fieldValues(ana.id)).t).toEqual([f.tags.vip.id, tag.id].sort());
    await send('DELETE', `/api/tags/${tag.id}/contacts/${ana.id}`);
    expect((await fieldValues(ana.id)).t).toEqual([f.tags.vip.id]);
    await send('POST', '/api/contact-table/bulk', {
      target: { ids: [carla.id, dora.id] },
      action: { type: 'tag', tagId: f.tags.vip.id },
    });
    expect((await fieldValues(dora.id)).t).toEqual([f.tags.vip.id, f.tags.lead.id].sort());
    await send('DELETE', `/api/tags/${tag.id}`);
    expect((await fieldValues(carla.id)).t).toEqual([f.tags.vip.id]);
    expect(await drift()).toEqual({ tags: [], values: [] });
  });

  it('follow setting, changing and clearing values, and deleting a field', async () => {
    const { ana, bob } = f.c;
    const define = async (key: string, type: string, options?: string[]) =>
      (await send('POST', '/api/contact-fields', { label: key, key, type, ...(options && { options }) }))
        .field.id as string;
    const city = await define('city', 'text');
    const orders = await define('orders', 'number');
    const renewal = await define('renewal', 'date');
    await send('PUT', `/api/contacts/${ana.id}/fields`, {
      city: 'Lisbon',
      orders: '12',
      renewal: '2027-01-31',
    });
    expect((await fieldValues(ana.id)).v).toEqual({
      [city]: 'lisbon',
      [orders]: 12,
      [renewal]: '2027-01-31',
    });
    await send('PUT', `/api/contacts/${ana.id}/fields`, { city: 'Porto', orders: null });
    expect((await fieldValues(ana.id)).v).toEqual({ [city]: 'porto', [renewal]: '2027-01-31' });
    await send('PUT', `/api/contacts/${bob.id}/fields`, { city: 'Braga' });
    await send('DELETE', `/api/contact-fields/${city}`);
    expect((await fieldValues(ana.id)).v).toEqual({ [renewal]: '2027-01-31' });
    expect((await fieldValues(bob.id)).v).toEqual({});
    expect(await drift()).toEqual({ tags: [], values: [] });
  });

  it('a filter finds a contact by the value just written, and no longer by the one replaced', async () => {
    const [field] = await ctx.db
      .insert(contactFields)
      .values({
        accountId: f.accountId,
        key: 'tier',
        label: 'Tier',
        type: 'select',
        options: ['Gold', 'Silver'],
      })
      .returning();
    const count = async (value: string) => {
      const conditions = encodeURIComponent(JSON.stringify([{ fieldId: field!.id, op: 'equals', value }]));
      const res = await getter(ctx)<ContactTableCountResponse>(
        f.owner,
        `/api/contact-table/count?conditions=${conditions}`,
      );
      return res.body.count;
    };
    await send('PUT', `/api/contacts/${f.c.eve.id}/fields`, { tier: 'Gold' });
    expect([await count('gold'), await count('Silver')]).toEqual([1, 0]);
    await send('PUT', `/api/contacts/${f.c.eve.id}/fields`, { tier: 'Silver' });
    expect([await count('Gold'), await count('Silver')]).toEqual([0, 1]);
  });

  it('two transactions tagging one contact at once both land', async () => {
    const contact = await buildContact(ctx.db, f.accountId, { profileName: 'Busy' });
    const tags = await Promise.all(
      ['North', 'South', 'East', 'West'].map((n) => buildTag(ctx.db, f.accountId, n, [])),
    );
    await Promise.all(
      tags.map((tag) =>
        ctx.db.transaction(async (tx) => {
          await tx.insert(contactTags).values({ contactId: contact.id, tagId: tag.id });
          // Hold the transaction open a moment so the others' triggers run meanwhile.
          await tx.execute(sql`select pg_sleep(0.05)`);
        }),
      ),
    );
    expect((await fieldValues(contact.id)).t).toEqual(tags.map((t) => t.id).sort());
    expect(await drift()).toEqual({ tags: [], values: [] });
  });
});
