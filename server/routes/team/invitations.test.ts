import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, teams } from '../../db/schema';
import { connectTestAccount, invitationTokenFor, signUpUser, uniqueEmail } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { INVITE_ATTEMPTS_PER_MINUTE } from './index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'https://inbox.example.test' } });
});
afterAll(() => ctx.close());

type Owner = { id: string; email: string; cookie: string; teamId: string; accountId: string };

async function buildOwner(businessName?: string): Promise<Owner> {
  const signUp = await signUpUser(ctx.app);
  const user = { id: signUp.body.user.id as string, email: signUp.email };
  const { team, account } = await connectTestAccount(ctx, user, {
    phoneNumberId: `1${Math.floor(Math.random() * 1e14)}`,
    wabaId: `2${Math.floor(Math.random() * 1e14)}`,
  });
  if (businessName) await ctx.db.update(teams).set({ name: businessName }).where(eq(teams.id, team.id));
  return { ...user, cookie: signUp.cookie, teamId: team.id, accountId: account.id };
}

const invite = (cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/team/invitations',
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

async function mailTo(email: string) {
  return ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
}

describe('invite → e-mail → sign-up → active member', () => {
  it('joins the owner’s team with the invited address and works in the owner’s account', async () => {
    const owner = await buildOwner('Harbor Bikes');
    const address = uniqueEmail('Invitee').replace('invitee', 'New.Person');

    const res = await invite(owner.cookie, { email: `  ${address.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    const invited = res.json();
    expect(invited.outcome).toBe('invited');
    expect(invited.member).toMatchObject({
      email: address.toLowerCase(),
      role: 'member',
      status: 'invited',
      isYou: false,
      abilities: { remove: true, resend: true },
    });

    // The e-mail names the team and the inviter and carries a single-use link from PUBLIC_URL.
    const [mail] = await mailTo(address.toLowerCase());
    expect(mail).toBeDefined();
    const ownerLabel = owner.email.split('@')[0]!;
    expect(mail!.subject).toBe(`${ownerLabel} invited you to Harbor Bikes on Switchboard`);
    const token = await invitationTokenFor(ctx.db, address.toLowerCase());
    const link = `https://inbox.example.test/join?token=${token}`;
    expect(mail!.text).toContain(link);
    expect(mail!.text).toContain('"Harbor Bikes"');
    expect(mail!.html).toContain(`href="${link}"`);
    await ctx.runner.drain();
    const [sent] = await mailTo(address.toLowerCase());
    expect(sent!.sentAt).not.toBeNull();

    // The invitee signs up with that address and the link: the invitation becomes an active membership.
    const invitee = await signUpUser(ctx.app, address.toLowerCase(), 'secret123', token);
    expect(invitee.body.joinedTeam).toBe(true);
    expect(invitee.body.next).toBe('/app');
    const session = (await get(invitee.cookie, '/api/session')).json();
    expect(session.access).toMatchObject({
      kind: 'team_member',
      role: 'member',
      teamId: owner.teamId,
      account: { id: owner.accountId, businessName: 'Test Shop' },
    });

    const team = (await get(invitee.cookie, '/api/team')).json();
    expect(team.team).toEqual({ id: owner.teamId, name: 'Harbor Bikes', timeZone: 'UTC' });
    expect(team.abilities).toEqual({ invite: false, viewActivity: false, changeSettings: false });
    expect(team.members.map((m: { email: string; status: string; isYou: boolean }) => m)).toMatchObject([
      { email: owner.email, role: 'owner', status: 'active', isYou: false, abilities: { remove: false } },
      {
        email: address.toLowerCase(),
        role: 'member',
        status: 'active',
        isYou: true,
        abilities: { remove: false },
      },
    ]);

    // The audit log says who invited whom, and when they joined.
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.teamId, owner.teamId))
      .orderBy(auditLog.createdAt);
    expect(entries).toMatchObject([
      {
        action: 'member.invited',
        actorId: owner.id,
        subjectType: 'team_member',
        subjectId: invited.member.id,
      },
      { action: 'member.joined', subjectType: 'team_member', subjectId: invited.member.id },
    ]);
    expect(entries[0]!.details).toEqual({ email: address.toLowerCase(), role: 'member' });
  });

  it('never adds an address that already has an account until that account follows the link', async () => {
    const owner = await buildOwner();
    const existing = await signUpUser(ctx.app);
    const res = await invite(owner.cookie, { email: existing.email });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ outcome: 'invited', member: { status: 'invited', userId: null } });
    const [mail] = await mailTo(existing.email);
    expect(mail!.text).toContain('Sign in with your account');
    expect((await get(existing.cookie, '/api/session')).json().access.kind).toBe('none');

    const token = await invitationTokenFor(ctx.db, existing.email);
    const accept = await ctx.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: { cookie: existing.cookie },
      payload: { token },
    });
    expect(accept.statusCode).toBe(200);
    expect((await get(existing.cookie, '/api/session')).json().access).toMatchObject({
      kind: 'team_member',
      teamId: owner.teamId,
    });
  });
});

describe('invitation rules', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await buildOwner();
  });

  it('answers a malformed request with the spec’s message, word for word', async () => {
    const message = 'Valid team ID, email, and role are required';
    const bodies: unknown[] = [
      {},
      { email: '' },
      { email: '   ' },
      { email: 'not-an-email' },
      { email: 42 },
      { email: 'a@example.com', role: 'admin' },
      { email: 'a@example.com', teamId: 'not-a-uuid' },
      [],
      undefined,
    ];
    for (const body of bodies) {
      const res = await invite(owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
  });

  it('invites members only', async () => {
    const res = await invite(owner.cookie, { email: uniqueEmail('boss'), role: 'owner' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invitations are for the member role only.');
  });

  it('needs a team: a signed-in user without one gets the spec’s message', async () => {
    const loner = await signUpUser(ctx.app);
    const res = await invite(loner.cookie, { email: uniqueEmail('x') });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No team found. Please connect your WhatsApp account first.');
  });

  it('refuses a second invitation, a current member and the owner’s own address with 409', async () => {
    const address = uniqueEmail('twice');
    expect((await invite(owner.cookie, { email: address })).statusCode).toBe(201);
    const again = await invite(owner.cookie, { email: address.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This email address has already been invited.');

    const self = await invite(owner.cookie, { email: owner.email });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('This person is already a member of your team.');
  });

  it('refuses someone who already belongs to another team', async () => {
    const otherOwner = await buildOwner();
    const res = await invite(owner.cookie, { email: otherOwner.email });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This person already belongs to another team.');
  });

  it(`allows 20 invitations an hour per team, then 429`, async () => {
    const busy = await buildOwner();
    for (let i = 0; i < 20; i++) {
      const res = await invite(busy.cookie, { email: uniqueEmail(`bulk${i}`) });
      expect(res.statusCode).toBe(201);
    }
    const over = await invite(busy.cookie, { email: uniqueEmail('one-too-many') });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('You can send up to 20 invitations an hour. Please try again later.');
    // Another team is not affected.
    expect((await invite(owner.cookie, { email: uniqueEmail('other') })).statusCode).toBe(201);
  });
});

describe('invitation attempts', () => {
  it(`refuses more than ${INVITE_ATTEMPTS_PER_MINUTE} attempts a minute from one session, whatever they answer`, async () => {
    const prober = await buildOwner();
    const statuses: number[] = [];
    for (let i = 0; i <= INVITE_ATTEMPTS_PER_MINUTE; i++) {
      statuses.push((await invite(prober.cookie, { email: `not-an-address-${i}` })).statusCode);
    }
    expect(statuses.slice(0, INVITE_ATTEMPTS_PER_MINUTE).every((s) => s === 400)).toBe(true);
    const over = await invite(prober.cookie, { email: uniqueEmail('late') });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'too_many_requests' });
    expect(over.json().message).toMatch(/^Too many invitation attempts\. Please try again in /);
    // Another owner's session is counted on its own.
    const other = await buildOwner();
    expect((await invite(other.cookie, { email: uniqueEmail('fine') })).statusCode).toBe(201);
  });
});
