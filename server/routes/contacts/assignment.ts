import { assignContactSchema, assignContactsSchema } from '@common/api/assignment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { assignContacts } from '../../commands/assign-contacts';
import { HttpError } from '../../lib/http-errors';

/** Assigning and unassigning contacts, one or many; the requester is always the session user. */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contacts/:contactId/assignment',
    {
      config: { access: 'member' },
      schema: { tags: ['contacts'], params: z.object({ contactId: z.uuid() }), body: assignContactSchema },
    },
    async (request) => {
      const actor = await requireAccount(request);
      const result = await assignContacts(app.db, actor, [request.params.contactId], request.body.assigneeId);
      const failure = result.failed[0];
      if (failure) {
        const notFound = failure.message === 'Contact not found';
        throw new HttpError(notFound ? 404 : 403, notFound ? 'not_found' : 'forbidden', failure.message);
      }
      return { contactId: request.params.contactId, assignedTo: request.body.assigneeId };
    },
  );

  app.post(
    '/contacts/assignment',
    { config: { access: 'member' }, schema: { tags: ['contacts'], body: assignContactsSchema } },
    async (request) => {
      const actor = await requireAccount(request);
      return assignContacts(app.db, actor, request.body.contactIds, request.body.assigneeId);
    },
  );
};
