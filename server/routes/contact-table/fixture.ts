import type { ContactTableResponse, ContactTableRow } from '@common/api/contact-table';
import type { TestContext } from '../../test/harness';
import {
  buildContact,
  buildInboxTeam,
  buildMessage,
  buildTag,
  type TestUser,
} from '../../test/inbox-factories';

const HOUR = 3_600_000;
const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);

/**
 * One team's contacts for the table tests (creation order = the letters; last messages in hours ago):
 * Ana (3 h, 2 messages, vip), bob (1 h, vip+lead), '' (2 h), Carla (no message), Dora (member's, 5 h,
 * lead), Eve (owner's, 4 h), Zoe (archived, 0.5 h, vip); another team's 'Ana Elsewhere'.
 */
export async function buildTableFixture(ctx: TestContext) {
  const team = await buildInboxTeam(ctx);
  const { owner, member } = team;
  const accountId = team.account.id;
  const make = (n: number, fields: Parameters<typeof buildContact>[2]) =>
    buildContact(ctx.db, accountId, { createdAt: at(100 - n), ...fields });
  const ana = await make(1, { profileName: 'Ana', phone: '16505550101', lastMessageAt: at(3) });
  const bob = await make(2, { profileName: 'x', customName: 'bob', lastMessageAt: at(1) });
  const blank = await make(3, { profileName: '', phone: '447700900123', lastMessageAt: at(2) });
  const carla = await make(4, { profileName: 'Carla' });
  const dora = await make(5, { profileName: 'Dora', assignedTo: member.id, lastMessageAt: at(5) });
  const eve = await make(6, { profileName: 'Eve', assignedTo: owner.id, lastMessageAt: at(4) });
  const zoe = await make(7, { profileName: 'Zoe', archivedAt: new Date(), lastMessageAt: at(0.5) });
  await buildMessage(ctx.db, ana);
  await buildMessage(ctx.db, ana, { direction: 'outgoing' });
  await buildMessage(ctx.db, bob);
  const vip = await buildTag(ctx.db, accountId, 'VIP', [ana.id, bob.id, zoe.id]);
  const lead = await buildTag(ctx.db, accountId, 'Lead', [bob.id, dora.id]);
  const other = await buildInboxTeam(ctx, { phoneNumberId: '100000000000998', wabaId: '200000000000998' });
  await buildContact(ctx.db, other.account.id, { profileName: 'Ana Elsewhere', lastMessageAt: new Date() });
  return {
    owner,
    member,
    accountId,
    other: other.owner,
    c: { ana, bob, blank, carla, dora, eve, zoe },
    tags: { vip, lead },
  };
}

export function getter(ctx: TestContext) {
  return async <T = ContactTableResponse>(user: TestUser, url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
    return { status: res.statusCode, body: res.json() as T };
  };
}

export const names = (rows: ContactTableRow[]) => rows.map((r) => r.name);
