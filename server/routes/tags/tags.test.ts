import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, contactTags } from '../../db/schema';
import { connectTestAccount, signUpActiveMember, signUpUser } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let owner: { cookie: string };
let member: { cookie: string };
let accountId: string;
let n = 0;
beforeAll(async () => {
  ctx = await createTestContext();
  const o = await signUpUser(ctx.app);
  const { account, team } = await connectTestAccount(ctx, { id: o.body.user.id, email: o.email });
  accountId = account.id;
  owner = { cookie: o.cookie };
  const m = await signUpActiveMember(ctx, team.id);
  member = { cookie: m.cookie };
});
afterAll(() => ctx.close());

const api = (who: { cookie: string }, method: string, url: string, payload?: object) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
async function newContact() {
  n += 1;
  const waId = `1666000${String(n).padStart(4, '0')}`;
  const [row] = await ctx.db.insert(contacts).values({ accountId, waId, phone: waId }).returning();
  return row!.id;
}

describe('tags', () => {
  it('creates trimmed tags, refuses blank names and the same name in another case', async () => {
    const created = await api(member, 'POST', '/api/tags', { name: '  VIP  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json().tag).toMatchObject({ name: 'VIP', contactCount: 0 });

    const blank = await api(member, 'POST', '/api/tags', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Tag name is required');

    const again = await api(owner, 'POST', '/api/tags', { name: 'vip' });
    expect(again.statusCode).toBe(409);
  });

  it('tags contacts in bulk, skipping those that already carry the tag, and lists counts', async () => {
    const { tag } = (await api(owner, 'POST', '/api/tags', { name: 'Wholesale' })).json();
    const [a, b, c] = [await newContact(), await newContact(), await newContact()];
    expect((await api(member, 'POST', `/api/tags/${tag.id}/contacts`, { contactIds: [a] })).json()).toEqual({
      added: 1,
      skipped: 0,
    });
    const bulk = await api(member, 'POST', `/api/tags/${tag.id}/contacts`, { contactIds: [a, b, c] });
    expect(bulk.json()).toEqual({ added: 2, skipped: 1 });

    const empty = await api(member, 'POST', `/api/tags/${tag.id}/contacts`, { contactIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('No contacts provided');

    const list = (await api(member, 'GET', '/api/tags')).json().tags;
    expect(list.find((t: { id: string }) => t.id === tag.id).contactCount).toBe(3);

    // The contact list filters by it.
    const filtered = (await api(member, 'GET', `/api/contacts?tab=unassigned&tagIds=${tag.id}`)).json()
      .contacts;
    expect(filtered.map((x: { id: string }) => x.id).sort()).toEqual([a, b, c].sort());
  });

  it('renames, takes a tag off one contact, and deleting a tag removes it from every contact', async () => {
    const { tag } = (await api(owner, 'POST', '/api/tags', { name: 'Lead' })).json();
    const [a, b] = [await newContact(), await newContact()];
    await api(owner, 'POST', `/api/tags/${tag.id}/contacts`, { contactIds: [a, b] });

    expect((await api(member, 'PATCH', `/api/tags/${tag.id}`, { name: 'Hot lead' })).statusCode).toBe(204);
    expect((await api(member, 'DELETE', `/api/tags/${tag.id}/contacts/${a}`)).statusCode).toBe(204);
    expect(await ctx.db.$count(contactTags, eq(contactTags.tagId, tag.id))).toBe(1);

    expect((await api(owner, 'DELETE', `/api/tags/${tag.id}`)).statusCode).toBe(204);
    expect(await ctx.db.$count(contactTags, eq(contactTags.tagId, tag.id))).toBe(0);
    const names = (await api(owner, 'GET', '/api/tags')).json().tags.map((t: { name: string }) => t.name);
    expect(names).not.toContain('Hot lead');
  });
});
