import { MEDIA_LIMITS } from '@common/api/inbox';
import { HEADER_MEDIA_KINDS, type HeaderMediaResponse } from '@common/api/interactive';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { badRequest } from '../../lib/http-errors';
import { checkAttachment } from '../../outbound/attachment-rules';
import { keepAsMedia, uploadedSize, withUploadedFile } from '../../outbound/receive-upload';
import { documentFilename, sniffMedia } from '../../outbound/sniff';

const query = z.object({
  kind: z.enum(HEADER_MEDIA_KINDS, { error: 'Choose Image, Video or Document for the header' }),
});

/**
 * The file a reply-buttons header carries (issue 17), uploaded when the agent picks it so the dialog
 * can preview it: judged by its bytes with the composer's rules for that kind (image 5 MB JPEG/PNG,
 * video 16 MB MP4/3GPP, document 100 MB) and the composer's words, kept as an outgoing media row of
 * the account. The send names it by id; the message gets its own copy then.
 */
export const interactiveRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MEDIA_LIMITS.document.maxBytes, files: 1, fields: 2, parts: 4 },
  });
  const deps = { db: app.db, env: app.env };

  app.post(
    '/interactive/header-media',
    {
      config: { access: 'member' },
      schema: { tags: ['inbox'], querystring: query, consumes: ['multipart/form-data'] },
    },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const kind = request.query.kind;
      const row = await withUploadedFile(request, app.env, actor.accountId, async (file, _f, declared) => {
        const verdict = checkAttachment(
          sniffMedia(file.head, file.filename),
          uploadedSize(file, declared),
          kind,
        );
        if (!verdict.ok) throw badRequest(verdict.message, verdict.code, 'file');
        const filename =
          kind === 'document' ? documentFilename(file.filename, verdict.mimeType) : file.filename || null;
        return keepAsMedia(deps, actor.accountId, file, { kind, mimeType: verdict.mimeType, filename });
      });
      const body: HeaderMediaResponse = {
        media: {
          id: row.id,
          kind,
          mimeType: row.mimeType ?? 'application/octet-stream',
          filename: row.filename,
          size: row.fileSize,
          url: `/api/media/${row.id}`,
        },
      };
      return reply.code(201).send(body);
    },
  );
};
