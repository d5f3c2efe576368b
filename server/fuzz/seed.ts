import { EVERY_CONTACT_FILTER } from '@common/api/contact-filter';
import { asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  campaignRecipients,
  campaigns,
  contactFields,
  contactFieldValues,
  contactImports,
  contactSegments,
  contacts,
  contactTags,
  media,
  messages,
  reactions,
  sandboxCustomers,
  savedMessages,
  tags,
  teamMembers,
  teams,
  templates,
  whatsappAccounts,
} from '../db/schema';
import { storeMediaFile } from '../media/storage';
import { insertRegistryImport } from '../test/authorize-cases/imports';
import { buildContact, buildMessage, buildTag } from '../test/inbox-factories';
import type { SandboxTeam } from '../test/outbound';
import type { ListeningContext } from '../test/sandbox';
import { FILES } from './multipart';

/**
 * The fuzz suite's two teams: what each is seeded with, the real ids its path parameters draw from
 * (topped up as the fuzz deletes rows), and the snapshot of a team's rows that must not change.
 */

let topUps = 0;

/** Contacts with messages (one with a stored image), a tag, an approved template, a saved message. */
export async function seedTeam(ctx: ListeningContext, team: SandboxTeam, name: 'A' | 'B') {
  const secret = name === 'B' ? (s: string) => `secret-${s}-B` : (s: string) => `fuzz-${s}-A`;
  const seeded: { id: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const contact = await buildContact(ctx.db, team.accountId, {
      profileName: secret('customer'),
      notes: secret('note'),
      lastIncomingAt: new Date(),
      lastMessageAt: new Date(),
      unreadCount: 2,
    });
    const [file] = await ctx.db
      .insert(media)
      .values({
        accountId: team.accountId,
        direction: 'incoming',
        kind: 'image',
        mimeType: 'image/png',
        status: 'ready',
        providerMediaId: `fuzz-media-${name}-${i}`,
      })
      .returning();
    const storageKey = await storeMediaFile(ctx.env, team.accountId, file!.id, FILES.PNG);
    await ctx.db.update(media).set({ storageKey }).where(eq(media.id, file!.id));
    await buildMessage(ctx.db, contact, { body: secret('body'), externalId: `wamid.FUZZ-${name}-${i}-in` });
    await buildMessage(ctx.db, contact, {
      type: 'image',
      body: '',
      mediaId: file!.id,
      externalId: `wamid.FUZZ-${name}-${i}-img`,
      content: {
        kind: 'image',
        media: {
          id: `fuzz-media-${name}-${i}`,
          mimeType: 'image/png',
          sha256: null,
          caption: null,
          filename: null,
          url: null,
        },
      },
    });
    await buildMessage(ctx.db, contact, {
      direction: 'outgoing',
      status: 'failed',
      body: secret('body'),
      externalId: null,
    });
    await buildTag(ctx.db, team.accountId, `${secret('tag')}-${i}`, [contact.id]);
    seeded.push(contact);
  }
  await ctx.db.insert(templates).values({
    accountId: team.accountId,
    name: name === 'B' ? 'secret_template_b' : 'fuzz_template_a',
    language: 'en_US',
    category: 'UTILITY',
    status: 'approved',
    components: [{ type: 'BODY', text: 'Hello {{1}}, your order is ready.' }],
  });
  await ctx.db
    .insert(savedMessages)
    .values({ teamId: team.teamId, name: secret('saved'), content: secret('saved') });
  await ctx.db.insert(contactSegments).values({
    accountId: team.accountId,
    name: secret('segment'),
    filter: EVERY_CONTACT_FILTER,
    createdBy: team.owner.id,
  });
  await ctx.db.insert(campaigns).values({
    accountId: team.accountId,
    teamId: team.teamId,
    name: secret('campaign'),
    createdBy: team.owner.id,
  });
  // A campaign that was sent, for the report's routes: one read, one failed with Meta's words, one queued.
  const [campaign] = await ctx.db
    .insert(campaigns)
    .values({
      accountId: team.accountId,
      teamId: team.teamId,
      name: secret('sent-campaign'),
      createdBy: team.owner.id,
      status: 'completed',
    })
    .returning();
  const sent = new Date();
  await ctx.db.insert(campaignRecipients).values(
    (['read', 'failed', 'queued'] as const).map((status, i) => ({
      campaignId: campaign!.id,
      accountId: team.accountId,
      contactId: seeded[i]!.id,
      status,
      sentAt: status === 'queued' ? null : sent,
      readAt: status === 'read' ? sent : null,
      errorCode: status === 'failed' ? 131026 : null,
      error: status === 'failed' ? secret('error') : null,
    })),
  );
  await insertRegistryImport(ctx.db, { id: team.owner.id, teamId: team.teamId, accountId: team.accountId });
}

/** The rows a route's path parameter names, by parameter: (table, its id, its account column). */
function accountIdTables(): Record<string, [PgTable, PgColumn, PgColumn]> {
  return {
    messageId: [messages, messages.id, messages.accountId],
    tagId: [tags, tags.id, tags.accountId],
    fieldId: [contactFields, contactFields.id, contactFields.accountId],
    segmentId: [contactSegments, contactSegments.id, contactSegments.accountId],
    campaignId: [campaigns, campaigns.id, campaigns.accountId],
    importId: [contactImports, contactImports.id, contactImports.accountId],
    templateId: [templates, templates.id, templates.accountId],
    mediaId: [media, media.id, media.accountId],
  };
}

export async function refreshIds(ctx: ListeningContext, team: SandboxTeam, into: Record<string, string[]>) {
  const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((r) => r.id);
  const contactIds = await ids(
    ctx.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.accountId, team.accountId)).limit(20),
  );
  Object.assign(into, {
    contactId: contactIds,
    ...Object.fromEntries(
      await Promise.all(
        Object.entries(accountIdTables()).map(async ([name, [table, id, account]]) => [
          name,
          (await ctx.db.select({ id }).from(table).where(eq(account, team.accountId)).limit(20)).map((r) =>
            String(r.id),
          ),
        ]),
      ),
    ),
    savedMessageId: await ids(
      ctx.db
        .select({ id: savedMessages.id })
        .from(savedMessages)
        .where(eq(savedMessages.teamId, team.teamId)),
    ),
    memberId: await ids(
      ctx.db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.teamId, team.teamId)),
    ),
    userId: [team.owner.id, team.member.id],
    phoneNumberId: [team.phoneNumberId],
  });
  // The field PUT /api/contacts/:contactId/fields sets (the fuzz deletes fields now and then too).
  await ctx.db
    .insert(contactFields)
    .values({ accountId: team.accountId, key: 'fuzz_field', label: 'Fuzz field', type: 'text' })
    .onConflictDoNothing();
  // The fuzz deletes contacts and tags now and then: top them up so those routes stay reachable.
  if (contactIds.length < 2 || into.tagId!.length === 0) {
    const contact = await buildContact(ctx.db, team.accountId, {
      lastIncomingAt: new Date(),
      lastMessageAt: new Date(),
    });
    await buildMessage(ctx.db, contact);
    await buildTag(ctx.db, team.accountId, `fuzz-tag-${++topUps}`, [contact.id]);
    await refreshIds(ctx, team, into);
  }
}

/** The rows of `table` whose `column` is `value`, ordered by `order` (stable between snapshots). */
function rowsWhere(
  ctx: ListeningContext,
  table: PgTable,
  column: PgColumn,
  value: string,
  order: PgColumn = column,
) {
  return ctx.db.select().from(table).where(eq(column, value)).orderBy(asc(order));
}

/** Every row of a team, in a stable order, as JSON per table (team B's must not change). */
export async function snapshotTeam(
  ctx: ListeningContext,
  team: SandboxTeam,
): Promise<Record<string, string>> {
  const { accountId, teamId, phoneNumberId } = team;
  const tagRows = await rowsWhere(ctx, tags, tags.accountId, accountId, tags.id);
  const tables = {
    account: await rowsWhere(ctx, whatsappAccounts, whatsappAccounts.id, accountId),
    team: await rowsWhere(ctx, teams, teams.id, teamId),
    members: await rowsWhere(ctx, teamMembers, teamMembers.teamId, teamId, teamMembers.id),
    contacts: await rowsWhere(ctx, contacts, contacts.accountId, accountId, contacts.id),
    messages: await rowsWhere(ctx, messages, messages.accountId, accountId, messages.id),
    media: await rowsWhere(ctx, media, media.accountId, accountId, media.id),
    reactions: await rowsWhere(ctx, reactions, reactions.accountId, accountId, reactions.id),
    tags: tagRows,
    contactTags:
      tagRows.length === 0
        ? []
        : await ctx.db
            .select()
            .from(contactTags)
            .where(
              inArray(
                contactTags.tagId,
                tagRows.map((t) => t.id as string),
              ),
            )
            .orderBy(asc(contactTags.tagId), asc(contactTags.contactId)),
    templates: await rowsWhere(ctx, templates, templates.accountId, accountId, templates.id),
    contactFields: await rowsWhere(ctx, contactFields, contactFields.accountId, accountId, contactFields.id),
    segments: await rowsWhere(ctx, contactSegments, contactSegments.accountId, accountId, contactSegments.id),
    campaigns: await rowsWhere(ctx, campaigns, campaigns.accountId, accountId, campaigns.id),
    campaignRecipients: await rowsWhere(
      ctx,
      campaignRecipients,
      campaignRecipients.accountId,
      accountId,
      campaignRecipients.id,
    ),
    contactFieldValues: await ctx.db
      .select({ row: contactFieldValues })
      .from(contactFieldValues)
      .innerJoin(contactFields, eq(contactFields.id, contactFieldValues.fieldId))
      .where(eq(contactFields.accountId, accountId))
      .orderBy(asc(contactFieldValues.fieldId), asc(contactFieldValues.contactId)),
    savedMessages: await rowsWhere(ctx, savedMessages, savedMessages.teamId, teamId, savedMessages.id),
    customers: await rowsWhere(
      ctx,
      sandboxCustomers,
      sandboxCustomers.phoneNumberId,
      phoneNumberId,
      sandboxCustomers.waId,
    ),
  };
  return Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, JSON.stringify(rows)]));
}
