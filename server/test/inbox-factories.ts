import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { contacts, contactTags, messages, tags, teamMembers } from '../db/schema';
import type { Env } from '../env';
import { connectTestAccount, signUpUser } from './factories';

type Ctx = { app: FastifyInstance; db: Database; env: Env };
export type TestUser = { id: string; email: string; cookie: string };

/** An owner with a connected account and team, plus an active member of that team. */
export async function buildInboxTeam(ctx: Ctx, numbers?: { phoneNumberId: string; wabaId: string }) {
  const ownerSignUp = await signUpUser(ctx.app);
  const owner: TestUser = {
    id: ownerSignUp.body.user.id,
    email: ownerSignUp.email,
    cookie: ownerSignUp.cookie,
  };
  const { account, team } = await connectTestAccount(ctx, owner, numbers);
  const member = await addMember(ctx, team.id);
  return { owner, member, account, team };
}

/** Signs a new user up and makes them an active member of the team. */
export async function addMember(ctx: Ctx, teamId: string): Promise<TestUser> {
  const signUp = await signUpUser(ctx.app);
  const user: TestUser = { id: signUp.body.user.id, email: signUp.email, cookie: signUp.cookie };
  await ctx.db
    .insert(teamMembers)
    .values({ teamId, userId: user.id, email: user.email, role: 'member', status: 'active' });
  return user;
}

let phoneCounter = 0;

/** A contact row; the phone and wa_id are unique unless given. */
export async function buildContact(
  db: Database,
  accountId: string,
  fields: Partial<typeof contacts.$inferInsert> = {},
) {
  phoneCounter += 1;
  const phone = fields.phone ?? `1650555${String(1000 + phoneCounter).padStart(4, '0')}`;
  const [row] = await db
    .insert(contacts)
    .values({ accountId, waId: fields.waId ?? phone, phone, ...fields })
    .returning();
  return row!;
}

/** A message row of a contact (incoming by default, stamped now). */
export async function buildMessage(
  db: Database,
  contact: { id: string; accountId: string },
  fields: Partial<typeof messages.$inferInsert> = {},
) {
  const direction = fields.direction ?? 'incoming';
  const body = fields.body ?? 'Hello';
  const [row] = await db
    .insert(messages)
    .values({
      accountId: contact.accountId,
      contactId: contact.id,
      direction,
      type: 'text',
      body,
      preview: body,
      content: { kind: 'text', body },
      status: direction === 'incoming' ? 'delivered' : 'sent',
      timestamp: new Date(),
      ...fields,
    })
    .returning();
  return row!;
}

/** A tag of the account, put on the given contacts. */
export async function buildTag(db: Database, accountId: string, name: string, contactIds: string[] = []) {
  const [tag] = await db.insert(tags).values({ accountId, name }).returning();
  if (contactIds.length > 0)
    await db.insert(contactTags).values(contactIds.map((contactId) => ({ contactId, tagId: tag!.id })));
  return tag!;
}
