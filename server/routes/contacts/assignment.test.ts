import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contacts } from '../../db/schema';
import { collectEvents } from '../../test/events';
import { connectTestAccount, signUpActiveMember, signUpUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let owner: { id: string; cookie: string };
let member: { id: string; cookie: string };
let accountId: string;
let waCounter = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  const o = await signUpUser(ctx.app);
  const { account, team } = await connectTestAccount(ctx, { id: o.body.user.id, email: o.email });
  accountId = account.id;
  owner = { id: o.body.user.id, cookie: o.cookie };
  const m = await signUpActiveMember(ctx, team.id);
  member = { id: m.body.user.id, cookie: m.cookie };
});
afterAll(() => ctx.close());

async function newContact(assignedTo: string | null = null) {
  waCounter += 1;
  const waId = `1555000${String(waCounter).padStart(4, '0')}`;
  const [row] = await ctx.db
    .insert(contacts)
    .values({ accountId, waId, phone: waId, assignedTo })
    .returning();
  return row!.id;
}
const assignedTo = async (id: string) =>
  (await ctx.db.select().from(contacts).where(eq(contacts.id, id)))[0]!.assignedTo;
const assign = (who: { cookie: string }, contactId: string, assigneeId: string | null) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/contacts/${contactId}/assignment`,
    headers: { cookie: who.cookie },
    payload: { assigneeId },
  });
const bulk = (who: { cookie: string }, contactIds: string[], assigneeId: string | null) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/contacts/assignment',
    headers: { cookie: who.cookie },
    payload: { contactIds, assigneeId },
  });

describe('assignment rules (spec §6), enforced on the server', () => {
  it('lets the owner assign to any active member and unassign', async () => {
    const id = await newContact();
    expect((await assign(owner, id, member.id)).statusCode).toBe(200);
    expect(await assignedTo(id)).toBe(member.id);
    expect((await assign(owner, id, null)).statusCode).toBe(200);
    expect(await assignedTo(id)).toBeNull();
  });

  it('lets a member take an unassigned contact and unassign only their own', async () => {
    const id = await newContact();
    expect((await assign(member, id, member.id)).statusCode).toBe(200);
    expect(await assignedTo(id)).toBe(member.id);
    expect((await assign(member, id, null)).statusCode).toBe(200);

    const owners = await newContact(owner.id);
    const refused = await assign(member, owners, null);
    expect(refused.statusCode).toBe(403);
    expect(await assignedTo(owners)).toBe(owner.id);
    const taken = await assign(member, owners, member.id);
    expect(taken.statusCode).toBe(403);
    expect(await assignedTo(owners)).toBe(owner.id);
  });

  it('refuses a member assigning to someone else with the spec text, even as a forged call', async () => {
    const id = await newContact();
    const res = await assign(member, id, owner.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only team owners can assign to others');
    expect(await assignedTo(id)).toBeNull();
  });

  it('assigns only to active members of the team', async () => {
    const id = await newContact();
    const stranger = await signUpUser(ctx.app);
    const res = await assign(owner, id, stranger.body.user.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('assigneeId');
    expect(await assignedTo(id)).toBeNull();
  });
});

describe('bulk assignment', () => {
  it('assigns three contacts at once, reports the ones it could not, audits and tells teammates live', async () => {
    const ids = [await newContact(), await newContact(), await newContact()];
    const { seen, stop } = collectEvents(ctx.events);
    const res = await bulk(owner, [...ids, '00000000-0000-4000-8000-000000000000'], member.id);
    stop();

    expect(res.statusCode).toBe(200);
    expect(res.json().assigned.sort()).toEqual([...ids].sort());
    expect(res.json().failed).toEqual([
      { contactId: '00000000-0000-4000-8000-000000000000', message: 'Contact not found' },
    ]);
    for (const id of ids) expect(await assignedTo(id)).toBe(member.id);
    expect(
      seen
        .filter((c) => c.kind === 'contact.assigned')
        .map((c) => (c as { contactId: string }).contactId)
        .sort(),
    ).toEqual([...ids].sort());
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'contact.assigned'));
    expect(entries.filter((e) => ids.includes(e.subjectId!))).toHaveLength(3);
  });

  it('lets a member bulk-unassign only their own contacts', async () => {
    const mine = await newContact(member.id);
    const owners = await newContact(owner.id);
    const res = await bulk(member, [mine, owners], null);
    expect(res.json()).toEqual({
      assigned: [mine],
      failed: [{ contactId: owners, message: 'You can only unassign contacts assigned to you.' }],
    });
    expect(await assignedTo(mine)).toBeNull();
    expect(await assignedTo(owners)).toBe(owner.id);
  });

  it("answers 'No contacts provided' for an empty list", async () => {
    const res = await bulk(owner, [], null);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No contacts provided');
  });
});
