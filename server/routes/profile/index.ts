import { type ProfileResponse, updateProfileSchema } from '@common/api/profile';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/route-access';
import { updateProfile } from '../../commands/update-profile';
import { userProfiles } from '../../db/schema';
import { presentProfile } from '../../presenters/session';

/** GET and PUT /api/profile: the Settings Profile tab (the onboarding fields, editable any time). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/profile', { config: { access: 'user' }, schema: { tags: ['profile'] } }, async (request) => {
    const user = await requireUser(request);
    const [row] = await app.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id)).limit(1);
    return { email: user.email, profile: row ? presentProfile(row) : null } satisfies ProfileResponse;
  });

  app.put(
    '/profile',
    { config: { access: 'user' }, schema: { tags: ['profile'], body: updateProfileSchema } },
    async (request) => {
      const user = await requireUser(request);
      const row = await updateProfile(app.db, user.id, request.body);
      return { email: user.email, profile: presentProfile(row) } satisfies ProfileResponse;
    },
  );
};
