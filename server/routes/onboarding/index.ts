import { onboardingSchema } from '@common/api/auth';
import { MSG } from '@common/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/route-access';
import { completeOnboarding } from '../../commands/complete-onboarding';
import { presentProfile } from '../../presenters/session';

/** POST /api/onboarding: the 'Complete your profile' step after sign-up. */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/onboarding',
    {
      config: { access: 'user', signedOutMessage: MSG.mustBeLoggedIn },
      schema: { tags: ['onboarding'], body: onboardingSchema },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const profile = await completeOnboarding(app.db, user.id, request.body);
      return reply.code(201).send({ profile: presentProfile(profile) });
    },
  );
};
