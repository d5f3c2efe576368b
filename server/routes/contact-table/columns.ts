import {
  type ContactTableColumn,
  type ContactTableColumnsResponse,
  contactTableColumnsSchema,
  DEFAULT_CONTACT_TABLE_COLUMNS,
} from '@common/api/contact-table';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../auth/require-account';
import type { Executor } from '../../db/client';
import { contactFields, contactTablePrefs } from '../../db/schema';

/**
 * The columns each user shows in the Contacts table, per account: a user's own preference, so
 * any teammate reads and writes only their own row (keyed by the session's user and account).
 * A custom field's column (`field:<key>`) is dropped from the answer once the field is deleted.
 */
async function readColumns(db: Executor, userId: string, accountId: string): Promise<ContactTableColumn[]> {
  const [row] = await db
    .select({ columns: contactTablePrefs.columns })
    .from(contactTablePrefs)
    .where(and(eq(contactTablePrefs.userId, userId), eq(contactTablePrefs.accountId, accountId)))
    .limit(1);
  const columns = (row?.columns ?? DEFAULT_CONTACT_TABLE_COLUMNS) as ContactTableColumn[];
  if (!columns.some((c) => c.startsWith('field:'))) return columns;
  const keys = new Set(
    (
      await db
        .select({ key: contactFields.key })
        .from(contactFields)
        .where(eq(contactFields.accountId, accountId))
    ).map((f) => `field:${f.key}`),
  );
  return columns.filter((c) => !c.startsWith('field:') || keys.has(c));
}

export const contactTableColumnRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { config: { access: 'member' as const } };
  const tags = ['contacts'];

  app.get('/contact-table/columns', { ...member, schema: { tags } }, async (request) => {
    const actor = await requireAccount(request);
    return {
      columns: await readColumns(app.db, actor.id, actor.accountId),
    } satisfies ContactTableColumnsResponse;
  });

  app.put(
    '/contact-table/columns',
    { ...member, schema: { tags, body: contactTableColumnsSchema } },
    async (request): Promise<ContactTableColumnsResponse> => {
      const actor = await requireAccount(request);
      const columns = [...new Set(request.body.columns)] as ContactTableColumn[];
      await app.db
        .insert(contactTablePrefs)
        .values({ userId: actor.id, accountId: actor.accountId, columns })
        .onConflictDoUpdate({
          target: [contactTablePrefs.userId, contactTablePrefs.accountId],
          set: { columns, updatedAt: new Date() },
        });
      return { columns: await readColumns(app.db, actor.id, actor.accountId) };
    },
  );
};
