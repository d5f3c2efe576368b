import { connectEmbeddedSchema, connectManualSchema } from '@common/api/whatsapp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/route-access';
import { connectWithCode, connectWithToken } from '../../commands/connect-whatsapp-account';

const connected = z.object({ accountId: z.string(), teamId: z.string(), next: z.string() });

/** Connecting a WhatsApp number: embedded signup's code, or a system-user token typed in. */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/whatsapp/connect/embedded',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { tags: ['whatsapp'], body: connectEmbeddedSchema, response: { 201: connected } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const result = await connectWithCode(app.db, app.env, app.channels, user, request.body);
      request.log.info({ accountId: result.accountId }, 'WhatsApp number connected (embedded signup)');
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/whatsapp/connect/manual',
    {
      config: { access: 'user', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { tags: ['whatsapp'], body: connectManualSchema, response: { 201: connected } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const result = await connectWithToken(app.db, app.env, app.channels, user, request.body);
      request.log.info({ accountId: result.accountId }, 'WhatsApp number connected (access token)');
      return reply.code(201).send(result);
    },
  );
};
