import {
  type ContactListResponse,
  type ContactResponse,
  type ConversationResponse,
  contactListQuerySchema,
  type InboxCountsResponse,
  inboxFilterQuerySchema,
  messageListQuerySchema,
} from '@common/api/inbox';
import { and, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { chatBotStateOf } from '../../ai/bot/chat-state';
import { requireAccount } from '../../auth/require-account';
import { contacts, messages } from '../../db/schema';
import { badRequest } from '../../lib/http-errors';
import { canSendFreeform } from '../../outbound/window';
import { inboxPolicy } from '../../policies/contact';
import { loadContactExtras, presentContactDetail, presentContacts } from '../../presenters/contact';
import { loadFieldValues } from '../../presenters/contact-fields';
import { presentMessages } from '../../presenters/message';
import { countInbox, decodeCursor, findContactPage } from './list-query';
import { loadContact } from './load';

const contactParams = z.object({ contactId: z.uuid() });

/** Messages strictly older than the cursor in (timestamp, id) order. */
function olderThan(cursor: string): SQL | undefined {
  const [at, id] = cursor.split('_') as [string, string];
  const when = new Date(at);
  return or(lt(messages.timestamp, when), and(eq(messages.timestamp, when), lt(messages.id, id)));
}

/** The chats screen: tab counts, the contact list, one contact, and its conversation page by page. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/inbox/counts',
    { config: { access: 'member' }, schema: { tags: ['inbox'], querystring: inboxFilterQuerySchema } },
    async (request): Promise<InboxCountsResponse> => {
      const actor = await requireAccount(request);
      const abilities = inboxPolicy.abilities(actor, { accountId: actor.accountId });
      const counts = await countInbox(
        app.db,
        { accountId: actor.accountId, actorId: actor.id, ...request.query },
        abilities.viewTeam,
      );
      return { ...counts, abilities };
    },
  );

  app.get(
    '/contacts',
    { config: { access: 'member' }, schema: { tags: ['inbox'], querystring: contactListQuerySchema } },
    async (request): Promise<ContactListResponse> => {
      const actor = await requireAccount(request);
      const { tab, cursor, limit, q, tagIds } = request.query;
      if (tab === 'team') inboxPolicy.authorize(actor, 'viewTeam', { accountId: actor.accountId });
      const teamView = inboxPolicy.can(actor, 'viewTeam', { accountId: actor.accountId });
      const decoded = cursor ? decodeCursor(cursor) : null;
      if (cursor && !decoded) throw badRequest('Invalid cursor', 'validation_failed', 'cursor');

      const now = await app.clock.now(app.db);
      const page = await findContactPage(
        app.db,
        { accountId: actor.accountId, actorId: actor.id, q, tagIds },
        { tab, cursor: decoded, limit, teamView },
      );
      return {
        contacts: await presentContacts(app.db, page.rows, now),
        nextCursor: page.nextCursor,
        serverNow: now.toISOString(),
      };
    },
  );

  app.get(
    '/contacts/:contactId',
    { config: { access: 'member' }, schema: { tags: ['inbox'], params: contactParams } },
    async (request): Promise<ContactResponse> => {
      const actor = await requireAccount(request);
      const contact = await loadContact(app.db, actor.accountId, request.params.contactId);
      const now = await app.clock.now(app.db);
      const [extras, values] = await Promise.all([
        loadContactExtras(app.db, [contact]),
        loadFieldValues(app.db, [contact.id]),
      ]);
      return {
        contact: {
          ...presentContactDetail(contact, extras, now, values.get(contact.id) ?? {}),
          bot: await chatBotStateOf(app.db, actor.accountId, contact.id),
        },
        serverNow: now.toISOString(),
      };
    },
  );

  app.get(
    '/contacts/:contactId/messages',
    {
      config: { access: 'member' },
      schema: { tags: ['inbox'], params: contactParams, querystring: messageListQuerySchema },
    },
    async (request): Promise<ConversationResponse> => {
      const actor = await requireAccount(request);
      const { before, limit } = request.query;
      const contact = await loadContact(app.db, actor.accountId, request.params.contactId);
      const now = await app.clock.now(app.db);

      const rows = await app.db
        .select()
        .from(messages)
        .where(and(eq(messages.contactId, contact.id), before ? olderThan(before) : undefined))
        .orderBy(desc(messages.timestamp), desc(messages.id))
        .limit(limit);

      // Opening a chat (its newest page) clears the unread badge for the whole team.
      if (!before && contact.unreadCount > 0) {
        const cleared = await app.events.transaction(async (tx, emit) => {
          const [row] = await tx
            .update(contacts)
            .set({ unreadCount: 0, updatedAt: new Date() })
            .where(and(eq(contacts.id, contact.id), gt(contacts.unreadCount, 0)))
            .returning();
          if (row) emit({ kind: 'contact.updated', accountId: actor.accountId, contactId: contact.id });
          return row;
        });
        if (cleared) Object.assign(contact, cleared);
      }

      const windowOpen = canSendFreeform(contact, now);
      const [extras, values, presented] = await Promise.all([
        loadContactExtras(app.db, [contact]),
        loadFieldValues(app.db, [contact.id]),
        presentMessages(app.db, actor.accountId, rows, () => windowOpen),
      ]);
      const oldest = rows.at(-1);
      return {
        contact: {
          ...presentContactDetail(contact, extras, now, values.get(contact.id) ?? {}),
          bot: await chatBotStateOf(app.db, actor.accountId, contact.id),
        },
        messages: presented,
        nextCursor: rows.length === limit && oldest ? `${oldest.timestamp.toISOString()}_${oldest.id}` : null,
        serverNow: now.toISOString(),
      };
    },
  );
};
