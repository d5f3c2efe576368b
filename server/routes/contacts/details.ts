import {
  contactMediaQuerySchema,
  contactStateSchema,
  updateContactSchema,
} from '@common/api/contact-details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { contactMedia, contactStats, deleteContact, setContactState } from '../../commands/contact-panel';
import { updateContact } from '../../commands/update-contact';

/**
 * The contact panel: notes and name, stats and files, archive and block (any teammate), delete (owners:
 * it removes the whole conversation). The declared access is the first gate; each command loads the
 * contact within the account and asks policies/contact.ts.
 */
export const contactDetailRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  app.patch(
    '/contacts/:contactId',
    {
      config: { access: 'member' },
      schema: { tags: ['contacts'], params: z.object({ contactId: z.uuid() }), body: updateContactSchema },
    },
    async (request) => {
      const actor = await requireAccount(request);
      return updateContact(deps, actor, request.params.contactId, request.body);
    },
  );

  const params = z.object({ contactId: z.uuid() });

  app.get(
    '/contacts/:contactId/stats',
    { config: { access: 'member' }, schema: { tags: ['contacts'], params } },
    async (request) => {
      const actor = await requireAccount(request);
      return contactStats(app.db, actor, request.params.contactId);
    },
  );

  app.get(
    '/contacts/:contactId/media',
    {
      config: { access: 'member' },
      schema: { tags: ['contacts'], params, querystring: contactMediaQuerySchema },
    },
    async (request) => {
      const actor = await requireAccount(request);
      const { tab, limit } = request.query;
      return { items: await contactMedia(app.db, actor, request.params.contactId, tab, limit) };
    },
  );

  app.post(
    '/contacts/:contactId/state',
    { config: { access: 'member' }, schema: { tags: ['contacts'], params, body: contactStateSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      await setContactState(deps, actor, request.params.contactId, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/contacts/:contactId',
    { config: { access: 'owner' }, schema: { tags: ['contacts'], params } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      await deleteContact(deps, actor, request.params.contactId);
      return reply.code(204).send();
    },
  );
};
