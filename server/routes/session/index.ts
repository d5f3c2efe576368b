import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestAccess, sessionUser } from '../../auth/route-access';
import { userProfiles } from '../../db/schema';
import { presentSession } from '../../presenters/session';

/** GET /api/session: who is signed in and what they can reach, for the guards and the app shell. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/session',
    { config: { access: 'public' }, schema: { tags: ['session'] } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await sessionUser(request);
      const access = await requestAccess(request);
      let profile = null;
      if (user) {
        [profile = null] = await app.db
          .select()
          .from(userProfiles)
          .where(eq(userProfiles.userId, user.id))
          .limit(1);
      }
      return presentSession(app.env, user, profile, access);
    },
  );
};
