import type { MessageResponse } from '@common/api/inbox';
import {
  createTemplateSchema,
  sendTemplateSchema,
  TEMPLATE_MSG,
  type TemplateResponse,
  type TemplatesResponse,
} from '@common/api/templates';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { createTemplate } from '../../commands/create-template';
import { sendTemplateMessage } from '../../commands/send-template-message';
import { templates } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { templatePolicy } from '../../policies/template';
import { presentTemplate } from '../../templates/components';
import { syncDue, syncTemplates } from '../../templates/sync';
import { describeError } from '../../whatsapp/error-map';
import { GraphConfigError } from '../../whatsapp/graph-errors';
import { loadContact } from '../contacts/load';
import { presentOne } from '../messages/load';

/**
 * Templates: the account's list (read from Meta at most every 5 minutes, `?refresh=1` forces it;
 * status webhooks and the pending sweep keep it current in between), creating one for review, and
 * sending an approved one to a contact (allowed outside the 24-hour window).
 */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, env: app.env };

  app.get(
    '/templates',
    {
      config: { access: 'member', signedOutMessage: TEMPLATE_MSG.notSignedIn },
      schema: {
        tags: ['templates'],
        querystring: z.object({
          status: z.enum(['approved', 'pending', 'rejected']).optional(),
          refresh: z.enum(['0', '1']).optional(),
        }),
      },
    },
    async (request): Promise<TemplatesResponse> => {
      const actor = await requireAccount(request);
      templatePolicy.authorize(actor, 'view', { teamId: actor.teamId });
      if (request.query.refresh === '1' || syncDue(actor.accountId)) {
        try {
          await syncTemplates(app.db, app.env, actor.accountId);
        } catch (error) {
          const stored = await app.db
            .select({ id: templates.id })
            .from(templates)
            .where(eq(templates.accountId, actor.accountId))
            .limit(1);
          // Meta unreachable: the stored list is still worth showing; with none, say why.
          if (stored.length === 0 || error instanceof GraphConfigError) {
            request.log.warn({ err: error }, 'template sync failed');
            const described = describeError(error, 'templates_load');
            throw new HttpError(502, 'templates_load_failed', described.message);
          }
          request.log.warn({ err: error }, 'template sync failed; serving stored templates');
        }
      }
      const rows = await app.db
        .select()
        .from(templates)
        .where(eq(templates.accountId, actor.accountId))
        .orderBy(desc(templates.createdAt), asc(templates.name));
      const list = rows.map(presentTemplate);
      const wanted = request.query.status;
      return { templates: wanted ? list.filter((t) => t.status === wanted) : list };
    },
  );

  app.get(
    '/templates/:templateId',
    {
      config: { access: 'member' },
      schema: { tags: ['templates'], params: z.object({ templateId: z.uuid() }) },
    },
    async (request): Promise<TemplateResponse> => {
      const actor = await requireAccount(request);
      templatePolicy.authorize(actor, 'view', { teamId: actor.teamId });
      const [row] = await app.db
        .select()
        .from(templates)
        .where(and(eq(templates.id, request.params.templateId), eq(templates.accountId, actor.accountId)))
        .limit(1);
      if (!row) throw new HttpError(404, 'not_found', TEMPLATE_MSG.templateNotFound);
      return { template: presentTemplate(row) };
    },
  );

  app.post(
    '/templates',
    { config: { access: 'member' }, schema: { tags: ['templates'], body: createTemplateSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const row = await createTemplate(deps, { ...actor, accountId: actor.accountId }, request.body);
      return reply.code(201).send({ template: presentTemplate(row) } satisfies TemplateResponse);
    },
  );

  app.post(
    '/contacts/:contactId/template-messages',
    {
      config: { access: 'member' },
      schema: { tags: ['templates'], params: z.object({ contactId: z.uuid() }), body: sendTemplateSchema },
    },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const contact = await loadContact(app.db, actor.accountId, request.params.contactId);
      const { row } = await sendTemplateMessage(deps, actor, contact, request.body);
      const body: MessageResponse = { message: await presentOne(deps, contact, row.id) };
      return reply.code(202).send(body);
    },
  );
};
