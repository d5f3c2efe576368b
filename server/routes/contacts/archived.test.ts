import type { ContactListItem, ContactListResponse } from '@common/api/inbox';
import type { ServerEventFrame } from '@common/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrokerFrame } from '../../live/broker';
import { createTestContext, type TestContext } from '../../test/harness';
import { buildContact, buildInboxTeam, buildTag, type TestUser } from '../../test/inbox-factories';
import { until } from '../../test/until';

/**
 * The Archived view (`GET /api/contacts?tab=archived`): archived chats found again under the list's
 * filters, and unarchived (POST /api/contacts/:id/state) back into their tab, live for every tab.
 */

let ctx: TestContext;
let owner: TestUser;
let member: TestUser;
let stranger: TestUser;
let accountId: string;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const frames: BrokerFrame[] = [];

const get = async (user: TestUser, url: string) => {
  const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
  return { status: res.statusCode, body: res.json() as ContactListResponse & { message?: string } };
};
const names = (list: ContactListItem[]) => list.map((c) => c.name);
const setState = (user: TestUser, contactId: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/contacts/${contactId}/state`,
    headers: { cookie: user.cookie },
    payload: payload as Record<string, unknown>,
  });

beforeAll(async () => {
  ctx = await createTestContext();
  const team = await buildInboxTeam(ctx);
  ({ owner, member } = team);
  accountId = team.account.id;
  ({ owner: stranger } = await buildInboxTeam(ctx, {
    phoneNumberId: '100000000000998',
    wabaId: '200000000000998',
  }));
  ctx.app.liveBroker.subscribe((_room, frame) => frames.push(frame));

  const archived = ago(10);
  const nora = await buildContact(ctx.db, accountId, {
    profileName: 'Nora Archived',
    lastMessageAt: ago(HOUR),
    archivedAt: archived,
  });
  await buildContact(ctx.db, accountId, {
    profileName: 'Omar Archived',
    lastMessageAt: ago(3 * HOUR),
    archivedAt: archived,
  });
  await buildContact(ctx.db, accountId, {
    profileName: 'Mina Mine',
    assignedTo: member.id,
    lastMessageAt: ago(2 * HOUR),
    archivedAt: archived,
  });
  await buildContact(ctx.db, accountId, {
    profileName: 'Otto Owners',
    assignedTo: owner.id,
    lastMessageAt: ago(30 * 60_000),
    archivedAt: archived,
  });
  await buildContact(ctx.db, accountId, { profileName: 'Ivy Inbox', lastMessageAt: ago(HOUR) });
  await buildTag(ctx.db, accountId, 'VIP', [nora.id]);
});
afterAll(() => ctx.close());

describe('the Archived view', () => {
  it('lists archived chats newest first; the tabs leave them out', async () => {
    const archived = await get(owner, '/api/contacts?tab=archived');
    expect(archived.status).toBe(200);
    expect(names(archived.body.contacts)).toEqual([
      'Otto Owners',
      'Nora Archived',
      'Mina Mine',
      'Omar Archived',
    ]);
    expect(archived.body.contacts.every((c) => c.archived)).toBe(true);
    const inbox = await get(owner, '/api/contacts?tab=unassigned');
    expect(names(inbox.body.contacts)).toEqual(['Ivy Inbox']);
  });

  it('without the team-wide view, shows only unassigned chats and the caller’s, as the tabs do', async () => {
    const archived = await get(member, '/api/contacts?tab=archived');
    expect(names(archived.body.contacts)).toEqual(['Nora Archived', 'Mina Mine', 'Omar Archived']);
  });

  it('applies search and tags, pages with the cursor, and never shows another account', async () => {
    expect(names((await get(owner, '/api/contacts?tab=archived&q=omar')).body.contacts)).toEqual([
      'Omar Archived',
    ]);
    const [tag] = (await get(owner, '/api/contacts?tab=archived&q=nora')).body.contacts[0]!.tags;
    const tagged = await get(owner, `/api/contacts?tab=archived&tagIds=${tag!.id}`);
    expect(names(tagged.body.contacts)).toEqual(['Nora Archived']);

    const first = await get(owner, '/api/contacts?tab=archived&limit=3');
    expect(first.body.contacts).toHaveLength(3);
    const rest = await get(owner, `/api/contacts?tab=archived&limit=3&cursor=${first.body.nextCursor}`);
    expect(names(rest.body.contacts)).toEqual(['Omar Archived']);
    expect(rest.body.nextCursor).toBeNull();

    expect((await get(stranger, '/api/contacts?tab=archived')).body.contacts).toEqual([]);
  });

  it('refuses an unknown view with a message', async () => {
    const res = await get(owner, '/api/contacts?tab=trash');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('tab must be unassigned, mine, team or archived');
  });

  it('archive and unarchive move a chat between its tab and the view, with a live row each time', async () => {
    const ivy = (await get(member, '/api/contacts?tab=unassigned')).body.contacts[0]!;
    const liveArchived = (archived: boolean) =>
      frames.some((frame) => {
        if (frame.type !== 'event' || frame.event !== 'contact.updated') return false;
        const { contact } = (frame as Extract<ServerEventFrame, { event: 'contact.updated' }>).data;
        return contact.id === ivy.id && contact.archived === archived;
      });

    expect((await setState(member, ivy.id, { archived: true })).statusCode).toBe(204);
    expect(names((await get(member, '/api/contacts?tab=archived')).body.contacts)).toContain('Ivy Inbox');
    expect((await get(member, '/api/contacts?tab=unassigned')).body.contacts).toEqual([]);
    await until(() => liveArchived(true), 'the archived row on the live feed');

    expect((await setState(member, ivy.id, { archived: false })).statusCode).toBe(204);
    expect(names((await get(member, '/api/contacts?tab=archived')).body.contacts)).not.toContain('Ivy Inbox');
    expect(names((await get(member, '/api/contacts?tab=unassigned')).body.contacts)).toEqual(['Ivy Inbox']);
    await until(() => liveArchived(false), 'the unarchived row on the live feed');
  });

  it('another team cannot unarchive the chat, and the state body is validated', async () => {
    const nora = (await get(owner, '/api/contacts?tab=archived&q=nora')).body.contacts[0]!;
    expect((await setState(stranger, nora.id, { archived: false })).statusCode).toBe(404);
    const bad = await setState(owner, nora.id, { archived: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(names((await get(owner, '/api/contacts?tab=archived&q=nora')).body.contacts)).toEqual([
      'Nora Archived',
    ]);
  });
});
