import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sandboxAppCredentials } from '../state/tokens';
import {
  appendChunk,
  contentMatches,
  findSession,
  openSession,
  resetSession,
  sessionHead,
  sessionId,
  sessionKeyOf,
  sessionProblem,
  type UploadSession,
} from '../state/uploads';
import { type GraphContext, headerToken, requireToken } from './context';
import { graphErrors } from './errors';

/**
 * The Resumable Upload API (developers.facebook.com/docs/graph-api/guides/upload): a session on the
 * app, then the bytes with `file_offset` (the token in the header), then the handle. An interrupted
 * upload is resumed from the offset `GET /{upload-id}` reports.
 */

const sessionQuery = z.object({
  file_length: z.coerce.number().int(),
  file_type: z.string().min(1),
  // Stored as text: no control characters (PostgreSQL refuses NUL outright).
  file_name: z
    .string()
    .max(255)
    .regex(/^[^\p{Cc}]*$/u)
    .optional(),
});

/** POST /{app-id}/uploads?file_name&file_length&file_type: a session id for one file. */
export async function createUploadSession(ctx: GraphContext, request: FastifyRequest, appId: string) {
  const token = await requireToken(ctx, request);
  if (appId !== sandboxAppCredentials(ctx.env).appId) throw graphErrors.unknownObject(appId);
  const parsed = sessionQuery.safeParse(request.query ?? {});
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'file_length';
    throw graphErrors.invalidParameter(`The parameter ${field} is required and must be valid.`);
  }
  const { file_length: fileLength, file_type: fileType, file_name: fileName } = parsed.data;
  const problem = sessionProblem(fileType, fileLength);
  if (problem) throw graphErrors.invalidParameter(problem);
  const key = await openSession(ctx.db, {
    appId,
    wabaId: token.wabaId,
    fileName: fileName ?? null,
    fileType,
    fileLength,
  });
  return { id: sessionId(key, ctx.env.secretKey) };
}

/** The session behind `upload:<key>?sig=…`, for a token (in the header, as Meta requires) of its WABA. */
async function sessionFor(ctx: GraphContext, request: FastifyRequest, node: string): Promise<UploadSession> {
  const sig = (request.query as Record<string, unknown> | undefined)?.sig;
  const key = sessionKeyOf(node, sig, ctx.env.secretKey);
  const token = await requireToken(ctx, request, headerToken);
  const session = key ? await findSession(ctx.db, key) : null;
  if (!session) throw graphErrors.unknownObject(node);
  if (session.wabaId !== token.wabaId) throw graphErrors.noPermission();
  return session;
}

/** GET /{upload-id}: where an upload stands, so an interrupted one resumes from there. */
export async function readUploadSession(ctx: GraphContext, request: FastifyRequest, node: string) {
  const session = await sessionFor(ctx, request, node);
  return { id: sessionId(session.id, ctx.env.secretKey), file_offset: session.received };
}

/**
 * POST /{upload-id} with header `file_offset` (the bytes Meta already has) and the next bytes as the
 * body: `{h}` once the file is complete, else `{id, file_offset}` for the part received so far.
 */
export async function uploadChunk(ctx: GraphContext, request: FastifyRequest, node: string) {
  const session = await sessionFor(ctx, request, node);
  const offsetHeader = request.headers.file_offset;
  const offset = typeof offsetHeader === 'string' && /^\d+$/.test(offsetHeader) ? Number(offsetHeader) : null;
  if (offset === null) throw graphErrors.invalidParameter('The header file_offset is required.');
  if (session.handle) return { h: session.handle };
  if (offset !== session.received) {
    throw graphErrors.invalidParameter(
      `file_offset ${offset} does not match the ${session.received} bytes already received; resume from there.`,
    );
  }
  const chunk = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  if (chunk.length === 0) throw graphErrors.invalidParameter('The request has no file data.');
  if (offset + chunk.length > session.fileLength) {
    throw graphErrors.invalidParameter(
      `The file is longer than the file_length (${session.fileLength}) the session was opened with.`,
    );
  }
  const state = await appendChunk(ctx.db, session, chunk);
  if (!state.handle) return { id: sessionId(session.id, ctx.env.secretKey), file_offset: state.received };
  if (!contentMatches(session.fileType, await sessionHead(ctx.db, session.id))) {
    await resetSession(ctx.db, session.id);
    throw graphErrors.invalidParameter(`The uploaded file is not a ${session.fileType} file.`);
  }
  return { h: state.handle };
}
