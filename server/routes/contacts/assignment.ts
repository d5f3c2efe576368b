import {
  type AssignContactsResponse,
  assignContactSchema,
  assignContactsSchema,
} from '@common/api/assignment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { assignContact, assignContacts } from '../../commands/assign-contacts';

/** Assigning and unassigning contacts, one or many; the requester is always the session user. */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  app.post(
    '/contacts/:contactId/assignment',
    {
      config: { access: 'member' },
      schema: { tags: ['contacts'], params: z.object({ contactId: z.uuid() }), body: assignContactSchema },
    },
    async (request) => {
      const actor = await requireAccount(request);
      await assignContact(deps, actor, request.params.contactId, request.body.assigneeId);
      return { contactId: request.params.contactId, assignedTo: request.body.assigneeId };
    },
  );

  app.post(
    '/contacts/assignment',
    { config: { access: 'member' }, schema: { tags: ['contacts'], body: assignContactsSchema } },
    async (request) => {
      const actor = await requireAccount(request);
      const { assigned, failed } = await assignContacts(
        deps,
        actor,
        request.body.contactIds,
        request.body.assigneeId,
      );
      // The wire names each failure by its message (common/api/assignment.ts); codes stay server-side.
      return {
        assigned,
        failed: failed.map(({ contactId, message }) => ({ contactId, message })),
      } satisfies AssignContactsResponse;
    },
  );
};
