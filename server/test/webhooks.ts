import type { FastifyInstance } from 'fastify';
import { serializeWebhookBody, signPayload } from '../whatsapp/signature';

/** Posts a webhook body the way Meta does: ASCII-escaped JSON, signed with the app secret. */
export function postWebhook(app: FastifyInstance, body: unknown, secret = app.env.meta.webhookSecret) {
  const raw = typeof body === 'string' ? body : serializeWebhookBody(body);
  return app.inject({
    method: 'POST',
    url: '/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(raw, secret) },
    payload: raw,
  });
}
