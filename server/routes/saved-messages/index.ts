import {
  SAVED_ATTACHMENT_RULES,
  type SavedAttachmentResponse,
  type SavedMessageResponse,
  type SavedMessagesResponse,
  saveSavedMessageSchema,
} from '@common/api/saved-messages';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import {
  createSavedMessage,
  deleteSavedMessage,
  listSavedMessages,
  updateSavedMessage,
  uploadSavedAttachment,
} from '../../commands/saved-message';
import { withUploadedFile } from '../../outbound/receive-upload';
import { savedMessagePolicy } from '../../policies/saved-message';

const params = z.object({ savedMessageId: z.uuid() });
const member = { access: 'member' as const };

/**
 * Team saved messages: every member reads them; the owner creates, edits and deletes them and uploads
 * their attachments (the commands ask the policy, so a member's forged request gets 403 and the
 * spec's alert text).
 */
export const savedMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: SAVED_ATTACHMENT_RULES.document.maxMb * 1024 * 1024,
      files: 1,
      fields: 4,
      parts: 6,
    },
  });
  const deps = { db: app.db, env: app.env };

  app.get('/saved-messages', { config: member, schema: { tags: ['saved-messages'] } }, async (request) => {
    const actor = await requireAccount(request);
    const abilities = savedMessagePolicy.abilities(actor, { teamId: actor.teamId });
    return {
      savedMessages: await listSavedMessages(app.db, actor),
      abilities: { create: abilities.create, edit: abilities.edit, delete: abilities.delete },
    } satisfies SavedMessagesResponse;
  });

  app.post(
    '/saved-messages/attachments',
    { config: member, schema: { tags: ['saved-messages'], consumes: ['multipart/form-data'] } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      // Refuse before reading a member's upload at all.
      savedMessagePolicy.authorize(actor, 'create', { teamId: actor.teamId });
      const attachment = await withUploadedFile(
        request,
        app.env,
        actor.accountId,
        (file, _fields, declared) => uploadSavedAttachment(deps, actor, file, declared),
      );
      return reply.code(201).send({ attachment } satisfies SavedAttachmentResponse);
    },
  );

  app.post(
    '/saved-messages',
    { config: member, schema: { tags: ['saved-messages'], body: saveSavedMessageSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const savedMessage = await createSavedMessage(deps, actor, request.body);
      return reply.code(201).send({ savedMessage } satisfies SavedMessageResponse);
    },
  );

  app.put(
    '/saved-messages/:savedMessageId',
    { config: member, schema: { tags: ['saved-messages'], params, body: saveSavedMessageSchema } },
    async (request): Promise<SavedMessageResponse> => {
      const actor = await requireAccount(request);
      return {
        savedMessage: await updateSavedMessage(deps, actor, request.params.savedMessageId, request.body),
      };
    },
  );

  app.delete(
    '/saved-messages/:savedMessageId',
    { config: member, schema: { tags: ['saved-messages'], params } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      await deleteSavedMessage(deps, actor, request.params.savedMessageId);
      return reply.code(204).send();
    },
  );
};
