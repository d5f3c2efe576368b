import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/http-errors';
import { SERVICE_WINDOW_MS } from '../graph/messages';
import { MULTIPART_BODY_LIMIT, readMultipart } from '../multipart';
import { listCustomers, saveCustomer } from '../state/customers';
import { storeMedia, uploadProblem } from '../state/media';
import { lastInboundAt, listChat } from '../state/messages';
import { getSettings, sandboxNow } from '../state/settings';
import { readChat } from '../webhooks/status.job';
import { customerSends } from './customer-send';
import { presentChat, presentCustomer } from './present';
import { chatOr404, chatParams, phoneOr404, phoneParams, publicRoute, tags } from './shared';

const sendBody = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z.string().trim().min(1, 'Type a message first.').max(4096),
    replyTo: z.string().min(1).optional(),
  }),
  z.object({
    type: z.literal('reaction'),
    messageId: z.string().min(1),
    /** '' removes the customer's reaction. */
    emoji: z.string().max(16),
  }),
  z.object({
    /** A tap on a reply button or the pick of a list row of a business's interactive message. */
    type: z.literal('interactive_reply'),
    messageId: z.string().min(1),
    optionId: z.string().min(1).max(256),
  }),
]);

const mediaFields = z.object({
  file: z.instanceof(File, { error: 'Attach a file.' }),
  caption: z.string().max(1024).optional(),
  replyTo: z.string().min(1).optional(),
  asDocument: z.enum(['true', 'false']).optional(),
});

/** Customers and their chats: everything a customer does becomes a signed webhook to the app. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/phone-numbers/:phoneNumberId/customers',
    { config: publicRoute, schema: { tags, params: phoneParams } },
    async (request) => {
      const phone = await phoneOr404(app.db, request.params.phoneNumberId);
      return { customers: (await listCustomers(app.db, phone.id)).map(presentCustomer) };
    },
  );

  app.post(
    '/phone-numbers/:phoneNumberId/customers',
    {
      config: publicRoute,
      schema: {
        tags,
        params: phoneParams,
        body: z.object({
          waId: z
            .string()
            .transform((v) => v.replace(/[\s+\-().]/g, ''))
            .pipe(z.string().regex(/^\d{7,15}$/, 'Enter the number with its country code, 7 to 15 digits.')),
          name: z.string().trim().min(1, 'Enter a name.').max(80),
        }),
      },
    },
    async (request, reply) => {
      const phone = await phoneOr404(app.db, request.params.phoneNumberId);
      if (request.body.waId === phone.displayPhoneNumber.replace(/\D/g, '')) {
        throw badRequest('A customer cannot have the business number.', 'validation_failed', 'waId');
      }
      const now = sandboxNow(await getSettings(app.db));
      const customer = await saveCustomer(app.db, { phoneNumberId: phone.id, ...request.body }, now);
      return reply.code(201).send({ customer: { waId: customer.waId, name: customer.name } });
    },
  );

  app.get(
    '/phone-numbers/:phoneNumberId/customers/:waId/messages',
    { config: publicRoute, schema: { tags, params: chatParams } },
    async (request) => {
      const { phone, customer } = await chatOr404(app.db, request.params);
      const [rows, last, settings] = await Promise.all([
        listChat(app.db, phone.id, customer.waId),
        lastInboundAt(app.db, phone.id, customer.waId),
        getSettings(app.db),
      ]);
      const closesAt = last ? new Date(last.getTime() + SERVICE_WINDOW_MS) : null;
      const now = sandboxNow(settings);
      return {
        customer: { waId: customer.waId, name: customer.name },
        now: now.toISOString(),
        window: { open: closesAt !== null && closesAt > now, closesAt: closesAt?.toISOString() ?? null },
        messages: presentChat(rows),
      };
    },
  );

  app.post(
    '/phone-numbers/:phoneNumberId/customers/:waId/messages',
    { config: publicRoute, schema: { tags, params: chatParams, body: sendBody } },
    async (request, reply) => {
      const { phone, customer } = await chatOr404(app.db, request.params);
      const row = await customerSends(app.db, phone, customer, request.body);
      return reply.code(201).send({ id: row.wamid });
    },
  );

  app.post(
    '/phone-numbers/:phoneNumberId/customers/:waId/media',
    { config: publicRoute, bodyLimit: MULTIPART_BODY_LIMIT, schema: { tags, params: chatParams } },
    async (request, reply) => {
      const { phone, customer } = await chatOr404(app.db, request.params);
      const form = await readMultipart(request);
      if (!form) throw badRequest('Send the file as multipart/form-data.');
      const parsed = mediaFields.safeParse({
        file: form.get('file') ?? undefined,
        caption: form.get('caption') || undefined,
        replyTo: form.get('replyTo') || undefined,
        asDocument: form.get('asDocument') || undefined,
      });
      if (!parsed.success)
        throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid upload.', 'validation_failed');
      const { file, caption, replyTo } = parsed.data;
      const mimeType = file.type || 'application/octet-stream';
      const data = Buffer.from(await file.arrayBuffer());
      const problem = uploadProblem(mimeType, data.length);
      if (problem)
        throw badRequest(`WhatsApp would not send this file. ${problem}`, 'unsupported_media', 'file');
      const media = await storeMedia(app.db, {
        phoneNumberId: phone.id,
        mimeType,
        filename: file.name || null,
        data,
      });
      const row = await customerSends(app.db, phone, customer, {
        type: 'media',
        media,
        caption,
        replyTo,
        asDocument: parsed.data.asDocument === 'true',
      });
      return reply.code(201).send({ id: row.wamid });
    },
  );

  app.post(
    '/phone-numbers/:phoneNumberId/customers/:waId/read',
    { config: publicRoute, schema: { tags, params: chatParams } },
    async (request) => {
      const { phone, customer } = await chatOr404(app.db, request.params);
      const read = await app.db.transaction(async (tx) =>
        readChat(tx, await getSettings(tx), phone, customer.waId),
      );
      return { read };
    },
  );
};
