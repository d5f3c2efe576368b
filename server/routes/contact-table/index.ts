import {
  type ContactTableCountResponse,
  type ContactTableResponse,
  contactTableFilterSchema,
  contactTableQuerySchema,
} from '@common/api/contact-table';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../auth/require-account';
import { badRequest } from '../../lib/http-errors';
import { loadContactExtras } from '../../presenters/contact';
import { loadFieldValues } from '../../presenters/contact-fields';
import { presentContactTableRow } from '../../presenters/contact-table';
import { contactTableColumnRoutes } from './columns';
import { countMessagesOf, countTable, decodeTableCursor, defaultDir, findTablePage } from './query';
import { scopeFor } from './scope';

/** The Contacts page's table: one sorted, filtered keyset page, and how many contacts match. */
export const contactTableRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(contactTableColumnRoutes);
  app.get(
    '/contact-table',
    { config: { access: 'member' }, schema: { tags: ['contacts'], querystring: contactTableQuerySchema } },
    async (request): Promise<ContactTableResponse> => {
      const actor = await requireAccount(request);
      const { sort, cursor, limit, ...filter } = request.query;
      const dir = request.query.dir ?? defaultDir(sort);
      const scope = scopeFor(actor, filter);
      const decoded = cursor ? decodeTableCursor(cursor) : null;
      if (cursor && !decoded) throw badRequest('Invalid cursor', 'validation_failed', 'cursor');
      if (decoded && (decoded.sort !== sort || decoded.dir !== dir))
        throw badRequest(
          'The cursor belongs to another sort: start from the first page',
          'validation_failed',
          'cursor',
        );

      const page = await findTablePage(app.db, scope, filter, { sort, dir, cursor: decoded, limit });
      const ids = page.rows.map((r) => r.id);
      const [extras, counts, values] = await Promise.all([
        loadContactExtras(app.db, page.rows),
        countMessagesOf(app.db, ids),
        loadFieldValues(app.db, ids),
      ]);
      return {
        contacts: page.rows.map((row) =>
          presentContactTableRow(row, extras, counts.get(row.id) ?? 0, values.get(row.id) ?? {}),
        ),
        nextCursor: page.nextCursor,
      };
    },
  );

  app.get(
    '/contact-table/count',
    { config: { access: 'member' }, schema: { tags: ['contacts'], querystring: contactTableFilterSchema } },
    async (request): Promise<ContactTableCountResponse> => {
      const actor = await requireAccount(request);
      const scope = scopeFor(actor, request.query);
      return { count: await countTable(app.db, scope, request.query) };
    },
  );
};
