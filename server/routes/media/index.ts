import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { media } from '../../db/schema';
import { byteRange } from '../../lib/byte-range';
import { notFound } from '../../lib/http-errors';
import { mediaPath } from '../../media/storage';
import { sniffMedia } from '../../outbound/sniff';

/**
 * On every media answer (errors too): whatever the file holds, a browser opening it on our origin
 * runs no script, loads nothing and gets a unique opaque origin. Images, audio and video shown by the
 * app as subresources (<img>, <video>) are not governed by their own response's CSP.
 */
export const MEDIA_CSP = "default-src 'none'; sandbox";

/** Leading bytes read to recognise a file: magic numbers of images, audio and video sit in the first few. */
const HEAD_BYTES = 4096;

/** Raster images a browser decodes without running anything (never SVG, which is a document). */
const RASTER_IMAGES = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/bmp',
  'image/avif',
]);

/**
 * Types a download may keep, so the saved file opens in the right application: documents WhatsApp
 * carries that no browser runs as a page on our origin (and with `attachment`, `nosniff` and the
 * sandbox CSP it would not anyway). Anything else downloads as application/octet-stream: HTML, SVG,
 * XML, JavaScript and unknown types never reach the browser under their own type.
 */
const SAFE_DOWNLOAD_TYPES = new Set([
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/zip',
]);

type Family = 'image' | 'av' | null;

/** Images, or audio/video (one family: MP4, WebM and Ogg containers hold either). */
function familyOf(mimeType: string): Family {
  if (RASTER_IMAGES.has(mimeType)) return 'image';
  if (mimeType.startsWith('audio/') || mimeType.startsWith('video/')) return 'av';
  return null;
}

function essence(mimeType: string | null): string | null {
  return mimeType?.split(';')[0]?.trim().toLowerCase() || null;
}

/** What the row says it is: its stored type, else its kind. */
function declaredFamily(row: { mimeType: string | null; kind: string }): Family {
  const declared = essence(row.mimeType);
  if (declared) return familyOf(declared);
  if (row.kind === 'image' || row.kind === 'sticker') return 'image';
  if (row.kind === 'audio' || row.kind === 'video') return 'av';
  return null;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * How a stored file is answered. Inline only when the row declares a raster image, audio or video
 * and the file's first bytes are one of the same family; it is then sent under the sniffed type (the
 * bytes', never the customer's word). Everything else (SVG, HTML, PDF, unknown, a declared type the
 * bytes contradict) is an attachment, under its stored type when that is a safe document type
 * (SAFE_DOWNLOAD_TYPES), else application/octet-stream.
 */
export function mediaPresentation(
  row: { mimeType: string | null; kind: string },
  head: Buffer,
  filename: string,
): { inline: boolean; contentType: string } {
  const sniffed = sniffMedia(head, filename).mimeType;
  const family = declaredFamily(row);
  if (family !== null && familyOf(sniffed) === family) return { inline: true, contentType: sniffed };
  const declared = essence(row.mimeType);
  return {
    inline: false,
    contentType: declared && SAFE_DOWNLOAD_TYPES.has(declared) ? declared : 'application/octet-stream',
  };
}

/** GET /api/media/:id: a stored file of the caller's account, with its type and a download name. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  // This plugin's scope only: every answer below, the file or an error.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('content-security-policy', MEDIA_CSP);
    reply.header('x-content-type-options', 'nosniff');
    return payload;
  });

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

      const name = (row.filename ?? `${row.kind}`).replace(/["\\\r\n]/g, '');
      const shown = mediaPresentation(row, await readHead(file), name);
      reply.header('content-type', shown.contentType);
      reply.header('cache-control', 'private, max-age=604800');
      reply.header('accept-ranges', 'bytes');
      const disposition = shown.inline && !request.query.download ? 'inline' : 'attachment';
      reply.header(
        'content-disposition',
        `${disposition}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      // Ranges let the browser read an audio or video file's length (an Ogg voice note's is at its
      // end) and seek in it.
      const range = byteRange(request.headers.range, info.size);
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${info.size}`);
        return reply.code(416).send();
      }
      if (range) {
        reply.header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
        reply.header('content-length', range.end - range.start + 1);
        return reply.code(206).send(createReadStream(file, range));
      }
      reply.header('content-length', info.size);
      return reply.send(createReadStream(file));
    },
  );
};
