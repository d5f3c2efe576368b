import {
  createSegmentSchema,
  type SegmentCountResponse,
  type SegmentListResponse,
  updateSegmentSchema,
} from '@common/api/segments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import {
  countSegment,
  createSegment,
  deleteSegment,
  listSegments,
  updateSegment,
} from '../../commands/segments';

const segmentParams = z.object({ segmentId: z.uuid({ error: 'segmentId must be a segment id' }) });

/**
 * Segments (issue 14): named contact filters the team shares, with a live count. `access: member`
 * is the first gate; who may change or delete one (its creator or the owner) is policies/segment.ts,
 * asked by the commands.
 */
export const segmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  const member = { config: { access: 'member' as const } };
  const tags = ['segments'];

  app.get('/segments', { ...member, schema: { tags } }, async (request): Promise<SegmentListResponse> => {
    const actor = await requireAccount(request);
    return { segments: await listSegments(app.db, actor) };
  });

  app.post(
    '/segments',
    { ...member, schema: { tags, body: createSegmentSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      return reply.code(201).send({ segment: await createSegment(deps, actor, request.body) });
    },
  );

  app.patch(
    '/segments/:segmentId',
    { ...member, schema: { tags, params: segmentParams, body: updateSegmentSchema } },
    async (request) => {
      const actor = await requireAccount(request);
      return { segment: await updateSegment(deps, actor, request.params.segmentId, request.body) };
    },
  );

  app.delete(
    '/segments/:segmentId',
    { ...member, schema: { tags, params: segmentParams } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      await deleteSegment(deps, actor, request.params.segmentId);
      return reply.code(204).send();
    },
  );

  app.get(
    '/segments/:segmentId/count',
    { ...member, schema: { tags, params: segmentParams } },
    async (request): Promise<SegmentCountResponse> => {
      const actor = await requireAccount(request);
      return { count: await countSegment(app.db, actor, request.params.segmentId) };
    },
  );
};
