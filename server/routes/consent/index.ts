import { consentKeywordsSchema, setConsentSchema } from '@common/api/consent';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { getConsentKeywords, setConsentKeywords, setContactConsent } from '../../commands/consent';

const contactParams = z.object({ contactId: z.uuid() });

/**
 * Marketing consent (issue 14). `access: member` is the first gate: every teammate sets a contact's
 * consent and reads the keyword lists; editing the lists is owner-only, which the command asks
 * policies/consent.ts (a member gets the policy's 403 `owner_only`).
 */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  const member = { config: { access: 'member' as const } };
  const tags = ['consent'];

  app.put(
    '/contacts/:contactId/consent',
    { ...member, schema: { tags, params: contactParams, body: setConsentSchema } },
    async (request) => {
      const actor = await requireAccount(request);
      return { consent: await setContactConsent(deps, actor, request.params.contactId, request.body) };
    },
  );

  app.get('/consent-keywords', { ...member, schema: { tags } }, async (request) => {
    const actor = await requireAccount(request);
    return getConsentKeywords(app.db, actor);
  });

  app.put(
    '/consent-keywords',
    { ...member, schema: { tags, body: consentKeywordsSchema } },
    async (request) => {
      const actor = await requireAccount(request);
      return setConsentKeywords(deps, actor, request.body);
    },
  );
};
