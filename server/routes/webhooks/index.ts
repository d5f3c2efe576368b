import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeliveryStore } from '../../inbound/delivery-store';
import { verifySignature } from '../../whatsapp/signature';

// Meta's payloads are at most 3 MB; leave room for escaping.
const MAX_WEBHOOK_BYTES = 4 * 1024 * 1024;

/**
 * The WhatsApp webhook. GET answers Meta's verification handshake; POST checks the signature over
 * the raw bytes, stores the delivery durably and only then answers 200. Processing happens after
 * the answer (inbound/webhook-processor.ts), so a slow database never makes Meta retry.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Group commit: deliveries that arrive together are stored with one INSERT (inbound/delivery-store.ts).
  const deliveries = new DeliveryStore(app.db);

  // Keep the exact bytes: the signature is over them, never over re-serialised JSON.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.get(
    '/whatsapp',
    {
      config: { access: 'public' },
      schema: {
        tags: ['webhooks'],
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (query['hub.mode'] === 'subscribe' && query['hub.verify_token'] === app.env.meta.verifyToken) {
        return reply
          .code(200)
          .type('text/plain')
          .send(query['hub.challenge'] ?? '');
      }
      return reply.code(403).send({ error: 'verification_failed', message: 'Verify token mismatch' });
    },
  );

  app.post(
    '/whatsapp',
    { config: { access: 'public' }, bodyLimit: MAX_WEBHOOK_BYTES, schema: { tags: ['webhooks'] } },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      if (
        !verifySignature(
          raw,
          typeof signature === 'string' ? signature : undefined,
          app.env.meta.webhookSecret,
        )
      ) {
        request.log.warn('webhook rejected: missing or wrong X-Hub-Signature-256');
        return reply.code(401).send({ error: 'invalid_signature', message: 'Invalid webhook signature' });
      }

      // A NUL byte is never part of JSON text, and PostgreSQL cannot store one in text.
      if (raw.includes(0)) {
        return reply
          .code(400)
          .send({ error: 'invalid_json', message: 'The webhook body is not valid JSON.' });
      }
      await deliveries.store(raw.toString('utf8'));
      return reply.code(200).type('text/plain').send('EVENT_RECEIVED');
    },
  );
};
