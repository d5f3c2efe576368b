import { type RetryFailedResponse, scheduleCampaignSchema } from '@common/api/campaign-sending';
import type { CampaignResponse } from '@common/api/campaigns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import {
  cancelCampaign,
  pauseCampaign,
  resumeCampaign,
  retryFailedRecipients,
  scheduleCampaign,
  unscheduleCampaign,
} from '../../commands/campaign-sending';

const campaignParams = z.object({ campaignId: z.uuid({ error: 'campaignId must be a campaign id' }) });

/**
 * Sending a campaign (issue 15): schedule (or send now), back to draft, pause, resume, cancel, retry
 * the retryable failures. `access: member` is the first gate; only the owner may (policies/campaign.ts
 * 'send', asked by the commands), and each answers 409 with the contract's words when the campaign is
 * not in a state that allows it.
 */
export const campaignSendingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  const member = { config: { access: 'member' as const } };
  const tags = ['campaigns'];

  app.post(
    '/campaigns/:campaignId/schedule',
    { ...member, schema: { tags, params: campaignParams, body: scheduleCampaignSchema } },
    async (request): Promise<CampaignResponse> => {
      const actor = await requireAccount(request);
      const { sendAt, localSendAt } = request.body;
      const when = localSendAt ? { local: localSendAt } : sendAt ? new Date(sendAt) : null;
      const campaign = await scheduleCampaign(deps, actor, request.params.campaignId, when);
      return { campaign };
    },
  );

  const simple = [
    ['unschedule', unscheduleCampaign],
    ['pause', pauseCampaign],
    ['resume', resumeCampaign],
    ['cancel', cancelCampaign],
  ] as const;
  for (const [action, command] of simple) {
    app.post(
      `/campaigns/:campaignId/${action}`,
      { ...member, schema: { tags, params: campaignParams } },
      async (request): Promise<CampaignResponse> => {
        const actor = await requireAccount(request);
        return { campaign: await command(deps, actor, request.params.campaignId) };
      },
    );
  }

  app.post(
    '/campaigns/:campaignId/retry-failed',
    { ...member, schema: { tags, params: campaignParams } },
    async (request): Promise<RetryFailedResponse> => {
      const actor = await requireAccount(request);
      return retryFailedRecipients(deps, actor, request.params.campaignId);
    },
  );
};
