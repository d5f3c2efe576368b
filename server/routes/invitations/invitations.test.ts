import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams, users } from '../../db/schema';
import { connectTestAccount, invitationTokenFor, signUpUser, uniqueEmail } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://inbox.example.test' } });
});
afterAll(() => ctx.close());

let numbers = 0;
async function buildOwner(teamName = 'Harbor Bikes') {
  const signUp = await signUpUser(ctx.app);
  const user = { id: signUp.body.user.id as string, email: signUp.email };
  numbers += 1;
  const { team } = await connectTestAccount(ctx, user, {
    phoneNumberId: `31${numbers}${Date.now()}`,
    wabaId: `41${numbers}${Date.now()}`,
  });
  await ctx.db.update(teams).set({ name: teamName }).where(eq(teams.id, team.id));
  return { ...user, cookie: signUp.cookie, teamId: team.id };
}

const post = (url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

async function invited(owner: { cookie: string }, email = uniqueEmail('invitee')) {
  const res = await post('/api/team/invitations', { email }, owner.cookie);
  expect(res.statusCode).toBe(201);
  return { email, memberId: res.json().member.id as string, token: await invitationTokenFor(ctx.db, email) };
}

const accessOf = async (cookie: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json().access;

describe('an invitation link proves the mailbox', () => {
  it('previews what the link is for, to its holder only, while it is open', async () => {
    const owner = await buildOwner('Corner Cafe');
    const { email, token } = await invited(owner);
    const res = await post('/api/invitations/preview', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, teamName: 'Corner Cafe', hasAccount: false });
    expect(new Date(res.json().expiresAt).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);

    for (const body of [{ token: 'x'.repeat(43) }, { token: 'short' }, {}, { token: 42 }]) {
      const bad = await post('/api/invitations/preview', body);
      expect(bad.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(bad.json().message).toBe(
        'This invitation link is invalid or has expired. Ask the team owner to send you a new one.',
      );
    }
  });

  it('an account registered in advance under the address stays out until it follows the link', async () => {
    const owner = await buildOwner();
    const squatter = await signUpUser(ctx.app);
    const { token } = await invited(owner, squatter.email);
    const [row] = await ctx.db.select().from(teamMembers).where(eq(teamMembers.email, squatter.email));
    expect(row).toMatchObject({ status: 'invited', userId: null });
    expect((await accessOf(squatter.cookie)).kind).toBe('none');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/team', headers: { cookie: squatter.cookie } }))
        .statusCode,
    ).toBe(403);

    // Following the link joins them, once.
    expect((await post('/api/invitations/accept', { token }, squatter.cookie)).json()).toMatchObject({
      teamId: owner.teamId,
      next: '/app/chats',
    });
    expect(await accessOf(squatter.cookie)).toMatchObject({ kind: 'team_member', teamId: owner.teamId });
    const again = await post('/api/invitations/accept', { token }, squatter.cookie);
    expect(again.statusCode).toBe(404);
  });

  it('refuses the link to anyone signed in as another address, and to anyone signed out', async () => {
    const owner = await buildOwner();
    const { email, token } = await invited(owner);
    const stranger = await signUpUser(ctx.app);
    const res = await post('/api/invitations/accept', { token }, stranger.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'invitation_other_address' });
    expect((await accessOf(stranger.cookie)).kind).toBe('none');
    expect((await post('/api/invitations/accept', { token })).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(teamMembers).where(eq(teamMembers.email, email));
    expect(row).toMatchObject({ status: 'invited', userId: null });
  });

  it('refuses an expired link, and a resend replaces the link', async () => {
    const owner = await buildOwner();
    const first = await invited(owner);
    await ctx.db
      .update(teamMembers)
      .set({ inviteExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(teamMembers.id, first.memberId));
    const expired = await post('/api/auth/sign-up', {
      email: first.email,
      password: 'secret123',
      invitationToken: first.token,
    });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error).toBe('invitation_invalid');
    // Nothing was made: the address can still sign up.
    expect(await ctx.db.select().from(users).where(eq(users.email, first.email))).toEqual([]);

    const team = (
      await ctx.app.inject({ method: 'GET', url: '/api/team', headers: { cookie: owner.cookie } })
    ).json();
    const row = team.members.find((m: { id: string }) => m.id === first.memberId);
    expect(row).toMatchObject({ status: 'invited', abilities: { remove: true, resend: true } });
    expect(new Date(row.invitationExpiresAt).getTime()).toBeLessThan(Date.now());

    const resent = await post(`/api/team/invitations/${first.memberId}/resend`, {}, owner.cookie);
    expect(resent.statusCode).toBe(200);
    expect(new Date(resent.json().member.invitationExpiresAt).getTime()).toBeGreaterThan(Date.now());
    const fresh = await invitationTokenFor(ctx.db, first.email);
    expect(fresh).not.toBe(first.token);
    expect((await post('/api/invitations/preview', { token: first.token })).statusCode).toBe(404);
    const joined = await signUpUser(ctx.app, first.email, 'secret123', fresh);
    expect(joined.body.joinedTeam).toBe(true);
  });

  it('lets only the owner resend, and only an open invitation', async () => {
    const owner = await buildOwner();
    const { memberId, token, email } = await invited(owner);
    const member = await signUpUser(ctx.app);
    const second = await invited(owner, member.email);
    await post('/api/invitations/accept', { token: second.token }, member.cookie);

    const byMember = await post(`/api/team/invitations/${memberId}/resend`, {}, member.cookie);
    expect(byMember.statusCode).toBe(403);
    const outsider = await buildOwner();
    expect((await post(`/api/team/invitations/${memberId}/resend`, {}, outsider.cookie)).statusCode).toBe(
      404,
    );
    const joined = await post(`/api/team/invitations/${second.memberId}/resend`, {}, owner.cookie);
    expect(joined.statusCode).toBe(409);
    expect((await post('/api/invitations/preview', { token })).json().email).toBe(email);
  });
});
