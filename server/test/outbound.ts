import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { contacts, jobs, sandboxMessages, teamMembers, teams } from '../db/schema';
import { signUpUser } from './factories';
import type { TestContext } from './harness';
import type { TestUser } from './inbox-factories';
import { type ListeningContext, phoneApi, runSandboxJobs, sandboxSignup } from './sandbox';

/**
 * Helpers for inbox tests against the sandbox over real HTTP: a team connected through the app's own
 * connect endpoint, customers writing from the phone API, and the queues run to completion.
 */

export type SandboxTeam = {
  owner: TestUser;
  member: TestUser;
  accountId: string;
  teamId: string;
  phoneNumberId: string;
};

export async function connectSandboxTeam(
  ctx: ListeningContext,
  businessName = 'Lucky Shrub',
): Promise<SandboxTeam> {
  const ownerSignUp = await signUpUser(ctx.app);
  const owner: TestUser = {
    id: ownerSignUp.body.user.id,
    email: ownerSignUp.email,
    cookie: ownerSignUp.cookie,
  };
  const signup = await sandboxSignup(ctx.origin, businessName);
  const connected = await ctx.app.inject({
    method: 'POST',
    url: '/api/whatsapp/connect/embedded',
    headers: { cookie: owner.cookie },
    payload: { code: signup.code, wabaId: signup.data.waba_id, phoneNumberId: signup.data.phone_number_id },
  });
  expect(connected.statusCode, connected.body).toBe(201);
  const { accountId, teamId } = connected.json() as { accountId: string; teamId: string };
  const memberSignUp = await signUpUser(ctx.app);
  const member: TestUser = {
    id: memberSignUp.body.user.id,
    email: memberSignUp.email,
    cookie: memberSignUp.cookie,
  };
  await ctx.db
    .insert(teamMembers)
    .values({ teamId, userId: member.id, email: member.email, role: 'member', status: 'active' });
  const [team] = await ctx.db.select().from(teams).where(eq(teams.id, teamId));
  expect(team?.whatsappAccountId).toBe(accountId);
  return { owner, member, accountId, teamId, phoneNumberId: signup.data.phone_number_id };
}

/** Runs the app's own inbox jobs now, including retries scheduled for later, until none is left. */
export async function runInboxJobs(ctx: Pick<TestContext, 'db' | 'runner'>, rounds = 20): Promise<number> {
  let total = 0;
  for (let i = 0; i < rounds; i++) {
    await ctx.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(
        and(
          eq(jobs.status, 'queued'),
          or(like(jobs.name, 'message.%'), like(jobs.name, 'reaction.%'), like(jobs.name, 'media.%')),
        ),
      );
    const ran = await ctx.runner.drain();
    total += ran;
    if (ran === 0) break;
  }
  return total;
}

/** Everything in flight lands: sandbox webhooks, the app's processing and jobs, a few rounds. */
export async function settle(ctx: ListeningContext): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await runSandboxJobs(ctx);
    await ctx.webhooks.drain();
    await runInboxJobs(ctx);
  }
}

/** A customer writes to the business from the phone; returns the wamid once the app stored it. */
export async function customerWrites(
  ctx: ListeningContext,
  team: SandboxTeam,
  waId: string,
  text: string,
  name = 'Maya Patel',
): Promise<string> {
  await phoneApi(ctx.origin, 'POST', `/phone-numbers/${team.phoneNumberId}/customers`, { waId, name });
  const sent = await phoneApi<{ id: string }>(
    ctx.origin,
    'POST',
    `/phone-numbers/${team.phoneNumberId}/customers/${waId}/messages`,
    { type: 'text', text },
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  await settle(ctx);
  return sent.body.id;
}

/** The contact row for a customer of the team. */
export async function contactOf(ctx: ListeningContext, team: SandboxTeam, waId: string) {
  const [row] = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, team.accountId), eq(contacts.waId, waId)));
  if (!row) throw new Error(`no contact for ${waId}`);
  return row;
}

/** What the sandbox (Meta's side) holds as sent to a customer. */
export async function messagesAtMeta(ctx: ListeningContext, team: SandboxTeam, waId: string) {
  return ctx.db
    .select()
    .from(sandboxMessages)
    .where(
      and(
        eq(sandboxMessages.phoneNumberId, team.phoneNumberId),
        eq(sandboxMessages.customerWaId, waId),
        inArray(sandboxMessages.direction, ['to_customer']),
      ),
    )
    .orderBy(sandboxMessages.id);
}
