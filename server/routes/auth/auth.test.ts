import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, teamMembers, teams, users } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';
import { signUpUser, uniqueEmail } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, cookie?: string) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

describe('sign-up', () => {
  it('refuses mismatching passwords with the spec text', async () => {
    const res = await post('/api/auth/sign-up', {
      email: uniqueEmail(),
      password: 'secret123',
      confirmPassword: 'secret124',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Passwords do not match');
  });

  it('refuses a password under 6 characters with the spec text', async () => {
    const res = await post('/api/auth/sign-up', {
      email: uniqueEmail(),
      password: '12345',
      confirmPassword: '12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Password must be at least 6 characters long');
  });

  it('refuses a malformed e-mail and bodies of the wrong shape with 400, never 500', async () => {
    expect((await post('/api/auth/sign-up', { email: 'nope', password: 'secret123' })).json().message).toBe(
      'Please enter a valid email address',
    );
    for (const body of [null, [], { email: 42, password: {} }, { email: 'a@b.co' }]) {
      const res = await post('/api/auth/sign-up', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const asText = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(asText.statusCode).toBe(400);
    {
      const res = asText;
      expect(res.json().message).toEqual(expect.any(String));
    }
    const badJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe('The request body is not valid JSON.');
  });

  it('creates the user with a hashed password, signs them in and points to onboarding', async () => {
    const email = uniqueEmail('New.Person');
    const { body, cookie } = await signUpUser(ctx.app, email);
    expect(body).toMatchObject({
      user: { email: email.toLowerCase() },
      joinedTeam: false,
      next: '/onboarding',
    });

    const [row] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.json().user.email).toBe(email.toLowerCase());
  });

  it('answers "User already registered" for a taken e-mail, in any letter case', async () => {
    const { email } = await signUpUser(ctx.app);
    const res = await post('/api/auth/sign-up', { email: email.toUpperCase(), password: 'another1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('User already registered');
  });

  it('joins a team only with the invitation link’s secret, never by the address alone', async () => {
    const email = uniqueEmail('invitee');
    const [team] = await ctx.db.insert(teams).values({ name: 'Acme' }).returning();
    const token = 'a-known-invitation-secret-0123456789';
    await ctx.db.insert(teamMembers).values({
      teamId: team!.id,
      email,
      role: 'member',
      status: 'invited',
      inviteTokenHash: sha256Hex(token),
      inviteExpiresAt: new Date(Date.now() + 60_000),
    });

    // Signing up as the invited address without the link: an account, no team.
    const squatter = await signUpUser(ctx.app, email);
    expect(squatter.body).toMatchObject({ joinedTeam: false, next: '/onboarding' });
    const [waiting] = await ctx.db.select().from(teamMembers).where(eq(teamMembers.email, email));
    expect(waiting).toMatchObject({ status: 'invited', userId: null });

    // Another address signing up with the secret: refused, and no account is made.
    const other = uniqueEmail('other');
    const refused = await post('/api/auth/sign-up', {
      email: other,
      password: 'secret123',
      invitationToken: token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      `This invitation was sent to ${email}. Sign in with that address to accept it.`,
    );
    expect(await ctx.db.select().from(users).where(eq(users.email, other))).toEqual([]);
  });

  it('makes the account and the membership together from the link, and withdraws other invitations', async () => {
    const email = uniqueEmail('popular');
    const [older] = await ctx.db.insert(teams).values({ name: 'Older' }).returning();
    const [newer] = await ctx.db.insert(teams).values({ name: 'Newer' }).returning();
    const inAnHour = new Date(Date.now() + 3_600_000);
    await ctx.db.insert(teamMembers).values([
      {
        teamId: older!.id,
        email,
        role: 'member',
        status: 'invited',
        inviteTokenHash: sha256Hex('older-team-secret-0123456789'),
        inviteExpiresAt: inAnHour,
      },
      {
        teamId: newer!.id,
        email,
        role: 'member',
        status: 'invited',
        inviteTokenHash: sha256Hex('newer-team-secret-0123456789'),
        inviteExpiresAt: inAnHour,
      },
    ]);

    const { body } = await signUpUser(ctx.app, email, 'secret123', 'older-team-secret-0123456789');
    expect(body).toMatchObject({ joinedTeam: true, next: '/app' });
    const rows = await ctx.db.select().from(teamMembers).where(eq(teamMembers.email, email));
    expect(rows).toEqual([
      expect.objectContaining({
        teamId: older!.id,
        status: 'active',
        userId: body.user.id,
        inviteTokenHash: null,
      }),
    ]);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.subjectId, rows[0]!.id));
    expect(entry).toMatchObject({ action: 'member.joined', actorId: body.user.id, teamId: older!.id });
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password and refuses a wrong one or an unknown e-mail alike', async () => {
    const { email, password } = await signUpUser(ctx.app);
    const ok = await post('/api/auth/sign-in', { email, password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().next).toBe('/connect-facebook');
    expect(ok.headers['set-cookie']).toMatch(/sb_session=.+HttpOnly/i);

    const wrong = await post('/api/auth/sign-in', { email, password: 'wrong-password' });
    const unknown = await post('/api/auth/sign-in', { email: uniqueEmail('ghost'), password });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('ends the session on sign-out', async () => {
    const { cookie } = await signUpUser(ctx.app);
    const out = await post('/api/auth/sign-out', {}, cookie);
    expect(out.statusCode).toBe(204);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.json().user).toBeNull();
  });

  it('rate-limits sign-in attempts', async () => {
    const email = uniqueEmail('hammer');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email, password: 'whatever1' },
        remoteAddress: '10.9.8.7',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/Too many sign-in attempts/);
    }
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('password reset', () => {
  it('mails a one-time link that sets a new password and signs out other sessions', async () => {
    const { email, cookie } = await signUpUser(ctx.app, uniqueEmail('forgetful'), 'old-password');
    const forgot = await post('/api/auth/forgot-password', { email });
    expect(forgot.statusCode).toBe(202);
    await ctx.runner.drain();

    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail?.sentAt).toBeInstanceOf(Date);
    const token = /reset-password\?token=([\w-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeDefined();

    const reset = await post('/api/auth/reset-password', {
      token,
      password: 'new-password',
      confirmPassword: 'new-password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/auth/sign-in', { email, password: 'old-password' })).statusCode).toBe(401);
    expect((await post('/api/auth/sign-in', { email, password: 'new-password' })).statusCode).toBe(200);
    const oldSession = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(oldSession.json().user).toBeNull();

    const again = await post('/api/auth/reset-password', { token, password: 'third-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await post('/api/auth/forgot-password', { email });
    expect(res.statusCode).toBe(202);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toHaveLength(0);
  });

  it('lists sent mail on the dev outbox', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages[0].subject).toBe('Reset your Switchboard password');
  });
});
