import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { byteRange } from '../../lib/byte-range';
import { notFound } from '../../lib/http-errors';
import { findMediaInfo, loadMediaBytes } from '../state/media';
import {
  advanceClock,
  getSettings,
  sandboxNow,
  settingsPatchSchema,
  updateSettings,
} from '../state/settings';
import { publicRoute, tags } from './shared';

async function settingsView(db: Database) {
  const settings = await getSettings(db);
  return { settings, now: sandboxNow(settings).toISOString() };
}

/** The switches, the sandbox clock, and the files chats show. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/settings', { config: publicRoute, schema: { tags } }, async () => settingsView(app.db));

  app.put(
    '/settings',
    { config: publicRoute, schema: { tags, body: settingsPatchSchema } },
    async (request) => {
      await updateSettings(app.db, request.body);
      request.log.info({ changed: Object.keys(request.body) }, 'sandbox settings changed');
      return settingsView(app.db);
    },
  );

  app.post(
    '/clock/advance',
    {
      config: publicRoute,
      schema: {
        tags,
        body: z.object({
          seconds: z
            .number()
            .int()
            .min(-10 * 365 * 86_400)
            .max(10 * 365 * 86_400),
        }),
      },
    },
    async (request) => {
      await advanceClock(app.db, request.body.seconds);
      return settingsView(app.db);
    },
  );

  app.get(
    '/media/:mediaId',
    {
      config: publicRoute,
      schema: {
        tags,
        params: z.object({ mediaId: z.string().regex(/^\d+$/) }),
        querystring: z.object({ download: z.literal('1').optional() }),
      },
    },
    async (request, reply) => {
      const media = await findMediaInfo(app.db, request.params.mediaId);
      const bytes = media ? await loadMediaBytes(app.db, media.id) : null;
      if (!media || !bytes) throw notFound('No such media.');
      const name = (media.filename ?? `media-${media.id}`).replace(/["\\\r\n]/g, '');
      const disposition = request.query.download ? 'attachment' : 'inline';
      reply
        .header('content-type', media.mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('accept-ranges', 'bytes')
        .header(
          'content-disposition',
          `${disposition}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        );
      // Ranges let the phone's player read a voice note's length (at the end of an Ogg file).
      const range = byteRange(request.headers.range, bytes.length);
      if (range === 'unsatisfiable')
        return reply.code(416).header('content-range', `bytes */${bytes.length}`).send();
      if (!range) return reply.send(bytes);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${bytes.length}`)
        .send(bytes.subarray(range.start, range.end + 1));
    },
  );
};
