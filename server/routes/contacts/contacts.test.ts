import type {
  ContactListItem,
  ContactListResponse,
  ConversationResponse,
  InboxCountsResponse,
} from '@common/api/inbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, reactions } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import {
  buildContact,
  buildInboxTeam,
  buildMessage,
  buildTag,
  type TestUser,
} from '../../test/inbox-factories';

let ctx: TestContext;
let owner: TestUser;
let member: TestUser;
let accountId: string;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

const get = async <T>(user: TestUser, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
  return { status: res.statusCode, body: res.json() as T };
};
const names = (list: ContactListItem[]) => list.map((c) => c.name);

beforeAll(async () => {
  ctx = await createTestContext();
  const team = await buildInboxTeam(ctx);
  ({ owner, member } = team);
  accountId = team.account.id;

  // Unassigned, newest first: Maya (1 h), '' (2 h), Ana (3 h), then Zed without messages.
  await buildContact(ctx.db, accountId, {
    profileName: 'Maya Patel',
    phone: '16505550199',
    lastMessageAt: ago(HOUR),
  });
  await buildContact(ctx.db, accountId, {
    profileName: '',
    phone: '447700900123',
    lastMessageAt: ago(2 * HOUR),
  });
  await buildContact(ctx.db, accountId, { profileName: 'Ana Garcia', lastMessageAt: ago(3 * HOUR) });
  await buildContact(ctx.db, accountId, { profileName: 'Zed NoMessages' });
  await buildContact(ctx.db, accountId, {
    profileName: 'Archived Person',
    lastMessageAt: ago(1000),
    archivedAt: new Date(),
  });
  // Assigned: two to the member, one to the owner.
  await buildContact(ctx.db, accountId, {
    profileName: 'Mia Member',
    assignedTo: member.id,
    lastMessageAt: ago(HOUR),
  });
  await buildContact(ctx.db, accountId, {
    profileName: 'Max Member',
    assignedTo: member.id,
    lastMessageAt: ago(2 * HOUR),
  });
  await buildContact(ctx.db, accountId, {
    profileName: 'Olga Owner',
    customName: 'Olga (VIP)',
    assignedTo: owner.id,
    lastMessageAt: ago(HOUR),
  });
  // Another team's contact must never show.
  const other = await buildInboxTeam(ctx, { phoneNumberId: '100000000000999', wabaId: '200000000000999' });
  await buildContact(ctx.db, other.account.id, { profileName: 'Maya Elsewhere', lastMessageAt: new Date() });
});
afterAll(() => ctx.close());

describe('contact list tabs', () => {
  it('unassigned: contacts with messages first, newest first, archived left out, the name as stored', async () => {
    const { status, body } = await get<ContactListResponse>(owner, '/api/contacts?tab=unassigned');
    expect(status).toBe(200);
    expect(names(body.contacts)).toEqual(['Maya Patel', '', 'Ana Garcia', 'Zed NoMessages']);
    expect(body.contacts[0]).toMatchObject({
      phone: '+16505550199',
      assignee: null,
      tags: [],
      unreadCount: 0,
    });
    expect(body.nextCursor).toBeNull();
    expect(Date.parse(body.serverNow)).toBeGreaterThan(0);
  });

  it('mine and team split assigned contacts by assignee, with the e-mail part before @ as the label', async () => {
    const mine = await get<ContactListResponse>(member, '/api/contacts?tab=mine');
    expect(names(mine.body.contacts)).toEqual(['Mia Member', 'Max Member']);
    expect(mine.body.contacts[0]!.assignee).toEqual({ id: member.id, label: member.email.split('@')[0] });

    const ownerMine = await get<ContactListResponse>(owner, '/api/contacts?tab=mine');
    expect(names(ownerMine.body.contacts)).toEqual(['Olga (VIP)']);
    const team = await get<ContactListResponse>(owner, '/api/contacts?tab=team');
    expect(names(team.body.contacts)).toEqual(['Mia Member', 'Max Member']);
  });

  it('the team tab is a team-wide view: owners only', async () => {
    const res = await get<{ error: string }>(member, '/api/contacts?tab=team');
    expect(res.status).toBe(403);
    const counts = await get<InboxCountsResponse>(member, '/api/inbox/counts');
    expect(counts.body).toEqual({
      unassigned: 4,
      mine: 2,
      team: null,
      abilities: { viewTeam: false, assignToOthers: false, deleteContacts: false },
    });
  });

  it('counts every tab for an owner, under the same search and tag filters as the list', async () => {
    const counts = await get<InboxCountsResponse>(owner, '/api/inbox/counts');
    expect(counts.body).toEqual({
      unassigned: 4,
      mine: 1,
      team: 2,
      abilities: { viewTeam: true, assignToOthers: true, deleteContacts: true },
    });
    const searched = await get<InboxCountsResponse>(owner, '/api/inbox/counts?q=m');
    expect(searched.body).toMatchObject({ unassigned: 2, mine: 0, team: 2 });
  });

  it('signed-out callers and strangers get nothing', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/contacts' });
    expect(res.statusCode).toBe(401);
  });
});

describe('search and filters', () => {
  it('finds by name anywhere in it, case-insensitively, only in the caller’s account', async () => {
    const { body } = await get<ContactListResponse>(owner, '/api/contacts?q=PATEL');
    expect(names(body.contacts)).toEqual(['Maya Patel']);
    const custom = await get<ContactListResponse>(owner, '/api/contacts?tab=mine&q=vip');
    expect(names(custom.body.contacts)).toEqual(['Olga (VIP)']);
  });

  it('finds by phone however it is typed', async () => {
    for (const q of ['+1 (650) 555-0199', '0199', '6505550199']) {
      const { body } = await get<ContactListResponse>(owner, `/api/contacts?q=${encodeURIComponent(q)}`);
      expect(names(body.contacts), q).toEqual(['Maya Patel']);
    }
    const unknown = await get<ContactListResponse>(
      owner,
      `/api/contacts?q=${encodeURIComponent('+44 7700')}`,
    );
    expect(unknown.body.contacts.map((c) => c.phone)).toEqual(['+447700900123']);
  });

  it('treats % and _ literally', async () => {
    const { body } = await get<ContactListResponse>(owner, '/api/contacts?q=%25');
    expect(body.contacts).toEqual([]);
  });

  it('filters by tags (any of them) and presents each contact’s tags', async () => {
    const [ana] = await ctx.db.select().from(contacts).where(eq(contacts.profileName, 'Ana Garcia'));
    const [maya] = await ctx.db.select().from(contacts).where(eq(contacts.profileName, 'Maya Patel'));
    const vip = await buildTag(ctx.db, accountId, 'VIP', [ana!.id]);
    const lead = await buildTag(ctx.db, accountId, 'Lead', [ana!.id, maya!.id]);
    const priority = await buildTag(ctx.db, accountId, 'priority', [ana!.id]);

    const one = await get<ContactListResponse>(owner, `/api/contacts?tagIds=${vip.id}`);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(names(one.body.contacts)).toEqual(['Ana Garcia']);
    // By name in any letter case, like the tag list (not by the database's collation).
    expect(one.body.contacts[0]!.tags).toEqual([
      { id: lead.id, name: 'Lead' },
      { id: priority.id, name: 'priority' },
      { id: vip.id, name: 'VIP' },
    ]);
    const any = await get<ContactListResponse>(owner, `/api/contacts?tagIds=${vip.id},${lead.id}`);
    expect(names(any.body.contacts)).toEqual(['Maya Patel', 'Ana Garcia']);
    const counts = await get<InboxCountsResponse>(owner, `/api/inbox/counts?tagIds=${lead.id}`);
    expect(counts.body).toMatchObject({ unassigned: 2, mine: 0, team: 0 });
  });
});

describe('keyset pagination', () => {
  it('pages through a tab without gaps or repeats, even when contacts move in between', async () => {
    const { owner: o, account } = await buildInboxTeam(ctx, {
      phoneNumberId: '100000000000555',
      wabaId: '200000000000555',
    });
    const base = Date.now() - 10 * HOUR;
    // Two contacts share a timestamp so the id breaks the tie; five have no messages at all.
    for (let i = 0; i < 20; i++) {
      await buildContact(ctx.db, account.id, {
        profileName: `P${String(i).padStart(2, '0')}`,
        lastMessageAt: i === 19 ? new Date(base + 18 * 60_000) : new Date(base + i * 60_000),
      });
    }
    for (let i = 0; i < 5; i++) await buildContact(ctx.db, account.id, { profileName: `N${i}` });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/contacts?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const { body } = await get<ContactListResponse>(o, url);
      seen.push(...names(body.contacts));
      cursor = body.nextCursor;
      pages += 1;
      if (pages === 1) {
        // A new message moves a not-yet-seen contact to the top: the next pages neither repeat nor skip others.
        await ctx.db
          .update(contacts)
          .set({ lastMessageAt: new Date() })
          .where(eq(contacts.profileName, 'P02'));
      }
    } while (cursor && pages < 10);

    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(seen.length);
    // P18 and P19 share a timestamp (the id orders them), so compare the first page as a set.
    expect(new Set(seen.slice(0, 7))).toEqual(new Set(['P19', 'P18', 'P17', 'P16', 'P15', 'P14', 'P13']));
    expect(seen.filter((n) => n.startsWith('P')).length).toBe(19); // P02 jumped above the cursor
    expect(seen.slice(-5).sort()).toEqual(['N0', 'N1', 'N2', 'N3', 'N4']);
  });

  it('refuses a malformed cursor', async () => {
    const res = await get<{ error: string }>(owner, '/api/contacts?cursor=nonsense');
    expect(res.status).toBe(400);
  });
});

describe('conversation', () => {
  it('lists messages newest first with reactions on their target, reply quotes and a cursor for older ones', async () => {
    const contact = await buildContact(ctx.db, accountId, {
      profileName: 'Chatty',
      lastMessageAt: new Date(),
      unreadCount: 3,
    });
    const t0 = Date.now() - 60 * 60_000;
    const first = await buildMessage(ctx.db, contact, {
      body: 'First',
      externalId: 'wamid.first',
      timestamp: new Date(t0),
    });
    await buildMessage(ctx.db, contact, {
      body: 'Replying',
      externalId: 'wamid.reply',
      replyToExternalId: 'wamid.first',
      timestamp: new Date(t0 + 60_000),
    });
    await buildMessage(ctx.db, contact, {
      body: 'Quoting a ghost',
      externalId: 'wamid.ghostreply',
      replyToExternalId: 'wamid.gone',
      timestamp: new Date(t0 + 120_000),
    });
    await ctx.db.insert(reactions).values([
      {
        accountId,
        targetExternalId: 'wamid.first',
        reactor: 'customer:1',
        emoji: '❤️',
        direction: 'incoming',
        timestamp: new Date(),
      },
      {
        accountId,
        targetExternalId: 'wamid.first',
        reactor: 'customer:2',
        emoji: '',
        direction: 'incoming',
        timestamp: new Date(),
      },
    ]);

    const page1 = await get<ConversationResponse>(member, `/api/contacts/${contact.id}/messages?limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.messages.map((m) => m.body)).toEqual(['Quoting a ghost', 'Replying']);
    expect(page1.body.messages[0]!.replyTo).toMatchObject({ externalId: 'wamid.gone', deleted: true });
    expect(page1.body.messages[1]!.replyTo).toMatchObject({
      messageId: first.id,
      preview: 'First',
      direction: 'incoming',
      deleted: false,
    });
    expect(page1.body.contact).toMatchObject({ name: 'Chatty', unreadCount: 0, notes: '' });

    const page2 = await get<ConversationResponse>(
      member,
      `/api/contacts/${contact.id}/messages?limit=2&before=${page1.body.nextCursor}`,
    );
    expect(page2.body.messages.map((m) => m.body)).toEqual(['First']);
    expect(page2.body.messages[0]!.reactions).toEqual([
      expect.objectContaining({ emoji: '❤️', reactor: 'customer:1', direction: 'incoming' }),
    ]);
    expect(page2.body.messages[0]!.abilities).toEqual({ react: false, retry: false, markRead: true });
    expect(page2.body.nextCursor).toBeNull();

    const [row] = await ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row!.unreadCount).toBe(0);
  });

  it('another account’s contact is not found', async () => {
    const other = await buildInboxTeam(ctx, { phoneNumberId: '100000000000777', wabaId: '200000000000777' });
    const stranger = await buildContact(ctx.db, other.account.id, { profileName: 'Hidden' });
    const res = await get<{ error: string }>(owner, `/api/contacts/${stranger.id}/messages`);
    expect(res.status).toBe(404);
    const one = await get<{ error: string }>(owner, `/api/contacts/${stranger.id}`);
    expect(one.status).toBe(404);
  });
});
