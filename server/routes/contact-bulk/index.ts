import { type ContactBulkResponse, contactBulkSchema } from '@common/api/contact-bulk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../auth/require-account';
import { bulkContacts } from '../../commands/bulk-contacts';

/**
 * POST /api/contact-table/bulk (issue 14): tag, untag, assign or delete the selected contacts or every
 * contact matching a filter. Any teammate passes this gate; the command asks the policies (deleting is
 * owners only, assignment is judged per contact) and answers what changed and what failed.
 */
export const contactBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  app.post(
    '/contact-table/bulk',
    { config: { access: 'member' }, schema: { tags: ['contacts'], body: contactBulkSchema } },
    async (request): Promise<ContactBulkResponse> => {
      const actor = await requireAccount(request);
      return bulkContacts(deps, actor, request.body.target, request.body.action);
    },
  );
};
