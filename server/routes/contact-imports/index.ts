import { Readable } from 'node:stream';
import {
  type ContactImportListResponse,
  type ContactImportResponse,
  type CreateImportResponse,
  IMPORT_MAX_BYTES,
  IMPORT_MSG,
  startImportSchema,
} from '@common/api/contact-imports';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import {
  createImport,
  failedRowsCsv,
  getImport,
  listImports,
  startImport,
} from '../../commands/contact-imports';
import { importTooLarge } from '../../contact-imports/csv';
import { badRequest } from '../../lib/http-errors';
import { withUploadedFile } from '../../outbound/receive-upload';
import { contactImportPolicy } from '../../policies/contact-import';

const params = z.object({ importId: z.uuid() });
const owner = { access: 'owner' as const };
const schemaTags = ['contact-imports'];

/** The multipart parser's own "file too large" (a part cut at the limit). */
const tooLargeFromParser = (error: unknown) =>
  error instanceof Error && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * CSV imports of contacts (issue 14; owners only): upload with preview, start with a mapping, follow,
 * and download the failed rows. The work itself is the `contacts.import` job (server/contact-imports/).
 */
export const contactImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 6 } });
  const deps = { db: app.db, env: app.env, events: app.events };

  app.post(
    '/contact-imports',
    { config: owner, schema: { tags: schemaTags, consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      // Refuse before reading a member's upload at all.
      contactImportPolicy.authorize(actor, 'import', { accountId: actor.accountId });
      const declared = Number(request.headers['content-length']);
      // Past the limit plus room for the multipart framing: refused without reading the body.
      if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES + 64 * 1024) throw importTooLarge();
      if (!request.isMultipart()) throw badRequest(IMPORT_MSG.noFile, 'validation_failed', 'file');
      let body: CreateImportResponse;
      try {
        body = await withUploadedFile(request, app.env, actor.accountId, (file, _fields, size) =>
          createImport(deps, actor, file, size),
        );
      } catch (error) {
        if (tooLargeFromParser(error)) throw importTooLarge();
        if (error instanceof Error && error.message === 'Please choose a file to upload')
          throw badRequest(IMPORT_MSG.noFile, 'validation_failed', 'file');
        throw error;
      }
      return reply.code(201).send(body);
    },
  );

  app.get('/contact-imports', { config: owner, schema: { tags: schemaTags } }, async (request) => {
    const actor = await requireAccount(request);
    return { imports: await listImports(app.db, actor) } satisfies ContactImportListResponse;
  });

  app.get(
    '/contact-imports/:importId',
    { config: owner, schema: { tags: schemaTags, params } },
    async (request): Promise<ContactImportResponse> => {
      const actor = await requireAccount(request);
      return { import: await getImport(app.db, actor, request.params.importId) };
    },
  );

  app.post(
    '/contact-imports/:importId/start',
    { config: owner, schema: { tags: schemaTags, params, body: startImportSchema } },
    async (request): Promise<ContactImportResponse> => {
      const actor = await requireAccount(request);
      return { import: await startImport(deps, actor, request.params.importId, request.body) };
    },
  );

  app.get(
    '/contact-imports/:importId/failed-rows',
    { config: owner, schema: { tags: schemaTags, params } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const { fileName, lines } = await failedRowsCsv(app.db, actor, request.params.importId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  );
};
