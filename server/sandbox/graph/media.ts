import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readMultipart } from '../multipart';
import { findPhoneNumber } from '../state/accounts';
import {
  checkMediaSignature,
  findMediaInfo,
  loadMediaBytes,
  storeMedia,
  uploadProblem,
} from '../state/media';
import { lookupAccessToken } from '../state/tokens';
import { bearerToken, type GraphContext } from './context';
import { graphErrorBody, graphErrors } from './errors';
import type { GraphNode } from './nodes';
import { NODE_TYPES } from './nodes';

const uploadFields = z.object({
  messaging_product: z.literal('whatsapp', {
    error: 'The parameter messaging_product is required and must be whatsapp.',
  }),
  type: z.string().optional(),
  file: z.instanceof(File, { error: 'The parameter file is required.' }),
});

/**
 * POST /{phone_number_id}/media (multipart: messaging_product, type, file): checks Meta's type and
 * size table (131053 otherwise) and stores the bytes; answers the new media id. `messaging_product`
 * may come in the form or the query string, as client libraries send it either way.
 */
export async function uploadMedia(ctx: GraphContext, node: GraphNode, request: FastifyRequest) {
  if (node.kind !== 'phone') throw graphErrors.unknownEdge('media', NODE_TYPES[node.kind]);
  const form = await readMultipart(request);
  if (!form) throw graphErrors.invalidParameter('The request must be multipart/form-data with a file.');
  const parsed = uploadFields.safeParse({
    messaging_product:
      form.get('messaging_product') ??
      (request.query as Record<string, unknown>).messaging_product ??
      undefined,
    type: form.get('type') ?? undefined,
    file: form.get('file') ?? undefined,
  });
  if (!parsed.success)
    throw graphErrors.invalidParameter(parsed.error.issues[0]?.message ?? 'Invalid upload.');
  const { file } = parsed.data;
  const mimeType = (parsed.data.type || file.type || '').trim();
  const data = Buffer.from(await file.arrayBuffer());
  const problem = uploadProblem(mimeType, data.length);
  if (problem) throw graphErrors.media(problem);
  const stored = await storeMedia(ctx.db, {
    phoneNumberId: node.phone.id,
    mimeType,
    filename: file.name && file.name !== 'blob' ? file.name : null,
    data,
  });
  return { id: stored.id };
}

const downloadQuery = z.object({ mid: z.string().regex(/^\d+$/), ext: z.string(), hash: z.string() });

/**
 * GET of a media URL from GET /{media_id}: valid 5 minutes, and only with a bearer token that may see
 * the file; answers the bytes with their Content-Type (401 without a token, 404 once expired).
 */
export async function downloadMedia(ctx: GraphContext, request: FastifyRequest, reply: FastifyReply) {
  const notFound = () =>
    reply
      .code(404)
      .send(graphErrorBody(graphErrors.invalidParameter('The media URL is invalid or has expired.')));
  const query = downloadQuery.safeParse(request.query);
  if (!query.success || checkMediaSignature(query.data, ctx.env.secretKey) !== 'ok') return notFound();

  const value = bearerToken(request);
  const token = value ? await lookupAccessToken(ctx.db, value, ctx.now) : null;
  if (!token?.ok) {
    const error =
      token && !token.ok && token.expiredAt
        ? graphErrors.expiredToken(token.expiredAt, ctx.now)
        : graphErrors.invalidToken();
    return reply.code(401).send(graphErrorBody(error));
  }
  const media = await findMediaInfo(ctx.db, query.data.mid);
  const owner = media ? await findPhoneNumber(ctx.db, media.phoneNumberId) : null;
  if (!media || owner?.wabaId !== token.token.wabaId) return notFound();
  const bytes = await loadMediaBytes(ctx.db, media.id);
  if (!bytes) return notFound();
  return reply
    .header('content-type', media.mimeType)
    .header('content-length', String(bytes.length))
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
