import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createBusinessAccount, listPhoneNumbers } from '../state/accounts';
import { getSettings, sandboxNow } from '../state/settings';
import { listTemplatesOfWaba } from '../state/templates';
import { issueAccessToken, issueCode } from '../state/tokens';
import { presentPhoneNumber } from './present';
import { phoneOr404, phoneParams, publicRoute, tags } from './shared';

/** Business numbers: list them, create one (Meta's side of embedded signup), a system-user token, templates. */
export const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/phone-numbers', { config: publicRoute, schema: { tags } }, async () => ({
    phoneNumbers: (await listPhoneNumbers(app.db)).map(presentPhoneNumber),
  }));

  app.post(
    '/signup',
    {
      config: publicRoute,
      schema: { tags, body: z.object({ businessName: z.string().trim().max(120).optional() }).optional() },
    },
    async (request, reply) => {
      const now = sandboxNow(await getSettings(app.db));
      const { phone, code } = await app.db.transaction(async (tx) => {
        const phone = await createBusinessAccount(tx, { businessName: request.body?.businessName });
        const code = await issueCode(tx, { wabaId: phone.wabaId, phoneNumberId: phone.id }, now);
        return { phone, code };
      });
      request.log.info({ wabaId: phone.wabaId, phoneNumberId: phone.id }, 'sandbox embedded signup finished');
      return reply.code(201).send({
        code,
        type: 'WA_EMBEDDED_SIGNUP',
        event: 'FINISH',
        data: { phone_number_id: phone.id, waba_id: phone.wabaId, business_id: phone.businessId },
        phoneNumber: presentPhoneNumber(phone),
      });
    },
  );

  app.post(
    '/phone-numbers/:phoneNumberId/token',
    { config: publicRoute, schema: { tags, params: phoneParams } },
    async (request, reply) => {
      const phone = await phoneOr404(app.db, request.params.phoneNumberId);
      const now = sandboxNow(await getSettings(app.db));
      const token = await issueAccessToken(
        app.db,
        { wabaId: phone.wabaId, phoneNumberId: phone.id },
        'access_token',
        null,
        now,
      );
      return reply
        .code(201)
        .send({ accessToken: token.token, wabaId: phone.wabaId, phoneNumberId: phone.id });
    },
  );

  app.get(
    '/phone-numbers/:phoneNumberId/templates',
    { config: publicRoute, schema: { tags, params: phoneParams } },
    async (request) => {
      const phone = await phoneOr404(app.db, request.params.phoneNumberId);
      const templates = await listTemplatesOfWaba(app.db, phone.wabaId);
      return {
        templates: templates.map((t) => ({
          id: t.id,
          name: t.name,
          language: t.language,
          category: t.category,
          status: t.status,
          rejectedReason: t.rejectedReason,
        })),
      };
    },
  );
};
