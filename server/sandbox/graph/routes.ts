import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MULTIPART_BODY_LIMIT } from '../multipart';
import { graphContext, requireToken } from './context';
import { GraphError, graphErrorBody, graphErrors } from './errors';
import { downloadMedia, uploadMedia } from './media';
import { postMessage } from './messages';
import {
  deleteNode,
  listPhoneNumbers,
  listSubscribedApps,
  NODE_TYPES,
  readNode,
  registerNumber,
  resolveNode,
  subscribeApp,
} from './nodes';
import { debugToken, exchangeAccessToken } from './oauth';
import { createTemplate, listTemplates } from './templates';
import { createUploadSession, readUploadSession, uploadChunk } from './uploads';

const nodeParams = z.object({ node: z.string() });
const edgeParams = z.object({ node: z.string(), edge: z.string() });
const route = { config: { access: 'public' as const }, schema: { hide: true } };

/** Every failure answers Meta's error envelope, never the app's own error shape. */
function graphErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof GraphError) {
    request.log.info({ code: error.code, status: error.httpStatus }, 'sandbox graph error answered');
    return reply.code(error.httpStatus).send(graphErrorBody(error));
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    const invalid = graphErrors.invalidParameter(
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'The request body is not valid JSON.' : error.message,
    );
    return reply.code(status === 413 ? 413 : 400).send(graphErrorBody(invalid));
  }
  request.log.error({ err: error }, 'sandbox graph request failed');
  return reply.code(500).send(graphErrorBody(graphErrors.serviceUnavailable()));
}

/** The Graph API as Meta serves it, under /sandbox/graph/v22.0 (shared/docs/whatsapp-cloud-api.md). */
export async function graphRoutes(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(graphErrorHandler);

  const exchange = async (request: FastifyRequest) => {
    const ctx = await graphContext(request);
    // Form or JSON fields only: a raw body (a Buffer from an unparsed content type) is not parameters,
    // and spreading a 16 MB one throws "Too many properties to enumerate".
    const body = request.body;
    const fromBody =
      body && typeof body === 'object' && !Buffer.isBuffer(body) && !Array.isArray(body) ? body : {};
    return exchangeAccessToken(ctx, { ...(request.query as object), ...fromBody });
  };
  app.get('/oauth/access_token', route, exchange);
  app.post('/oauth/access_token', route, exchange);

  app.get('/debug_token', route, async (request) => debugToken(await graphContext(request), request));

  app.get('/:node', route, async (request) => {
    const { node: id } = nodeParams.parse(request.params);
    const ctx = await graphContext(request);
    if (id.startsWith('upload:')) return readUploadSession(ctx, request, id);
    const token = await requireToken(ctx, request);
    return readNode(ctx, await resolveNode(ctx, token, id), request.query as Record<string, unknown>);
  });

  app.delete('/:node', route, async (request) => {
    const { node: id } = nodeParams.parse(request.params);
    const ctx = await graphContext(request);
    const token = await requireToken(ctx, request);
    return deleteNode(ctx, await resolveNode(ctx, token, id));
  });

  app.get('/:node/:edge', route, async (request) => {
    const { node: id, edge } = edgeParams.parse(request.params);
    const ctx = await graphContext(request);
    const token = await requireToken(ctx, request);
    const node = await resolveNode(ctx, token, id);
    const query = request.query as Record<string, unknown>;
    if (edge === 'phone_numbers') return listPhoneNumbers(ctx, node, query);
    if (edge === 'subscribed_apps') return listSubscribedApps(ctx, node);
    if (edge === 'message_templates') {
      if (node.kind !== 'waba') throw graphErrors.unknownEdge(edge, NODE_TYPES[node.kind]);
      return listTemplates(ctx, node.wabaId, query);
    }
    throw graphErrors.unknownEdge(edge, NODE_TYPES[node.kind]);
  });

  app.post('/:node/:edge', { ...route, bodyLimit: MULTIPART_BODY_LIMIT }, async (request) => {
    const { node: id, edge } = edgeParams.parse(request.params);
    const ctx = await graphContext(request);
    // The app id is not a WhatsApp object: its uploads edge is answered before resolving one.
    if (edge === 'uploads') return createUploadSession(ctx, request, id);
    const token = await requireToken(ctx, request);
    const node = await resolveNode(ctx, token, id);
    switch (edge) {
      case 'messages':
        if (node.kind !== 'phone') throw graphErrors.unknownEdge(edge, NODE_TYPES[node.kind]);
        return postMessage(ctx, node.phone, request.body);
      case 'media':
        return uploadMedia(ctx, node, request);
      case 'register':
        return registerNumber(node, request.body);
      case 'subscribed_apps':
        return subscribeApp(node);
      case 'message_templates':
        if (node.kind !== 'waba') throw graphErrors.unknownEdge(edge, NODE_TYPES[node.kind]);
        return createTemplate(ctx, node.wabaId, request.body);
      default:
        throw graphErrors.unknownEdge(edge, NODE_TYPES[node.kind]);
    }
  });

  // POST /{upload-id}: the file's bytes, whatever Content-Type the client gives them (curl's
  // --data-binary sends form-encoded), so this route reads every body as raw bytes.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MULTIPART_BODY_LIMIT }, (_r, body, done) =>
      done(null, body),
    );
    raw.post('/:node', { ...route, bodyLimit: MULTIPART_BODY_LIMIT }, async (request) => {
      const { node: id } = nodeParams.parse(request.params);
      const ctx = await graphContext(request);
      if (!id.startsWith('upload:')) {
        await requireToken(ctx, request);
        throw graphErrors.unknownObject(id);
      }
      return uploadChunk(ctx, request, id);
    });
  });
}

/** Media download URLs (Meta serves them from lookaside.fbsbx.com), under /sandbox/lookaside. */
export async function lookasideRoutes(app: FastifyInstance): Promise<void> {
  app.setErrorHandler(graphErrorHandler);
  app.get('/whatsapp_business/attachments/', route, async (request, reply) =>
    downloadMedia(await graphContext(request), request, reply),
  );
}
