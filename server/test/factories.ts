import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { mailOutbox, teamMembers } from '../db/schema';
import type { Env } from '../env';
import { FIXTURE_ACCOUNTS } from '../whatsapp/fixtures';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/**
 * Signs a new user up through the API and returns the session cookie for later requests; with an
 * invitation link's secret, as the invited person does from the e-mail.
 */
export async function signUpUser(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = 'secret123',
  invitationToken?: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password, confirmPassword: password, ...(invitationToken ? { invitationToken } : {}) },
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { email, password, cookie: sessionCookie(response.headers['set-cookie']), body: response.json() };
}

/** `sb_session=…` from a Set-Cookie header, ready to send back as a Cookie header. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = [setCookie ?? []].flat();
  const found = all.find((c) => c.startsWith('sb_session='));
  if (!found) throw new Error('no session cookie was set');
  return found.split(';')[0]!;
}

type TestNumbers = { phoneNumberId: string; wabaId: string; displayPhoneNumber?: string };

/** Gives a signed-up user a connected WhatsApp account and a team they own, as connecting a number does. */
export async function connectTestAccount(
  ctx: { db: Database; env: Env },
  user: { id: string; email: string },
  numbers: TestNumbers = { phoneNumberId: '109283746501234', wabaId: '104857600123456' },
) {
  const { whatsappAccounts, teams } = await import('../db/schema');
  const { encryptSecret } = await import('../lib/crypto');
  const [account] = await ctx.db
    .insert(whatsappAccounts)
    .values({
      userId: user.id,
      phoneNumberId: numbers.phoneNumberId,
      wabaId: numbers.wabaId,
      displayPhoneNumber: numbers.displayPhoneNumber ?? '+1 555-010-1234',
      businessName: 'Test Shop',
      accessTokenEncrypted: encryptSecret('test-access-token', ctx.env.secretKey),
    })
    .returning();
  const [team] = await ctx.db
    .insert(teams)
    .values({ name: 'Test Shop', whatsappAccountId: account!.id })
    .returning();
  await ctx.db
    .insert(teamMembers)
    .values({ teamId: team!.id, userId: user.id, email: user.email, role: 'owner', status: 'active' });
  return { account: account!, team: team! };
}

/** A new owner (signed up through the API) with a connected number, the fixture's primary by default. */
export async function signUpOwnerWithAccount(
  ctx: { app: FastifyInstance; db: Database; env: Env },
  numbers: TestNumbers = FIXTURE_ACCOUNTS.primary,
) {
  const owner = await signUpUser(ctx.app);
  const { account, team } = await connectTestAccount(
    ctx,
    { id: owner.body.user.id, email: owner.email },
    numbers,
  );
  return { owner, account, team };
}

/** A new user (signed up through the API) who is an active member of the team, as if they had joined. */
export async function signUpActiveMember(ctx: { app: FastifyInstance; db: Database }, teamId: string) {
  const member = await signUpUser(ctx.app);
  await ctx.db
    .insert(teamMembers)
    .values({ teamId, userId: member.body.user.id, email: member.email, role: 'member', status: 'active' });
  return member;
}

/** The secret of the newest invitation link e-mailed to `email` (from `mail_outbox`). */
export async function invitationTokenFor(db: Database, email: string): Promise<string> {
  const rows = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  for (const row of rows) {
    const token = /\/join\?token=([\w-]+)/.exec(row.text)?.[1];
    if (token) return decodeURIComponent(token);
  }
  throw new Error(`no invitation link was mailed to ${email}`);
}
