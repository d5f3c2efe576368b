import { NEW_CONTACT_MSG } from '@common/api/new-contact';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactFields, contactFieldValues, contacts, contactTags } from '../../db/schema';
import { collectEvents } from '../../test/events';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildInboxTeam, buildTag, type TestUser } from '../../test/inbox-factories';

let ctx: TestContext;
let us: Awaited<ReturnType<typeof buildInboxTeam>>;
let uk: Awaited<ReturnType<typeof buildInboxTeam>>;

beforeAll(async () => {
  ctx = await createTestContext();
  // The fixture's US number (+1 555-010-1234) and a team whose WhatsApp number is in London.
  us = await buildInboxTeam(ctx);
  uk = await buildInboxTeam(ctx, {
    phoneNumberId: '100000000000777',
    wabaId: '200000000000777',
    displayPhoneNumber: '+44 20 7946 0000',
  } as never);
  await ctx.db.insert(contactFields).values([
    { accountId: us.account.id, key: 'score', label: 'Score', type: 'number' },
    { accountId: us.account.id, key: 'plan', label: 'Plan', type: 'select', options: ['Free', 'Pro'] },
  ]);
});
afterAll(() => ctx.close());

async function create(user: TestUser, body: Record<string, unknown>) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers: { cookie: user.cookie },
    payload: body,
  });
  return {
    status: res.statusCode,
    body: res.json() as { contactId?: string; message?: string; field?: string },
  };
}
const contactOf = async (id: string) => (await ctx.db.select().from(contacts).where(eq(contacts.id, id)))[0]!;

describe('POST /api/contacts (Add contact)', () => {
  it('reads a national number in the team’s country and stores it as E.164 digits', async () => {
    const res = await create(uk.member, { name: 'Priya', phone: '07400 123456' });
    expect(res.status).toBe(201);
    const row = await contactOf(res.body.contactId!);
    expect(row).toMatchObject({ phone: '447400123456', waId: '447400123456', customName: 'Priya' });
    // A member adds it; it stays unassigned, for the whole team.
    expect(row.assignedTo).toBeNull();
    expect(await ctx.db.$count(auditLog, eq(auditLog.subjectId, row.id))).toBe(1);
  });

  it('a shared calling code (+1) still reads a national US number; an international one wins', async () => {
    const local = await create(us.owner, { phone: '(650) 253-0000' });
    expect(local.status).toBe(201);
    expect((await contactOf(local.body.contactId!)).phone).toBe('16502530000');
    const abroad = await create(us.owner, { phone: '+49 30 901820' });
    expect((await contactOf(abroad.body.contactId!)).phone).toBe('4930901820');
  });

  it('an invalid or missing phone is a 400 with the form’s message; nothing is written', async () => {
    const before = await ctx.db.$count(contacts);
    const bad = await create(us.owner, { phone: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: NEW_CONTACT_MSG.phoneInvalid, field: 'phone' });
    const empty = await create(us.owner, { phone: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(NEW_CONTACT_MSG.phoneRequired);
    expect(await ctx.db.$count(contacts)).toBe(before);
  });

  it('a number that is already a contact is a 409 with that contact’s id, however it is typed', async () => {
    const first = await create(us.owner, { phone: '+1 650 253 0001' });
    const again = await create(us.member, { phone: '650-253-0001' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: NEW_CONTACT_MSG.exists, contactId: first.body.contactId });
    // Another team may have the same customer.
    expect((await create(uk.owner, { phone: '+1 650 253 0001' })).status).toBe(201);
  });

  it('saves tags and custom field values, checked like the fields editor; live event', async () => {
    const vip = await buildTag(ctx.db, us.account.id, 'VIP');
    const events = collectEvents(ctx.events);
    const res = await create(us.member, {
      name: 'Jo',
      phone: '+1 650 253 0002',
      tagIds: [vip.id],
      fields: { score: ' 42 ', plan: 'Pro', ignored_blank: '' },
    });
    events.stop();
    expect(res.status).toBe(201);
    const id = res.body.contactId!;
    expect(await ctx.db.$count(contactTags, eq(contactTags.contactId, id))).toBe(1);
    const values = await ctx.db.select().from(contactFieldValues).where(eq(contactFieldValues.contactId, id));
    expect(values.map((v) => v.value).sort()).toEqual(['42', 'Pro']);
    expect(events.seen).toContainEqual({ kind: 'contact.updated', accountId: us.account.id, contactId: id });
  });

  it('an unknown field, a bad value or another team’s tag is a 400 and nothing is written', async () => {
    const before = await ctx.db.$count(contacts);
    const unknown = await create(us.owner, { phone: '+1 650 253 0003', fields: { nope: 'x' } });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unknown field: nope', field: 'nope' } });
    const wrong = await create(us.owner, { phone: '+1 650 253 0003', fields: { plan: 'Gold' } });
    expect(wrong).toMatchObject({ status: 400, body: { field: 'plan' } });
    expect(wrong.body.message).toContain('must be one of Free, Pro');
    const theirs = await buildTag(ctx.db, uk.account.id, 'Theirs');
    const tag = await create(us.owner, { phone: '+1 650 253 0003', tagIds: [theirs.id] });
    expect(tag.status).toBe(400);
    expect(await ctx.db.$count(contacts)).toBe(before);
  });
});
