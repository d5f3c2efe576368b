import { STATUS_CODES } from 'node:http';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { startAiBot } from './ai/bot/subscriber';
import { publicScope, routeAccessPlugin } from './auth/route-access';
import { SignInLimit } from './auth/sign-in-limit';
import type { ChannelProvider } from './channel/channel';
import { cloudApiChannels } from './channel/cloud-api';
import type { DatabaseHandle } from './db/client';
import type { Env } from './env';
import type { EventBus } from './events/bus';
import { type Clock, systemClock } from './lib/clock';
import { HttpError } from './lib/http-errors';
import { originCheck } from './lib/origin-check';
import { createRateLimitRedis, firstConnection, RATE_LIMIT_NAMESPACE } from './lib/rate-limit-store';
import { API_DOCS_CSP, securityHeaders } from './lib/security-headers';
import { refuseUnstorableText } from './lib/stored-text';
import { livePlugin } from './live/plugin';
import { loggerOptions } from './logger';
import { createMetrics, type Metrics, metricsPlugin, registerBacklogGauges } from './metrics';
import { aiRoutes } from './routes/ai';
import { authRoutes } from './routes/auth';
import { campaignRoutes } from './routes/campaigns';
import { consentRoutes } from './routes/consent';
import { contactBulkRoutes } from './routes/contact-bulk';
import { contactExportRoutes } from './routes/contact-export';
import { contactFieldRoutes } from './routes/contact-fields';
import { contactImportRoutes } from './routes/contact-imports';
import { contactTableRoutes } from './routes/contact-table';
import { contactRoutes } from './routes/contacts';
import { assignmentRoutes } from './routes/contacts/assignment';
import { createContactRoutes } from './routes/contacts/create';
import { contactDetailRoutes } from './routes/contacts/details';
import { devRoutes } from './routes/dev';
import { earlyAccessRoutes } from './routes/early-access';
import { geoRoutes } from './routes/geo';
import { healthRoutes } from './routes/health';
import { interactiveRoutes } from './routes/interactive';
import { invitationRoutes } from './routes/invitations';
import { mediaRoutes } from './routes/media';
import { messageRoutes } from './routes/messages';
import { onboardingRoutes } from './routes/onboarding';
import { profileRoutes } from './routes/profile';
import { savedMessageRoutes } from './routes/saved-messages';
import { segmentRoutes } from './routes/segments';
import { sessionRoutes } from './routes/session';
import { tagRoutes } from './routes/tags';
import { teamRoutes } from './routes/team';
import { templateRoutes } from './routes/templates';
import { webhookRoutes } from './routes/webhooks';
import { whatsappRoutes } from './routes/whatsapp';
import { sandboxClock } from './sandbox/clock';
import { sandboxPlugin } from './sandbox/plugin';
import { spaPlugin } from './spa';

export type AppOptions = {
  env: Env;
  database: DatabaseHandle;
  /** The process's domain-event bus (made once in main.ts, shared with the job runner and webhooks). */
  events: EventBus;
  /** How the app reaches WhatsApp; default the Cloud API at env's Graph URL (main.ts shares one with the job runner). */
  channels?: ChannelProvider;
  /** The messaging clock; default `messagingClock(env)`. */
  clock?: Clock;
  metrics?: Metrics;
  /** Serve the built web app from web/dist (off in API tests). */
  serveWeb?: boolean;
  logger?: Logger;
};

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: DatabaseHandle;
    events: EventBus;
    channels: ChannelProvider;
    clock: Clock;
  }
}

/**
 * "Now" for the messaging window and outgoing stamps: the sandbox's clock (which its page moves) when
 * the built-in sandbox is the account's Graph API, else the system clock.
 */
export function messagingClock(env: Env): Clock {
  return env.sandbox && env.meta.graphUrl === null ? sandboxClock : systemClock;
}

/** Builds the whole server without listening: main.ts listens, tests call inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env, database } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: loggerOptions(env.logLevel) }),
    // TRUST_PROXY (off by default): only the proxies it names may set X-Forwarded-For/-Host/-Proto.
    trustProxy: env.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('database', database);
  app.decorate('events', options.events);
  app.decorate('channels', options.channels ?? cloudApiChannels(env));
  app.decorate('clock', options.clock ?? messagingClock(env));
  app.decorate('db', database.db);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ error: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });

  app.addHook('onSend', explainEmptyErrors);
  app.addHook('onSend', securityHeaders(env));
  // Cross-origin writes to /api and WebSockets from other origins: 403 before any session lookup.
  app.addHook('onRequest', originCheck(env));

  const metrics = options.metrics ?? createMetrics();
  registerBacklogGauges(metrics, database.db);
  await app.register(metricsPlugin, { metrics });
  await app.register(routeAccessPlugin);
  // After the access check (a signed-out caller hears 401 first), before any schema or handler.
  app.addHook('preValidation', refuseUnstorableText);
  await app.register(cookie);
  // One budget for all processes when they share Redis (lib/rate-limit-store.ts), else per process.
  const rateLimitRedis = env.redisUrl ? createRateLimitRedis(env.redisUrl, app.log) : undefined;
  if (rateLimitRedis) {
    app.addHook('onClose', async () => rateLimitRedis.disconnect());
    await firstConnection(rateLimitRedis);
  }
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis && { redis: rateLimitRedis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true }),
  });
  // Sign-in attempts per e-mail address, on the same Redis (in memory without it, or while it is down).
  const signInLimit = new SignInLimit({ redis: rateLimitRedis, log: app.log });

  // At the root, so the OpenAPI document sees every route's schema.
  await app.register(swagger, {
    openapi: {
      info: { title: 'Switchboard API', version: '0.1.0', description: 'Shared team inbox on WhatsApp' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sb_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    publicScope(docs);
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: API_DOCS_CSP });
  });

  await app.register(healthRoutes);
  await app.register(sessionRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth', signInLimit });
  await app.register(onboardingRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(teamRoutes, { prefix: '/api' });
  await app.register(invitationRoutes, { prefix: '/api' });
  await app.register(earlyAccessRoutes, { prefix: '/api' });
  await app.register(geoRoutes, { prefix: '/api' });
  await app.register(devRoutes, { prefix: '/api/dev' });
  await app.register(contactRoutes, { prefix: '/api' });
  await app.register(assignmentRoutes, { prefix: '/api' });
  await app.register(contactDetailRoutes, { prefix: '/api' });
  await app.register(contactTableRoutes, { prefix: '/api' });
  await app.register(contactBulkRoutes, { prefix: '/api' });
  await app.register(contactExportRoutes, { prefix: '/api' });
  await app.register(createContactRoutes, { prefix: '/api' });
  await app.register(tagRoutes, { prefix: '/api' });
  await app.register(contactFieldRoutes, { prefix: '/api' });
  await app.register(consentRoutes, { prefix: '/api' });
  await app.register(segmentRoutes, { prefix: '/api' });
  await app.register(campaignRoutes, { prefix: '/api' });
  await app.register(contactImportRoutes, { prefix: '/api' });
  await app.register(messageRoutes, { prefix: '/api' });
  await app.register(interactiveRoutes, { prefix: '/api' });
  await app.register(templateRoutes, { prefix: '/api' });
  await app.register(savedMessageRoutes, { prefix: '/api' });
  await app.register(aiRoutes, { prefix: '/api' });
  await app.register(livePlugin);
  // The AI bot listens to new messages: a customer's queues its reply job, a teammate's hands over.
  const stopAiBot = startAiBot({ db: database.db, events: options.events, log: app.log });
  app.addHook('onClose', async () => stopAiBot());
  await app.register(mediaRoutes, { prefix: '/api' });
  await app.register(whatsappRoutes, { prefix: '/api' });
  await app.register(webhookRoutes, { prefix: '/webhooks' });
  if (env.sandbox) await app.register(sandboxPlugin, { prefix: '/sandbox' });
  if (options.serveWeb) await app.register(spaPlugin);

  return app as unknown as FastifyInstance;
}

/**
 * Every error answer carries a JSON body with a message, including the few a plugin sends empty (a
 * plain GET to the WebSocket route is one).
 */
async function explainEmptyErrors(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const empty = payload === undefined || payload === null || payload === '';
  if (reply.statusCode < 400 || request.method === 'HEAD' || !empty) return payload;
  const notFound = reply.statusCode === 404;
  reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify({
    error: notFound ? 'not_found' : 'error',
    message: notFound
      ? `No route for ${request.method} ${request.url.split('?')[0]}`
      : (STATUS_CODES[reply.statusCode] ?? 'The request failed.'),
  });
}

/** User mistakes become 4xx with a readable message; only our own faults are 5xx. */
function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply
      .code(error.statusCode)
      .send({ error: error.code, message: error.message, field: error.field });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
    const where = error.validationContext === 'body' ? '' : ` (${error.validationContext})`;
    return reply.code(400).send({
      error: 'validation_failed',
      message: `${first?.message ?? 'Invalid request'}${where}`,
      field,
      issues: error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
    });
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    const badJson =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
    return reply.code(status).send({
      error: badJson ? 'invalid_json' : (error.code ?? 'bad_request').replace(/^FST_ERR_/, '').toLowerCase(),
      message: badJson ? 'The request body is not valid JSON.' : error.message,
    });
  }
  request.log.error({ err: error }, 'request failed');
  return reply
    .code(500)
    .send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
}
