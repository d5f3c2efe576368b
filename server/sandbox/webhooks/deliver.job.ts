import { z } from 'zod';
import type { Executor } from '../../db/client';
import { defineJob } from '../../jobs/define';
import { enqueue } from '../../jobs/queue';
import { getSelfOrigin } from '../../lib/self-origin';
import { serializeWebhookBody, signPayload } from '../../whatsapp/signature';
import { markDeliveredToApp } from '../state/messages';
import type { SandboxSettings } from '../state/settings';
import { buildWebhookBody, type SandboxChange } from './build';

const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Meta retries a webhook that did not get a 200 "immediately, then with decreasing frequency" for
 * 7 days. The sandbox keeps the shape but compresses it: 1 s, 5 s, 30 s, 2 min, 10 min, 30 min,
 * 1 h, then it drops the delivery (8 attempts in all).
 */
const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];

export const webhookDeliverJob = defineJob({
  name: 'sandbox.webhook.deliver',
  schema: z.object({
    /** The exact bytes to POST (ASCII-escaped JSON), signed at send time. */
    body: z.string().min(2),
    inboundWamids: z.array(z.string()).default([]),
  }),
  maxAttempts: RETRY_DELAYS_MS.length + 1,
  backoffMs: (attempt) => RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length) - 1] ?? 3_600_000,
  async handler({ body, inboundWamids }, { db, env, log, attempt }) {
    const url = `${getSelfOrigin(env.port)}/webhooks/whatsapp`;
    let status: number;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'facebookexternalua',
          'x-hub-signature-256': signPayload(body, env.meta.webhookSecret),
        },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      const cause =
        error instanceof Error
          ? ((error.cause as { code?: string } | undefined)?.code ?? error.name)
          : 'error';
      log.warn({ attempt, cause }, 'sandbox webhook not delivered; will retry');
      throw new Error(`Webhook POST failed (${cause})`);
    }
    if (status !== 200) {
      log.warn({ attempt, status }, 'sandbox webhook refused; will retry');
      throw new Error(`Webhook answered HTTP ${status}`);
    }
    await markDeliveredToApp(db, inboundWamids);
    log.debug({ attempt, bytes: body.length, messages: inboundWamids.length }, 'sandbox webhook delivered');
  },
});

/** Queues one POST carrying these changes; twice when `duplicateDeliveries` is on (Meta is at-least-once). */
export async function enqueueDeliveries(
  db: Executor,
  changes: SandboxChange[],
  settings: Pick<SandboxSettings, 'duplicateDeliveries'>,
): Promise<void> {
  if (changes.length === 0) return;
  const body = serializeWebhookBody(buildWebhookBody(changes));
  const inboundWamids = changes.flatMap((c) => c.inboundWamids ?? []);
  const copies = settings.duplicateDeliveries ? 2 : 1;
  for (let i = 0; i < copies; i++) await enqueue(db, webhookDeliverJob, { body, inboundWamids });
}
