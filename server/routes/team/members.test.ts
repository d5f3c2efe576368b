import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contacts, teamMembers } from '../../db/schema';
import { invitationTokenFor, uniqueEmail } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { addMember, buildContact, buildInboxTeam } from '../../test/inbox-factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function memberRowId(teamId: string, email: string): Promise<string> {
  const rows = await ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return rows.find((r) => r.email === email)!.id;
}

describe('who may do what (owner, member, owner of another team, signed out)', () => {
  let team: Awaited<ReturnType<typeof buildInboxTeam>>;
  let other: Awaited<ReturnType<typeof buildInboxTeam>>;
  let victimId: string;
  beforeAll(async () => {
    team = await buildInboxTeam(ctx, { phoneNumberId: '111000111000111', wabaId: '222000222000222' });
    other = await buildInboxTeam(ctx, { phoneNumberId: '333000333000333', wabaId: '444000444000444' });
    const victim = await addMember(ctx, team.team.id);
    victimId = await memberRowId(team.team.id, victim.email);
  });

  it('lets everyone in the team read the list, and only the team’s own', async () => {
    const asOwner = (await call('GET', '/api/team', team.owner.cookie)).json();
    expect(asOwner.abilities).toEqual({ invite: true, viewActivity: true, changeSettings: true });
    expect(asOwner.members.map((m: { role: string; isYou: boolean }) => [m.role, m.isYou])).toEqual([
      ['owner', true],
      ['member', false],
      ['member', false],
    ]);
    // Assignment names people by user id: active rows carry it.
    expect(asOwner.members[0].userId).toBe(team.owner.id);
    expect(asOwner.members[1].userId).toBe(team.member.id);
    expect(asOwner.members[0].abilities.remove).toBe(false);
    expect(asOwner.members[1].abilities.remove).toBe(true);
    expect(asOwner.hasAccount).toBe(true);

    const asMember = (await call('GET', '/api/team', team.member.cookie)).json();
    expect(asMember.members).toHaveLength(3);
    expect(asMember.abilities).toEqual({ invite: false, viewActivity: false, changeSettings: false });
    expect(asMember.members.every((m: { abilities: { remove: boolean } }) => !m.abilities.remove)).toBe(true);

    const asOutsider = (await call('GET', '/api/team', other.owner.cookie)).json();
    expect(asOutsider.team.id).toBe(other.team.id);
    expect(asOutsider.members.map((m: { email: string }) => m.email)).not.toContain(team.member.email);

    expect((await call('GET', '/api/team')).statusCode).toBe(401);
  });

  it('refuses a member’s invitation even when it names the team', async () => {
    for (const body of [{ email: uniqueEmail('m') }, { email: uniqueEmail('m'), teamId: team.team.id }]) {
      const res = await call('POST', '/api/team/invitations', team.member.cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only team owners can invite members.');
    }
  });

  it('refuses an owner inviting into another team by its id', async () => {
    const res = await call('POST', '/api/team/invitations', other.owner.cookie, {
      email: uniqueEmail('forged'),
      teamId: team.team.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only team owners can invite members.');
  });

  it('refuses a member’s removal, and an outsider cannot even find the member', async () => {
    const asMember = await call('DELETE', `/api/team/members/${victimId}`, team.member.cookie);
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().message).toBe('Only team owners can remove members.');
    const ownerRow = await memberRowId(team.team.id, team.owner.email);
    const memberOnOwner = await call('DELETE', `/api/team/members/${ownerRow}`, team.member.cookie);
    expect(memberOnOwner.statusCode).toBe(403);

    const asOutsider = await call('DELETE', `/api/team/members/${victimId}`, other.owner.cookie);
    expect(asOutsider.statusCode).toBe(404);
    expect((await call('DELETE', `/api/team/members/${victimId}`)).statusCode).toBe(401);
    expect(await rowEmail(victimId)).toBeDefined();
  });

  it('keeps the owner in the team and needs a member id', async () => {
    const ownerRow = await memberRowId(team.team.id, team.owner.email);
    const self = await call('DELETE', `/api/team/members/${ownerRow}`, team.owner.cookie);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Owners cannot remove themselves from the team.');

    const blank = await call('DELETE', '/api/team/members/', team.owner.cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Member ID is required');
    const spaces = await call('DELETE', '/api/team/members/%20', team.owner.cookie);
    expect(spaces.json().message).toBe('Member ID is required');
    expect((await call('DELETE', '/api/team/members/nope', team.owner.cookie)).statusCode).toBe(404);
  });

  it('shows the audit log to owners only', async () => {
    expect((await call('GET', '/api/team/audit-log', team.member.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/team/audit-log', team.owner.cookie)).statusCode).toBe(200);
  });
});

async function rowEmail(id: string) {
  const [row] = await ctx.db.select().from(teamMembers).where(eq(teamMembers.id, id));
  return row?.email;
}

describe('removing a member', () => {
  it('ends their access at once, returns their contacts to Unassigned and is audited', async () => {
    const { owner, member, team, account } = await buildInboxTeam(ctx, {
      phoneNumberId: '555000555000555',
      wabaId: '666000666000666',
    });
    const theirs = await buildContact(ctx.db, account.id, { assignedTo: member.id });
    const ownersContact = await buildContact(ctx.db, account.id, { assignedTo: owner.id });
    expect((await call('GET', '/api/contacts?tab=mine', member.cookie)).statusCode).toBe(200);

    const memberId = await memberRowId(team.id, member.email);
    const res = await call('DELETE', `/api/team/members/${memberId}`, owner.cookie);
    expect(res.statusCode).toBe(204);

    // Still signed in, but no longer in the team: every member route answers 403.
    const session = (await call('GET', '/api/session', member.cookie)).json();
    expect(session.user.email).toBe(member.email);
    expect(session.access.kind).toBe('none');
    for (const url of ['/api/team', '/api/contacts?tab=mine', `/api/contacts/${theirs.id}`]) {
      expect((await call('GET', url, member.cookie)).statusCode, url).toBe(403);
    }

    const [after] = await ctx.db.select().from(contacts).where(eq(contacts.id, theirs.id));
    expect(after!.assignedTo).toBeNull();
    const [untouched] = await ctx.db.select().from(contacts).where(eq(contacts.id, ownersContact.id));
    expect(untouched!.assignedTo).toBe(owner.id);

    const log = (await call('GET', '/api/team/audit-log', owner.cookie)).json();
    expect(log.entries[0]).toMatchObject({
      action: 'member.removed',
      actor: { id: owner.id, label: owner.email.split('@')[0] },
      subjectType: 'team_member',
      subjectId: memberId,
      details: { email: member.email, role: 'member', status: 'active', unassignedContacts: 1 },
    });
    const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.teamId, team.id));
    expect(rows).toHaveLength(1);

    // Removing them again: gone.
    expect((await call('DELETE', `/api/team/members/${memberId}`, owner.cookie)).statusCode).toBe(404);
  });

  it('withdraws an open invitation, so its link joins nothing any more', async () => {
    const { owner } = await buildInboxTeam(ctx, {
      phoneNumberId: '777000777000777',
      wabaId: '888000888000888',
    });
    const address = uniqueEmail('withdrawn');
    const invited = (await call('POST', '/api/team/invitations', owner.cookie, { email: address })).json();
    const token = await invitationTokenFor(ctx.db, address);
    const res = await call('DELETE', `/api/team/members/${invited.member.id}`, owner.cookie);
    expect(res.statusCode).toBe(204);
    const later = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: address, password: 'secret123', invitationToken: token },
    });
    expect(later.statusCode).toBe(404);
    expect(later.json().error).toBe('invitation_invalid');
  });
});
