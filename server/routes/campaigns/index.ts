import {
  type AudienceCount,
  audienceCountSchema,
  type CampaignListResponse,
  type CampaignPreviewResponse,
  type CampaignResponse,
  createCampaignSchema,
  type MessagingLimitResponse,
  updateCampaignSchema,
} from '@common/api/campaigns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import {
  campaignMessagingLimit,
  countCampaignAudience,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  previewCampaign,
  updateCampaign,
} from '../../commands/campaigns';
import { campaignPolicy } from '../../policies/campaign';
import { campaignReportRoutes } from './report';
import { campaignSendingRoutes } from './sending';

const campaignParams = z.object({ campaignId: z.uuid({ error: 'campaignId must be a campaign id' }) });

/**
 * Campaigns (issue 15). `access: member` is the first gate (every teammate sees campaigns and counts
 * audiences); that only the owner creates, changes and deletes them is policies/campaign.ts, asked by
 * the commands.
 */
export const campaignRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  const member = { config: { access: 'member' as const } };
  const tags = ['campaigns'];
  await app.register(campaignReportRoutes);
  await app.register(campaignSendingRoutes);

  app.get('/campaigns', { ...member, schema: { tags } }, async (request): Promise<CampaignListResponse> => {
    const actor = await requireAccount(request);
    return {
      campaigns: await listCampaigns(app.db, actor),
      abilities: { create: campaignPolicy.can(actor, 'create', { accountId: actor.accountId }) },
    };
  });

  app.post(
    '/campaigns',
    { ...member, schema: { tags, body: createCampaignSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const campaign = await createCampaign(deps, actor, request.body);
      return reply.code(201).send({ campaign } satisfies CampaignResponse);
    },
  );

  app.get(
    '/campaigns/:campaignId',
    { ...member, schema: { tags, params: campaignParams } },
    async (request): Promise<CampaignResponse> => {
      const actor = await requireAccount(request);
      return { campaign: await getCampaign(app.db, actor, request.params.campaignId) };
    },
  );

  app.patch(
    '/campaigns/:campaignId',
    { ...member, schema: { tags, params: campaignParams, body: updateCampaignSchema } },
    async (request): Promise<CampaignResponse> => {
      const actor = await requireAccount(request);
      return { campaign: await updateCampaign(deps, actor, request.params.campaignId, request.body) };
    },
  );

  app.delete(
    '/campaigns/:campaignId',
    { ...member, schema: { tags, params: campaignParams } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      await deleteCampaign(deps, actor, request.params.campaignId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/campaigns/audience-count',
    { ...member, schema: { tags, body: audienceCountSchema } },
    async (request): Promise<AudienceCount> => {
      const actor = await requireAccount(request);
      return countCampaignAudience(app.db, actor, request.body.audience);
    },
  );

  app.get(
    '/campaigns/messaging-limit',
    { ...member, schema: { tags } },
    async (request): Promise<MessagingLimitResponse> => {
      const actor = await requireAccount(request);
      return campaignMessagingLimit(app.db, actor);
    },
  );

  app.get(
    '/campaigns/:campaignId/preview',
    { ...member, schema: { tags, params: campaignParams } },
    async (request): Promise<CampaignPreviewResponse> => {
      const actor = await requireAccount(request);
      return { recipients: await previewCampaign(app.db, actor, request.params.campaignId) };
    },
  );
};
