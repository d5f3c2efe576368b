import { EVERY_CONTACT_FILTER } from '@common/api/contact-filter';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignRecipients,
  campaigns,
  contactFields,
  contactFieldValues,
  contactSegments,
  contacts,
  contactTags,
  media,
  messages,
  savedMessages,
  tags,
  teamMembers,
  templates,
} from './db/schema';
import { insertRegistryImport } from './test/authorize-cases/imports';
import { connectTestAccount, signUpUser } from './test/factories';
import { createTestContext, type TestContext } from './test/harness';

/**
 * Every API route, called as {signed out, owner of another team, member, owner}: the declared
 * access holds, nobody reaches another team's rows, members cannot do an owner's action, and no
 * call is answered 5xx. The routes come from the server itself, so a new route is covered the day
 * it lands; one whose path parameter has no fixture here fails loudly until it gets one.
 */

type Caller = { cookie: string };

/**
 * No Graph API answers in this test, so a route that must ask Meta and has nothing stored answers
 * 502 (the upstream is unavailable). Any other 5xx is our fault.
 */
const expectNoServerFault = (status: number, where: string) => {
  if (status !== 502) expect(status, where).toBeLessThan(500);
};
let ctx: TestContext;
let ownerA: Caller & { userId: string };
let memberA: Caller & { userId: string; memberRowId: string };
let ownerB: Caller;
const ids: Record<string, string> = {};
let accountA = '';
/** Strings that must never appear in an answer to team B. */
const teamASecrets: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();

  const a = await signUpUser(ctx.app);
  const { account, team } = await connectTestAccount(ctx, { id: a.body.user.id, email: a.email });
  ownerA = { cookie: a.cookie, userId: a.body.user.id };
  accountA = account.id;

  const m = await signUpUser(ctx.app);
  const [memberRow] = await ctx.db
    .insert(teamMembers)
    .values({ teamId: team.id, userId: m.body.user.id, email: m.email, role: 'member', status: 'active' })
    .returning();
  memberA = { cookie: m.cookie, userId: m.body.user.id, memberRowId: memberRow!.id };

  const b = await signUpUser(ctx.app);
  await connectTestAccount(
    ctx,
    { id: b.body.user.id, email: b.email },
    { phoneNumberId: '120394857612345', wabaId: '118765432109876' },
  );
  ownerB = { cookie: b.cookie };

  const [contact] = await ctx.db
    .insert(contacts)
    .values({
      accountId: account.id,
      waId: '16505550777',
      phone: '16505550777',
      profileName: 'Secret Customer A',
      notes: 'secret-note-A',
    })
    .returning();
  const [file] = await ctx.db
    .insert(media)
    .values({
      accountId: account.id,
      direction: 'incoming',
      kind: 'image',
      status: 'ready',
      storageKey: `${account.id}/x`,
      providerMediaId: 'm-secret-A',
    })
    .returning();
  const [message] = await ctx.db
    .insert(messages)
    .values({
      accountId: account.id,
      contactId: contact!.id,
      direction: 'incoming',
      type: 'text',
      body: 'secret-body-A',
      externalId: 'wamid.SECRET-A',
      status: 'delivered',
      mediaId: file!.id,
      timestamp: new Date(),
    })
    .returning();
  const [template] = await ctx.db
    .insert(templates)
    .values({
      accountId: account.id,
      name: 'secret_template_a',
      language: 'en_US',
      category: 'UTILITY',
      status: 'approved',
      components: [],
    })
    .returning();

  const [saved] = await ctx.db
    .insert(savedMessages)
    .values({ teamId: team.id, name: 'secret-saved-A', content: 'secret-saved-content-A' })
    .returning();

  const [tag] = await ctx.db.insert(tags).values({ accountId: account.id, name: 'secret-tag-A' }).returning();
  await ctx.db.insert(contactTags).values({ contactId: contact!.id, tagId: tag!.id });
  const [field] = await ctx.db
    .insert(contactFields)
    .values({ accountId: account.id, key: 'secret_field_a', label: 'Secret field A', type: 'text' })
    .returning();
  await ctx.db
    .insert(contactFieldValues)
    .values({ contactId: contact!.id, fieldId: field!.id, value: 'secret-field-value-A' });

  const [segment] = await ctx.db
    .insert(contactSegments)
    .values({
      accountId: account.id,
      name: 'secret-segment-A',
      filter: EVERY_CONTACT_FILTER,
    })
    .returning();

  const [campaign] = await ctx.db
    .insert(campaigns)
    .values({ accountId: account.id, teamId: team.id, name: 'secret-campaign-A' })
    .returning();
  // A recipient, so the report's routes have a name, a phone and an error in words to leak.
  await ctx.db.insert(campaignRecipients).values({
    campaignId: campaign!.id,
    accountId: account.id,
    contactId: contact!.id,
    status: 'failed',
    errorCode: 131026,
    error: 'secret-recipient-error-A',
  });

  Object.assign(ids, {
    segmentId: segment!.id,
    campaignId: campaign!.id,
    importId: await insertRegistryImport(ctx.db, {
      id: ownerA.userId,
      teamId: team.id,
      accountId: account.id,
    }),
    tagId: tag!.id,
    fieldId: field!.id,
    savedMessageId: saved!.id,
    contactId: contact!.id,
    messageId: message!.id,
    mediaId: file!.id,
    memberId: memberRow!.id,
    id: contact!.id,
    templateId: template!.id,
  });
  teamASecrets.push(
    'Secret Customer A',
    'secret-note-A',
    'secret-body-A',
    'wamid.SECRET-A',
    'secret_template_a',
    'Secret field A',
    'secret-field-value-A',
    'secret-segment-A',
    'secret-campaign-A',
    'secret-recipient-error-A',
    m.email,
  );
});
afterAll(() => ctx.close());

const routes = () =>
  ctx.app
    .routeAccessTable()
    .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
/** Signing out ends the caller's session, so signed-in walks leave it to its own test. */
const SIGN_OUT = '/api/auth/sign-out';
const signedInRoutes = () => routes().filter((r) => r.url !== SIGN_OUT);

function fill(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = ids[name];
    if (!value) throw new Error(`No fixture for :${name} in ${url}: add one to server/permissions.test.ts`);
    return value;
  });
}

async function call(method: string, url: string, caller?: Caller) {
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  return ctx.app.inject({
    method: method as 'GET',
    url: fill(url),
    headers: caller ? { cookie: caller.cookie } : {},
    ...(hasBody ? { payload: {} } : {}),
  });
}

describe('every API route', () => {
  it('declares a known access level', () => {
    expect(routes().length).toBeGreaterThan(15);
    for (const r of routes())
      expect(['public', 'user', 'member', 'owner'], `${r.method} ${r.url}`).toContain(r.access);
  });

  it('answers 401 to a signed-out caller unless it is public, and never 5xx', async () => {
    for (const r of routes()) {
      const res = await call(r.method, r.url);
      expectNoServerFault(res.statusCode, `${r.method} ${r.url}`);
      if (r.access !== 'public') expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it("never lets the owner of another team read or change team A's rows", async () => {
    for (const r of signedInRoutes()) {
      const res = await call(r.method, r.url, ownerB);
      const where = `${r.method} ${r.url} as owner of another team`;
      expectNoServerFault(res.statusCode, where);
      if (/:\w+/.test(r.url))
        expect(res.statusCode, `${where}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      for (const secret of teamASecrets) expect(res.body, where).not.toContain(secret);
    }
    // Nothing of team A changed under those calls.
    const [contact] = await ctx.db.select().from(contacts).where(eq(contacts.id, ids.contactId!));
    expect(contact).toMatchObject({ notes: 'secret-note-A', assignedTo: null, archivedAt: null });
    expect(await ctx.db.$count(teamMembers, eq(teamMembers.id, ids.memberId!))).toBe(1);
    expect(await ctx.db.$count(contactTags, eq(contactTags.tagId, ids.tagId!))).toBe(1);
    expect(await ctx.db.$count(contactFieldValues, eq(contactFieldValues.fieldId, ids.fieldId!))).toBe(1);
    expect(await ctx.db.$count(contactSegments, eq(contactSegments.id, ids.segmentId!))).toBe(1);
    const [campaign] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, ids.campaignId!));
    expect(campaign).toMatchObject({ name: 'secret-campaign-A', status: 'draft' });
  });

  it('refuses a member every owner-only route, and answers everything without 5xx', async () => {
    for (const r of signedInRoutes()) {
      const res = await call(r.method, r.url, memberA);
      const where = `${r.method} ${r.url} as member`;
      expectNoServerFault(res.statusCode, where);
      expect(res.statusCode, `${where}: still signed in`).not.toBe(401);
      if (r.access === 'owner') expect(res.statusCode, where).toBe(403);
    }
  });

  it('lets the owner through the access check on every route, without 5xx', async () => {
    for (const r of signedInRoutes()) {
      const res = await call(r.method, r.url, ownerA);
      const where = `${r.method} ${r.url} as owner`;
      expectNoServerFault(res.statusCode, `${where}: ${res.body.slice(0, 200)}`);
      expect(res.statusCode, where).not.toBe(401);
    }
  });
});

describe("team A's contacts named in a body (bulk actions, export, add contact)", () => {
  const post = (url: string, payload: object, caller: Caller) =>
    ctx.app.inject({ method: 'POST', url, headers: { cookie: caller.cookie }, payload });
  // The walks above delete team A's rows as its owner: these tests make their own.
  const fresh = async () => {
    const accountId = accountA;
    const [contact] = await ctx.db
      .insert(contacts)
      .values({ accountId, waId: '16505550888', phone: '16505550888', profileName: 'Secret Bulk A' })
      .onConflictDoNothing()
      .returning();
    const [own] = await ctx.db
      .insert(tags)
      .values({ accountId, name: `bulk-${Date.now()}` })
      .returning();
    await ctx.db.insert(contactTags).values({ contactId: contact!.id, tagId: own!.id });
    return { contactId: contact!.id, tagId: own!.id };
  };

  it('the owner of another team reaches none of them by id', async () => {
    const a = await fresh();
    const target = { ids: [a.contactId] };
    for (const action of [
      { type: 'tag', tagId: a.tagId },
      { type: 'assign', assigneeId: null },
      { type: 'delete' },
    ]) {
      const res = await post('/api/contact-table/bulk', { target, action }, ownerB);
      expect(res.statusCode, action.type).toBeLessThan(500);
      if (res.statusCode === 200)
        expect(res.json()).toMatchObject({ matched: 0, changed: 0, failedCount: 1 });
    }
    const csv = await post('/api/contact-table/export', { target }, ownerB);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('Secret Bulk A');
    expect(await ctx.db.$count(contacts, eq(contacts.id, a.contactId))).toBe(1);
    expect(await ctx.db.$count(contactTags, eq(contactTags.tagId, a.tagId))).toBe(1);
  });

  it('a member may not export or bulk-delete; adding a contact is for everyone', async () => {
    const [contact] = await ctx.db.select().from(contacts).where(eq(contacts.waId, '16505550888'));
    const target = { ids: [contact!.id] };
    expect((await post('/api/contact-table/export', { target }, memberA)).statusCode).toBe(403);
    const del = await post('/api/contact-table/bulk', { target, action: { type: 'delete' } }, memberA);
    expect(del.statusCode).toBe(403);
    expect(await ctx.db.$count(contacts, eq(contacts.id, contact!.id))).toBe(1);
    expect((await post('/api/contacts', { phone: '+16505550888' }, ownerB)).statusCode).toBe(201);
  });
});
