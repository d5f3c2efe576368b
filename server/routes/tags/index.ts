import { tagContactsSchema, tagNameSchema } from '@common/api/tags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { createTag, deleteTag, listTags, renameTag, tagContacts, untagContact } from '../../commands/tags';

const tagParams = z.object({ tagId: z.uuid() });

/**
 * The account's tags, and putting them on and taking them off contacts. `access: member` is the first
 * gate; each command loads the tag within the account and asks policies/tag.ts.
 */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  const member = { config: { access: 'member' as const } };

  app.get('/tags', { ...member, schema: { tags: ['tags'] } }, async (request) => {
    const actor = await requireAccount(request);
    return { tags: await listTags(app.db, actor) };
  });

  app.post(
    '/tags',
    { ...member, schema: { tags: ['tags'], body: tagNameSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      return reply.code(201).send({ tag: await createTag(deps, actor, request.body.name) });
    },
  );

  app.patch(
    '/tags/:tagId',
    { ...member, schema: { tags: ['tags'], params: tagParams, body: tagNameSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      await renameTag(deps, actor, request.params.tagId, request.body.name);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/tags/:tagId',
    { ...member, schema: { tags: ['tags'], params: tagParams } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      await deleteTag(deps, actor, request.params.tagId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/tags/:tagId/contacts',
    { ...member, schema: { tags: ['tags'], params: tagParams, body: tagContactsSchema } },
    async (request) => {
      const actor = await requireAccount(request);
      return tagContacts(deps, actor, request.params.tagId, request.body.contactIds);
    },
  );

  app.delete(
    '/tags/:tagId/contacts/:contactId',
    { ...member, schema: { tags: ['tags'], params: tagParams.extend({ contactId: z.uuid() }) } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      await untagContact(deps, actor, request.params.tagId, request.params.contactId);
      return reply.code(204).send();
    },
  );
};
