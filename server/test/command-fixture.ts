import { EVERY_CONTACT_FILTER } from '@common/api/contact-filter';
import { eq } from 'drizzle-orm';
import {
  contactFields,
  contactFieldValues,
  contactSegments,
  savedMessages,
  teamMembers,
  templates,
} from '../db/schema';
import type { PolicyActor } from '../policies/define-policy';
import type { TestContext } from './harness';
import { buildContact, buildInboxTeam, buildMessage, buildTag } from './inbox-factories';

/** Who runs a command without its ability: a member, another team's owner, a user in no team. */
export type Who = 'member' | 'outsider' | 'teamless';

/**
 * One command's entry in server/commands/commands-authorize.test.ts (capabilities keep theirs in
 * server/test/authorize-cases/): the ability it asks for (documentation; the policy names it in its
 * refusal), who lacks it (`outsider` and `teamless` always do; `member` for owner-only abilities), and
 * a call that runs it.
 */
export type AuthorizeCase = {
  ability: string;
  refuses: Who[];
  run(actor: Actor, fx: CommandFixture): Promise<unknown>;
};
export type Actor = NonNullable<PolicyActor> & { teamId: string; accountId: string; email: string };
export type CommandFixture = Awaited<ReturnType<typeof buildCommandFixture>>;

/** Two teams with one of each row a command acts on, all in team A; team B's owner is the outsider. */
export async function buildCommandFixture(ctx: TestContext) {
  const a = await buildInboxTeam(ctx);
  const b = await buildInboxTeam(ctx, { phoneNumberId: '120394857612345', wabaId: '118765432109876' });
  const actorOf = (
    user: { id: string; email: string },
    role: 'owner' | 'member',
    t: { team: { id: string }; account: { id: string } },
  ): Actor => ({ id: user.id, email: user.email, role, teamId: t.team.id, accountId: t.account.id });

  const contact = await buildContact(ctx.db, a.account.id, { lastIncomingAt: new Date() });
  const incoming = await buildMessage(ctx.db, contact, { externalId: 'wamid.REGISTRY-IN' });
  const failed = await buildMessage(ctx.db, contact, { direction: 'outgoing', status: 'failed' });
  const tag = await buildTag(ctx.db, a.account.id, 'registry-tag', [contact.id]);
  const [saved] = await ctx.db
    .insert(savedMessages)
    .values({ teamId: a.team.id, name: 'registry-saved', content: 'x' })
    .returning();
  const [template] = await ctx.db
    .insert(templates)
    .values({
      accountId: a.account.id,
      name: 'registry_template',
      language: 'en_US',
      category: 'UTILITY',
      status: 'approved',
      components: [{ type: 'BODY', text: 'Hello' }],
    })
    .returning();
  const [field] = await ctx.db
    .insert(contactFields)
    .values({ accountId: a.account.id, key: 'registry_field', label: 'Registry field', type: 'text' })
    .returning();
  await ctx.db.insert(contactFieldValues).values({ contactId: contact.id, fieldId: field!.id, value: 'x' });
  // Saved by the owner: a member may count it but not change it.
  const [segment] = await ctx.db
    .insert(contactSegments)
    .values({
      accountId: a.account.id,
      name: 'registry-segment',
      filter: EVERY_CONTACT_FILTER,
      createdBy: a.owner.id,
    })
    .returning();
  const [invited] = await ctx.db
    .insert(teamMembers)
    .values({ teamId: a.team.id, email: 'registry-invited@example.com', role: 'member', status: 'invited' })
    .returning();
  const [memberRow] = await ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, a.member.id));

  return {
    owner: actorOf(a.owner, 'owner', a),
    actors: {
      member: actorOf(a.member, 'member', a),
      outsider: actorOf(b.owner, 'owner', b),
      // Signed in, in no team: what a removed member is from the next request on.
      teamless: {
        id: a.member.id,
        email: a.member.email,
        role: null,
        teamId: null,
        accountId: null,
      } as never,
    } satisfies Record<Who, Actor>,
    contact,
    incoming,
    failed,
    tagId: tag.id,
    savedId: saved!.id,
    templateId: template!.id,
    fieldId: field!.id,
    segmentId: segment!.id,
    invitedId: invited!.id,
    memberRowId: memberRow!.id,
  };
}
