import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams, whatsappAccounts } from './db/schema';
import { signUpUser } from './test/factories';
import { createTestContext, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ serveWeb: true });
});
afterAll(() => ctx.close());

const visit = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

describe('page guards on the server', () => {
  it('sends a signed-out visit to /app/chats to /sign-in before any HTML', async () => {
    for (const url of ['/app/chats', '/app', '/app/settings/team', '/connect-facebook']) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('/sign-in');
    }
  });

  it('redirects /signin and /login to /sign-in', async () => {
    expect((await visit('/signin')).headers.location).toBe('/sign-in');
    expect((await visit('/login')).headers.location).toBe('/sign-in');
  });

  it('sends a signed-in user without an account to /connect-facebook, but lets them finish onboarding', async () => {
    const { cookie } = await signUpUser(ctx.app);
    expect((await visit('/sign-in', cookie)).headers.location).toBe('/connect-facebook');
    expect((await visit('/app/chats', cookie)).headers.location).toBe('/connect-facebook');
    expect((await visit('/onboarding', cookie)).statusCode).not.toBe(302);
    expect((await visit('/connect-facebook', cookie)).statusCode).not.toBe(302);
  });

  it('sends owners and active team members from the auth pages to /app/chats', async () => {
    const owner = await signUpUser(ctx.app);
    const member = await signUpUser(ctx.app);
    const [account] = await ctx.db
      .insert(whatsappAccounts)
      .values({ userId: owner.body.user.id, phoneNumberId: '106540352242922' })
      .returning();
    const [team] = await ctx.db
      .insert(teams)
      .values({ name: 'Shop', whatsappAccountId: account!.id })
      .returning();
    await ctx.db.insert(teamMembers).values([
      { teamId: team!.id, userId: owner.body.user.id, email: owner.email, role: 'owner', status: 'active' },
      {
        teamId: team!.id,
        userId: member.body.user.id,
        email: member.email,
        role: 'member',
        status: 'active',
      },
    ]);

    for (const cookie of [owner.cookie, member.cookie]) {
      expect((await visit('/sign-in', cookie)).headers.location).toBe('/app/chats');
      expect((await visit('/connect-facebook', cookie)).headers.location).toBe('/app/chats');
      expect((await visit('/app', cookie)).headers.location).toBe('/app/chats');
      expect((await visit('/app/chats', cookie)).statusCode).not.toBe(302);
    }

    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: member.cookie },
    });
    expect(session.json().access).toMatchObject({ kind: 'team_member', role: 'member', teamId: team!.id });
    expect(session.json().access.account).toMatchObject({ id: account!.id, tokenExpired: false });
    expect(JSON.stringify(session.json())).not.toMatch(/access_?token/i);
  });

  it('answers unknown API paths with JSON 404, not the app shell', async () => {
    const res = await visit('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });
});
