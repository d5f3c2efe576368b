import { Readable } from 'node:stream';
import {
  type CampaignReportResponse,
  type CampaignSegmentResponse,
  campaignSegmentSchema,
  type RecipientListResponse,
  recipientListQuerySchema,
} from '@common/api/campaign-sending';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import {
  exportCampaignRecipients,
  getCampaignReport,
  listCampaignRecipients,
  saveCampaignSegment,
} from '../../commands/campaign-report';

const campaignParams = z.object({ campaignId: z.uuid({ error: 'campaignId must be a campaign id' }) });
/** The CSV takes the table's filters, not its paging. */
const recipientCsvQuerySchema = recipientListQuerySchema.pick({ status: true, q: true });

/**
 * A campaign's report (issue 15): funnel and chart, the per-recipient table and its CSV, and "Save
 * as segment". `access: member` is the first gate; the commands look the campaign up in the caller's
 * account (404 otherwise) and ask policies/campaign.ts ('view': every teammate), the segment also the
 * segment rules (any teammate saves one).
 */
export const campaignReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  const member = { config: { access: 'member' as const } };
  const tags = ['campaigns'];

  app.get(
    '/campaigns/:campaignId/report',
    { ...member, schema: { tags, params: campaignParams } },
    async (request): Promise<CampaignReportResponse> => {
      const actor = await requireAccount(request);
      return getCampaignReport(app.db, actor, request.params.campaignId);
    },
  );

  app.get(
    '/campaigns/:campaignId/recipients',
    { ...member, schema: { tags, params: campaignParams, querystring: recipientListQuerySchema } },
    async (request): Promise<RecipientListResponse> => {
      const actor = await requireAccount(request);
      return listCampaignRecipients(app.db, actor, request.params.campaignId, request.query);
    },
  );

  app.get(
    '/campaigns/:campaignId/recipients.csv',
    { ...member, schema: { tags, params: campaignParams, querystring: recipientCsvQuerySchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const aborted = new AbortController();
      const csv = await exportCampaignRecipients(
        deps,
        actor,
        request.params.campaignId,
        request.query,
        aborted.signal,
      );
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) aborted.abort();
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'no-store')
        .header('x-export-count', String(csv.count))
        .send(Readable.from(csv.chunks, { objectMode: false }));
    },
  );

  app.post(
    '/campaigns/:campaignId/segment',
    { ...member, schema: { tags, params: campaignParams, body: campaignSegmentSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const segment = await saveCampaignSegment(deps, actor, request.params.campaignId, request.body);
      return reply.code(201).send({ segment } satisfies CampaignSegmentResponse);
    },
  );
};
