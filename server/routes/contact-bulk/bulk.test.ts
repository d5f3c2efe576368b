import type { ContactBulkInput, ContactBulkResponse } from '@common/api/contact-bulk';
import type { ContactTableCountResponse } from '@common/api/contact-table';
import type { AuditLogResponse } from '@common/api/team';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BULK_BATCH } from '../../commands/bulk-contacts';
import { auditLog, contacts, contactTags, messages } from '../../db/schema';
import { collectEvents } from '../../test/events';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildContact, buildMessage, type TestUser } from '../../test/inbox-factories';
import { buildTableFixture } from '../contact-table/fixture';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof buildTableFixture>>;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await buildTableFixture(ctx);
});
afterAll(() => ctx.close());

/**
 * Every test changes contacts, so each starts from the fixture's contacts anew (same team, users and
 * tags): Ana, bob, '', Carla, Dora (member's), Eve (owner's), archived Zoe; VIP on Ana, bob, Zoe;
 * Lead on bob, Dora; Ana has two messages.
 */
beforeEach(async () => {
  await ctx.db.delete(contacts).where(eq(contacts.accountId, f.accountId));
  await ctx.db.delete(auditLog);
  const make = (fields: Parameters<typeof buildContact>[2]) => buildContact(ctx.db, f.accountId, fields);
  const c = {
    ana: await make({ profileName: 'Ana' }),
    bob: await make({ profileName: 'bob' }),
    blank: await make({ profileName: '' }),
    carla: await make({ profileName: 'Carla' }),
    dora: await make({ profileName: 'Dora', assignedTo: f.member.id }),
    eve: await make({ profileName: 'Eve', assignedTo: f.owner.id }),
    zoe: await make({ profileName: 'Zoe', archivedAt: new Date() }),
  };
  await buildMessage(ctx.db, c.ana);
  await buildMessage(ctx.db, c.ana, { direction: 'outgoing' });
  await ctx.db
    .insert(contactTags)
    .values([
      ...[c.ana, c.bob, c.zoe].map((x) => ({ contactId: x.id, tagId: f.tags.vip.id })),
      ...[c.bob, c.dora].map((x) => ({ contactId: x.id, tagId: f.tags.lead.id })),
    ]);
  f.c = c;
});

async function bulk(user: TestUser, body: ContactBulkInput) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/contact-table/bulk',
    headers: { cookie: user.cookie },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as ContactBulkResponse & { error?: string } };
}

const tagged = async (tagId: string) =>
  (await ctx.db.select().from(contactTags).where(eq(contactTags.tagId, tagId)))
    .map((r) => r.contactId)
    .sort();
const assigneeOf = async (id: string) =>
  (await ctx.db.select().from(contacts).where(eq(contacts.id, id)))[0]?.assignedTo ?? null;
const auditOf = async (action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorId, f.owner.id)));

describe('bulk tag and untag', () => {
  it('tags selected contacts; ones already tagged are no change, others’ contacts are not found', async () => {
    const { ana, bob, carla } = f.c;
    const res = await bulk(f.owner, {
      target: { ids: [ana.id, bob.id, carla.id, f.c.eve.id, crypto.randomUUID()] },
      action: { type: 'tag', tagId: f.tags.lead.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matched: 4, changed: 3, failedCount: 1 });
    expect(res.body.failed[0]!.reason).toBe('Contact not found');
    expect(res.body.message).toBe('Tagged 4 contacts with Lead. 1 failed.');
    expect(await tagged(f.tags.lead.id)).toEqual([ana.id, bob.id, carla.id, f.c.dora.id, f.c.eve.id].sort());
    const [entry] = await auditOf('contacts.bulk_tagged');
    expect(entry!.details).toMatchObject({ count: 3, matched: 4, target: 'ids', tag: 'Lead' });
  });

  it('tags every contact a filter matches — the same ones the table counts', async () => {
    const filter = { tagIds: [f.tags.vip.id] };
    const count = await ctx.app.inject({
      method: 'GET',
      url: `/api/contact-table/count?tagIds=${f.tags.vip.id}`,
      headers: { cookie: f.owner.cookie },
    });
    const res = await bulk(f.owner, { target: { filter }, action: { type: 'tag', tagId: f.tags.lead.id } });
    expect(res.body.matched).toBe((count.json() as ContactTableCountResponse).count);
    // Ana and bob (archived Zoe is not in the default filter); bob already had it.
    expect(res.body).toMatchObject({ matched: 2, changed: 1, failedCount: 0 });
    expect(await tagged(f.tags.lead.id)).toContain(f.c.ana.id);
    expect(await tagged(f.tags.lead.id)).not.toContain(f.c.zoe.id);
  });

  it('a member untags only the contacts they see', async () => {
    await ctx.db.insert(contactTags).values({ contactId: f.c.eve.id, tagId: f.tags.vip.id });
    const res = await bulk(f.member, {
      target: { filter: { archived: 'include' } },
      action: { type: 'untag', tagId: f.tags.vip.id },
    });
    expect(res.status).toBe(200);
    // Ana, bob and Zoe lose it; Eve is the owner's and keeps it.
    expect(res.body).toMatchObject({ changed: 3, message: 'Removed VIP from 6 contacts.' });
    expect(await tagged(f.tags.vip.id)).toEqual([f.c.eve.id]);
  });

  it('another account’s tag is not found', async () => {
    const res = await bulk(f.other, {
      target: { filter: {} },
      action: { type: 'tag', tagId: f.tags.vip.id },
    });
    expect(res.status).toBe(404);
    expect(await tagged(f.tags.vip.id)).toHaveLength(3);
  });
});

describe('bulk assign', () => {
  it('an owner assigns every unassigned contact to a member, with one event each', async () => {
    const events = collectEvents(ctx.events);
    const res = await bulk(f.owner, {
      target: { filter: { assignee: 'unassigned' } },
      action: { type: 'assign', assigneeId: f.member.id },
    });
    events.stop();
    expect(res.body).toMatchObject({ matched: 4, changed: 4, failedCount: 0 });
    expect(res.body.message).toBe('Assigned 4 contacts successfully.');
    expect(await assigneeOf(f.c.carla.id)).toBe(f.member.id);
    expect(events.seen.filter((e) => e.kind === 'contact.assigned')).toHaveLength(4);
    expect((await auditOf('contacts.bulk_assigned'))[0]!.details).toMatchObject({
      count: 4,
      target: 'filter',
    });
  });

  it('a member takes contacts for themself; others’ contacts fail with the reason', async () => {
    const { ana, dora, eve } = f.c;
    const res = await bulk(f.member, {
      target: { ids: [ana.id, dora.id, eve.id] },
      action: { type: 'assign', assigneeId: f.member.id },
    });
    expect(res.body).toMatchObject({ matched: 2, changed: 1, failedCount: 1 });
    expect(res.body.message).toBe('Assigned 2 contacts successfully. 1 failed.');
    expect(await assigneeOf(ana.id)).toBe(f.member.id);
    expect(await assigneeOf(eve.id)).toBe(f.owner.id);
  });

  it('a member cannot give contacts to someone else, nor unassign contacts that are not theirs', async () => {
    const give = await bulk(f.member, {
      target: { ids: [f.c.ana.id, f.c.bob.id] },
      action: { type: 'assign', assigneeId: f.owner.id },
    });
    expect(give.body).toMatchObject({ changed: 0, failedCount: 2 });
    expect(give.body.failed[0]!.reason).toBe('Only team owners can assign to others');
    expect(give.body.message).toBe('Assigned 0 contacts successfully. 2 failed.');
    expect(await assigneeOf(f.c.ana.id)).toBeNull();

    // Unassigning everything they see: their own Dora changes; the unassigned ones already are.
    const drop = await bulk(f.member, {
      target: { filter: {} },
      action: { type: 'assign', assigneeId: null },
    });
    expect(drop.body).toMatchObject({ changed: 1, failedCount: 0 });
    expect(await assigneeOf(f.c.dora.id)).toBeNull();
    expect(await assigneeOf(f.c.eve.id)).toBe(f.owner.id);
  });

  it('a member’s filter on another teammate’s contacts is refused; an inactive assignee is a 400', async () => {
    const res = await bulk(f.member, {
      target: { filter: { assignee: f.owner.id } },
      action: { type: 'tag', tagId: f.tags.vip.id },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('owner_only');
    const nobody = await bulk(f.owner, {
      target: { ids: [f.c.ana.id] },
      action: { type: 'assign', assigneeId: f.other.id },
    });
    expect(nobody.status).toBe(400);
    expect(await assigneeOf(f.c.ana.id)).toBeNull();
  });
});

describe('bulk delete', () => {
  it('is for owners: a member gets 403 owner_only and nothing is deleted', async () => {
    const res = await bulk(f.member, { target: { ids: [f.c.ana.id] }, action: { type: 'delete' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('owner_only');
    expect(await assigneeOf(f.c.ana.id)).toBeNull();
    expect(await ctx.db.$count(contacts, eq(contacts.id, f.c.ana.id))).toBe(1);
  });

  it('deletes the selected contacts with their messages, and the activity log shows it', async () => {
    const events = collectEvents(ctx.events);
    const res = await bulk(f.owner, {
      target: { ids: [f.c.ana.id, f.c.bob.id] },
      action: { type: 'delete' },
    });
    events.stop();
    expect(res.body).toMatchObject({ matched: 2, changed: 2, message: 'Deleted 2 contacts.' });
    expect(await ctx.db.$count(contacts, inArray(contacts.id, [f.c.ana.id, f.c.bob.id]))).toBe(0);
    expect(await ctx.db.$count(messages, inArray(messages.contactId, [f.c.ana.id, f.c.bob.id]))).toBe(0);
    expect(events.seen.filter((e) => e.kind === 'contact.deleted')).toHaveLength(2);
    const log = await ctx.app.inject({
      method: 'GET',
      url: '/api/team/audit-log',
      headers: { cookie: f.owner.cookie },
    });
    const entry = (log.json() as AuditLogResponse).entries.find((e) => e.action === 'contacts.bulk_deleted');
    expect(entry).toMatchObject({ actor: { id: f.owner.id }, details: { count: 2, target: 'ids' } });
  });

  it(`over a filter of thousands (batches of ${BULK_BATCH}): one contacts.changed event, one audit entry`, async () => {
    const many = BULK_BATCH + 150;
    await ctx.db.execute(sql`
      insert into contacts (account_id, wa_id, phone, profile_name)
      select ${f.accountId}::uuid, (4930000000 + n)::text, (4930000000 + n)::text, 'Bulk ' || n
      from generate_series(1, ${sql.raw(String(many))}) n`);
    const events = collectEvents(ctx.events);
    const tag = await bulk(f.owner, {
      target: { filter: { q: 'bulk' } },
      action: { type: 'tag', tagId: f.tags.lead.id },
    });
    expect(tag.body).toMatchObject({ matched: many, changed: many });
    const del = await bulk(f.owner, { target: { filter: { q: 'bulk' } }, action: { type: 'delete' } });
    events.stop();
    expect(del.body).toMatchObject({ matched: many, changed: many });
    expect(events.seen.filter((e) => e.kind !== 'contacts.changed')).toEqual([]);
    expect(events.seen).toEqual([
      { kind: 'contacts.changed', accountId: f.accountId, count: many },
      { kind: 'contacts.changed', accountId: f.accountId, count: many },
    ]);
    expect(await auditOf('contacts.bulk_deleted')).toHaveLength(1);
    expect(await ctx.db.$count(contacts, eq(contacts.accountId, f.accountId))).toBe(7);
  });

  it('rejects a malformed body with a 400 that says what is wrong', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact-table/bulk',
      headers: { cookie: f.owner.cookie },
      payload: { target: { ids: [] }, action: { type: 'delete' } },
    });
    expect(res.statusCode).toBe(400);
  });
});
