import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams, whatsappAccounts } from '../../db/schema';
import { decryptSecret } from '../../lib/crypto';
import { signUpUser } from '../../test/factories';
import { type ListeningContext, listeningTestContext, phoneApi, sandboxSignup } from '../../test/sandbox';

let ctx: ListeningContext;
beforeAll(async () => {
  ctx = await listeningTestContext();
});
afterAll(() => ctx.close());

const connect = (path: 'embedded' | 'manual', payload: object, cookie: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/whatsapp/connect/${path}`, payload, headers: { cookie } });

describe('connecting through embedded signup', () => {
  it('exchanges the code, creates the account and a team the user owns, and sends them to the inbox', async () => {
    const owner = await signUpUser(ctx.app);
    const signup = await sandboxSignup(ctx.origin, 'Lucky Shrub');
    const res = await connect('embedded', { code: signup.code, wabaId: signup.data.waba_id }, owner.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().next).toBe('/app/chats');

    const [account] = await ctx.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.id, res.json().accountId));
    expect(account).toMatchObject({
      wabaId: signup.data.waba_id,
      phoneNumberId: signup.data.phone_number_id,
      businessName: expect.any(String),
    });
    const token = decryptSecret(account!.accessTokenEncrypted!, ctx.env.secretKey);
    expect(token.length).toBeGreaterThan(20);
    expect(account!.accessTokenEncrypted).toMatch(/^v1\./);
    expect(account!.accessTokenEncrypted).not.toContain(token);
    expect(account!.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 86_400_000);

    const [team] = await ctx.db.select().from(teams).where(eq(teams.whatsappAccountId, account!.id));
    const members = await ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, team!.id));
    expect(members).toEqual([
      expect.objectContaining({ userId: owner.body.user.id, role: 'owner', status: 'active' }),
    ]);

    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: owner.cookie },
    });
    expect(session.json().access).toMatchObject({ kind: 'owner', role: 'owner', teamId: team!.id });
    expect(session.body).not.toContain(token);
  });

  it('reconnecting updates the same account and team instead of making new ones', async () => {
    const owner = await signUpUser(ctx.app);
    const first = await sandboxSignup(ctx.origin, 'First Shop');
    const a = await connect('embedded', { code: first.code }, owner.cookie);
    const second = await sandboxSignup(ctx.origin, 'First Shop');
    const b = await connect('embedded', { code: second.code }, owner.cookie);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toMatchObject({ accountId: a.json().accountId, teamId: a.json().teamId });
    const [account] = await ctx.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.id, a.json().accountId));
    expect(account?.phoneNumberId).toBe(second.data.phone_number_id);
  });

  it('shows the spec message when the code is bad, used twice, or missing', async () => {
    const owner = await signUpUser(ctx.app);
    const bad = await connect('embedded', { code: 'not-a-code' }, owner.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^Token exchange failed: /);

    const signup = await sandboxSignup(ctx.origin);
    expect((await connect('embedded', { code: signup.code }, owner.cookie)).statusCode).toBe(201);
    const reused = await connect('embedded', { code: signup.code }, owner.cookie);
    expect(reused.json().message).toMatch(/^Token exchange failed: /);

    const missing = await connect('embedded', {}, owner.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('No authorization code received from embedded signup');
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/whatsapp/connect/embedded',
      payload: { code: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('connecting with a system-user token', () => {
  it('checks the ids and the token against Graph before saving', async () => {
    const owner = await signUpUser(ctx.app);
    const signup = await sandboxSignup(ctx.origin, 'Token Shop');
    const { body } = await phoneApi<{ accessToken: string }>(
      ctx.origin,
      'POST',
      `/phone-numbers/${signup.data.phone_number_id}/token`,
    );
    const ids = { wabaId: signup.data.waba_id, phoneNumberId: signup.data.phone_number_id };

    const wrongToken = await connect(
      'manual',
      { ...ids, accessToken: 'EAAG-not-a-real-token-at-all' },
      owner.cookie,
    );
    expect(wrongToken.statusCode).toBe(400);
    expect(wrongToken.json().message).toBe('Failed to get WhatsApp account details');
    expect(await ctx.db.$count(whatsappAccounts, eq(whatsappAccounts.userId, owner.body.user.id))).toBe(0);

    const notNumeric = await connect(
      'manual',
      { ...ids, wabaId: 'abc', accessToken: body.accessToken },
      owner.cookie,
    );
    expect(notNumeric.statusCode).toBe(400);
    expect(notNumeric.json().field).toBe('wabaId');

    const ok = await connect('manual', { ...ids, accessToken: body.accessToken }, owner.cookie);
    expect(ok.statusCode, ok.body).toBe(201);
    const [team] = await ctx.db.select().from(teams).where(eq(teams.id, ok.json().teamId));
    expect(team?.name).toBe('Token Shop');
  });
});
