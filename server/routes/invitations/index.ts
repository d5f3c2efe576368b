import { type AcceptInvitationResponse, invitationTokenSchema } from '@common/api/invitations';
import { APP_HOME } from '@common/guards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/route-access';
import { acceptInvitation, previewInvitation } from '../../commands/accept-invitation';

/** Guessing a 256-bit secret is hopeless; this only keeps a client from hammering the lookups. */
const LOOKUPS_PER_MINUTE = 30;

/**
 * The join page's calls. The secret travels in the body, never in a URL the server logs. Preview is
 * public (the link's holder is the invited person); accept needs the invited address signed in.
 */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/invitations/preview',
    {
      config: { access: 'public', rateLimit: { max: LOOKUPS_PER_MINUTE, timeWindow: 60_000 } },
      schema: { tags: ['team'], body: invitationTokenSchema },
    },
    async (request) => previewInvitation(app.db, request.body.token),
  );

  app.post(
    '/invitations/accept',
    {
      config: { access: 'user', rateLimit: { max: LOOKUPS_PER_MINUTE, timeWindow: 60_000 } },
      schema: { tags: ['team'], body: invitationTokenSchema },
    },
    async (request): Promise<AcceptInvitationResponse> => {
      const user = await requireUser(request);
      const { teamId } = await acceptInvitation(app.db, { user, token: request.body.token });
      return { teamId, next: APP_HOME };
    },
  );
};
