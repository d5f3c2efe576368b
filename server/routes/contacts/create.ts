import { type CreateContactResponse, createContactSchema } from '@common/api/new-contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../auth/require-account';
import { ContactExistsError, createContact } from '../../commands/create-contact';

/**
 * POST /api/contacts (issue 14 "Add contact"): any teammate. 201 `{ contactId }`; 409 with the
 * existing contact's id when the number is already a contact, so the UI can open it.
 */
export const createContactRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  app.post(
    '/contacts',
    { config: { access: 'member' }, schema: { tags: ['contacts'], body: createContactSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      try {
        const created: CreateContactResponse = await createContact(deps, actor, request.body);
        return reply.code(201).send(created);
      } catch (error) {
        if (!(error instanceof ContactExistsError)) throw error;
        return reply
          .code(409)
          .send({ error: error.code, message: error.message, field: 'phone', contactId: error.contactId });
      }
    },
  );
};
