import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { createBusinessAccount, listPhoneNumbers } from '../state/accounts';
import { getSettings, sandboxNow } from '../state/settings';
import { listTemplatesOfWaba } from '../state/templates';
import { issueAccessToken, issueCode } from '../state/tokens';
import { loadSample } from '../state/uploads';
import { headerSampleOf } from '../templates/samples';
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
          headerSample: samplePath(headerSampleOf(t)),
        })),
      };
    },
  );

  // A template's header sample, public like the CDN address Meta lists for it.
  app.get(
    '/template-samples/:key',
    {
      config: publicRoute,
      schema: { tags, params: z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{8,200}$/) }) },
    },
    async (request, reply) => {
      const sample = await loadSample(app.db, request.params.key);
      if (!sample) throw notFound('No such template sample.');
      return reply
        .header('content-type', sample.fileType === 'image/jpg' ? 'image/jpeg' : sample.fileType)
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(sample.data);
    },
  );
};

function samplePath(sample: { kind: string; key: string } | null) {
  return sample ? { kind: sample.kind, url: `/sandbox/api/template-samples/${sample.key}` } : null;
}
