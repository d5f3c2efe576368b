import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { media } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { mediaPath } from '../../media/storage';

/** GET /api/media/:id: a stored file of the caller's account, with its type and a download name. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/:mediaId',
    {
      config: { access: 'member' },
      schema: {
        tags: ['media'],
        params: z.object({ mediaId: z.uuid() }),
        querystring: z.object({ download: z.literal('1').optional() }),
      },
    },
    async (request, reply) => {
      const { accountId } = await requireAccount(request);
      const [row] = await app.db
        .select()
        .from(media)
        .where(and(eq(media.id, request.params.mediaId), eq(media.accountId, accountId)))
        .limit(1);
      if (!row?.storageKey || row.status !== 'ready') throw notFound('Media not available');
      // A file missing from the media store (a lost volume) is unavailable, not a server fault.
      const file = mediaPath(app.env, row.storageKey);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) {
        request.log.warn({ mediaId: row.id }, 'media file missing from the store');
        throw notFound('Media not available');
      }

      reply.header('content-type', row.mimeType ?? 'application/octet-stream');
      reply.header('content-length', info.size);
      reply.header('cache-control', 'private, max-age=604800');
      reply.header('x-content-type-options', 'nosniff');
      const name = (row.filename ?? `${row.kind}`).replace(/["\\\r\n]/g, '');
      const disposition = request.query.download ? 'attachment' : 'inline';
      reply.header(
        'content-disposition',
        `${disposition}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      return reply.send(createReadStream(file));
    },
  );
};
