import { earlyAccessSchema } from '@common/api/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { earlyAccessRequests } from '../../db/schema';

/** POST /api/early-access: the landing page's 'Get Early Access' form. */
export const earlyAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/early-access',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: { tags: ['public'], body: earlyAccessSchema },
    },
    async (request, reply) => {
      await app.db.insert(earlyAccessRequests).values(request.body);
      return reply.code(201).send({ ok: true });
    },
  );
};
