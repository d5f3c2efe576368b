import { Readable } from 'node:stream';
import { contactExportSchema } from '@common/api/contact-bulk';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../auth/require-account';
import { exportContacts } from '../../commands/export-contacts';

/**
 * POST /api/contact-table/export (issue 14): the selected contacts, or every contact matching a
 * filter, as a CSV download, streamed while it is read from the database. Owners only (the command's
 * policy answers members 403 `owner_only`). When the client goes away, reading stops.
 */
export const contactExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  app.post(
    '/contact-table/export',
    { config: { access: 'member' }, schema: { tags: ['contacts'], body: contactExportSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const aborted = new AbortController();
      const csv = await exportContacts(deps, actor, request.body.target, aborted.signal);
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) aborted.abort();
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'no-store')
        .header('x-export-count', String(csv.count))
        .send(Readable.from(csv.chunks, { objectMode: false }));
    },
  );
};
