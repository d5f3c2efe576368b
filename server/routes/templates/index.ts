import type { MessageResponse } from '@common/api/inbox';
import {
  createTemplateSchema,
  sendTemplateSchema,
  TEMPLATE_MEDIA_FORMATS,
  TEMPLATE_MSG,
  TEMPLATE_SAMPLE_RULES,
  type TemplateMediaResponse,
  type TemplateResponse,
  type TemplatesResponse,
} from '@common/api/templates';
import multipart from '@fastify/multipart';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { createTemplate } from '../../commands/create-template';
import { sendTemplateMessage } from '../../commands/send-template-message';
import { media, templates } from '../../db/schema';
import { badRequest, HttpError } from '../../lib/http-errors';
import { withUploadedFile } from '../../outbound/receive-upload';
import { templatePolicy } from '../../policies/template';
import { presentTemplate, type TemplateRow } from '../../templates/components';
import { keepHeaderSample, keepSendHeaderMedia } from '../../templates/media';
import { syncDue, syncTemplates } from '../../templates/sync';
import { describeError } from '../../whatsapp/error-map';
import { GraphConfigError } from '../../whatsapp/graph-errors';
import { loadContact } from '../contacts/load';
import { presentOne } from '../messages/load';

const formatField = z.enum(TEMPLATE_MEDIA_FORMATS, {
  error: 'Choose Image, Video or Document for the header',
});

/**
 * Templates: the account's list (read from Meta at most every 5 minutes, `?refresh=1` forces it;
 * status webhooks and the pending sweep keep it current in between), creating one for review (an
 * image/video/document header's sample is uploaded first), and sending an approved one to a contact
 * (allowed outside the 24-hour window; a media header may carry a file chosen for that send).
 */
export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: TEMPLATE_SAMPLE_RULES.DOCUMENT.maxMb * 1024 * 1024,
      files: 1,
      fields: 4,
      parts: 6,
    },
  });
  const deps = { db: app.db, env: app.env, channels: app.channels, clock: app.clock, events: app.events };

  /** The templates with their samples (one query for all samples). */
  const present = async (rows: TemplateRow[]) => {
    const ids = rows.flatMap((r) => (r.headerMediaId ? [r.headerMediaId] : []));
    const samples = ids.length ? await app.db.select().from(media).where(inArray(media.id, ids)) : [];
    const byId = new Map(samples.map((m) => [m.id, m]));
    return rows.map((r) => presentTemplate(r, r.headerMediaId ? (byId.get(r.headerMediaId) ?? null) : null));
  };

  /** The account's template, or 404. */
  const findTemplate = async (accountId: string, templateId: string): Promise<TemplateRow> => {
    const [row] = await app.db
      .select()
      .from(templates)
      .where(and(eq(templates.id, templateId), eq(templates.accountId, accountId)))
      .limit(1);
    if (!row) throw new HttpError(404, 'not_found', TEMPLATE_MSG.templateNotFound);
    return row;
  };

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
      templatePolicy.authorize(actor, 'view', { accountId: actor.accountId });
      if (request.query.refresh === '1' || syncDue(actor.accountId)) {
        try {
          await syncTemplates(deps, actor.accountId);
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
      const list = await present(rows);
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
      const row = await findTemplate(actor.accountId, request.params.templateId);
      templatePolicy.authorize(actor, 'view', row);
      return { template: (await present([row]))[0]! };
    },
  );

  app.post(
    '/templates/header-samples',
    { config: { access: 'member' }, schema: { tags: ['templates'], consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      // Before the upload is read at all.
      templatePolicy.authorize(actor, 'create', { accountId: actor.accountId });
      const sample = await withUploadedFile(request, app.env, actor.accountId, (file, fields, declared) => {
        const format = formatField.safeParse(fields.format);
        if (!format.success) {
          throw badRequest(
            format.error.issues[0]?.message ?? 'Invalid format',
            'validation_failed',
            'format',
          );
        }
        return keepHeaderSample(deps, actor.accountId, format.data, file, declared);
      });
      return reply.code(201).send({ media: sample } satisfies TemplateMediaResponse);
    },
  );

  app.post(
    '/templates/:templateId/header-media',
    {
      config: { access: 'member' },
      schema: {
        tags: ['templates'],
        params: z.object({ templateId: z.uuid() }),
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const row = await findTemplate(actor.accountId, request.params.templateId);
      // Before the upload is read at all.
      templatePolicy.authorize(actor, 'send', row);
      const file = await withUploadedFile(request, app.env, actor.accountId, (received, _fields, declared) =>
        keepSendHeaderMedia(deps, actor.accountId, row, received, declared),
      );
      return reply.code(201).send({ media: file } satisfies TemplateMediaResponse);
    },
  );

  app.post(
    '/templates',
    { config: { access: 'member' }, schema: { tags: ['templates'], body: createTemplateSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const template = await createTemplate(deps, { ...actor, accountId: actor.accountId }, request.body);
      return reply.code(201).send({ template } satisfies TemplateResponse);
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
