import { MEDIA_LIMITS, type MessageResponse, reactSchema, sendMediaFieldsSchema } from '@common/api/inbox';
import { sendMessageSchema } from '@common/api/interactive';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { badRequest } from '../../lib/http-errors';
import { markMessageRead } from '../../outbound/mark-read';
import { reactToMessage } from '../../outbound/react';
import { declaredSizeOf, receiveUpload } from '../../outbound/receive-upload';
import { retryMessage, sendMediaMessage, sendTextMessage } from '../../outbound/send-message';
import { sendRichMessage } from '../../outbound/send-rich';
import { loadContact } from '../contacts/load';
import { loadMessage, presentOne } from './load';

const contactParams = z.object({ contactId: z.uuid() });
const messageParams = z.object({ messageId: z.uuid() });
const accepted = { config: { access: 'member' as const } };

/** Sending from the composer (text, interactive, location, contacts, media, retry), reactions and read receipts. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: MEDIA_LIMITS.document.maxBytes,
      files: 4,
      fields: 10,
      fieldSize: 16 * 1024,
      parts: 16,
    },
  });
  const deps = { db: app.db, env: app.env, clock: app.clock, events: app.events };

  app.post(
    '/contacts/:contactId/messages',
    { ...accepted, schema: { tags: ['inbox'], params: contactParams, body: sendMessageSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const contact = await loadContact(app.db, actor.accountId, request.params.contactId);
      const input = request.body;
      // A text, or reply buttons / a list / a link button / a location / contact cards (issue 17).
      const { row } =
        input.type === 'text'
          ? await sendTextMessage(deps, actor, contact, input)
          : await sendRichMessage(deps, actor, contact, input);
      const body: MessageResponse = { message: await presentOne(deps, contact, row.id) };
      return reply.code(202).send(body);
    },
  );

  app.post(
    '/contacts/:contactId/messages/media',
    { ...accepted, schema: { tags: ['inbox'], params: contactParams, consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const contact = await loadContact(app.db, actor.accountId, request.params.contactId);
      if (!request.isMultipart())
        throw badRequest('Send the file as multipart/form-data.', 'validation_failed');
      const upload = await receiveUpload(request, app.env, actor.accountId, ['file', 'thumbnail']);
      try {
        const fields = sendMediaFieldsSchema.safeParse(upload.fields);
        if (!fields.success) {
          const issue = fields.error.issues[0];
          throw badRequest(issue?.message ?? 'Invalid request', 'validation_failed', issue?.path.join('.'));
        }
        const file = upload.files.file;
        if (!file) throw badRequest('Please choose a file to send', 'validation_failed', 'file');
        const { row } = await sendMediaMessage(deps, actor, contact, fields.data, {
          file,
          thumbnail: upload.files.thumbnail ?? null,
          declaredSize: declaredSizeOf(request),
          log: request.log,
        });
        const body: MessageResponse = { message: await presentOne(deps, contact, row.id) };
        return reply.code(202).send(body);
      } finally {
        // Kept files were moved away already; whatever is left was refused.
        await upload.discard();
      }
    },
  );

  app.post(
    '/messages/:messageId/retry',
    { ...accepted, schema: { tags: ['inbox'], params: messageParams } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const { message, contact } = await loadMessage(app.db, actor.accountId, request.params.messageId);
      const row = await retryMessage(deps, actor, message, contact);
      const body: MessageResponse = { message: await presentOne(deps, contact, row.id) };
      return reply.code(202).send(body);
    },
  );

  app.post(
    '/messages/:messageId/reactions',
    { ...accepted, schema: { tags: ['inbox'], params: messageParams, body: reactSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const { message, contact } = await loadMessage(app.db, actor.accountId, request.params.messageId);
      await reactToMessage(deps, actor, message, contact, request.body.emoji);
      const body: MessageResponse = { message: await presentOne(deps, contact, message.id) };
      return reply.code(202).send(body);
    },
  );

  app.post(
    '/messages/:messageId/read',
    { ...accepted, schema: { tags: ['inbox'], params: messageParams } },
    async (request): Promise<MessageResponse> => {
      const actor = await requireAccount(request);
      const { message, contact } = await loadMessage(app.db, actor.accountId, request.params.messageId);
      await markMessageRead(deps, actor, message);
      return { message: await presentOne(deps, contact, message.id) };
    },
  );
};
