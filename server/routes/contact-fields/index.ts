import {
  createContactFieldSchema,
  setContactFieldValuesSchema,
  updateContactFieldSchema,
} from '@common/api/contact-fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { setContactFieldValues } from '../../commands/contact-field-values';
import {
  contactFieldUsage,
  createContactField,
  deleteContactField,
  listContactFields,
  updateContactField,
} from '../../commands/contact-fields';

const fieldParams = z.object({ fieldId: z.uuid() });
const contactParams = z.object({ contactId: z.uuid() });

/**
 * Custom contact fields (issue 14). `access: member` is the first gate on every route — members read
 * fields and set values; defining, changing and deleting fields is owner-only, which the commands ask
 * policies/contact-field.ts (so the answer for a member is the policy's 403, the same from a job).
 */
export const contactFieldRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, events: app.events };
  const member = { config: { access: 'member' as const } };
  const tags = ['contact-fields'];

  app.get('/contact-fields', { ...member, schema: { tags } }, async (request) => {
    const actor = await requireAccount(request);
    return listContactFields(app.db, actor);
  });

  app.post(
    '/contact-fields',
    { ...member, schema: { tags, body: createContactFieldSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      return reply.code(201).send({ field: await createContactField(deps, actor, request.body) });
    },
  );

  app.patch(
    '/contact-fields/:fieldId',
    { ...member, schema: { tags, params: fieldParams, body: updateContactFieldSchema } },
    async (request) => {
      const actor = await requireAccount(request);
      return { field: await updateContactField(deps, actor, request.params.fieldId, request.body) };
    },
  );

  app.get(
    '/contact-fields/:fieldId/usage',
    { ...member, schema: { tags, params: fieldParams } },
    async (request) => {
      const actor = await requireAccount(request);
      return contactFieldUsage(app.db, actor, request.params.fieldId);
    },
  );

  app.delete(
    '/contact-fields/:fieldId',
    { ...member, schema: { tags, params: fieldParams } },
    async (request) => {
      const actor = await requireAccount(request);
      return deleteContactField(deps, actor, request.params.fieldId);
    },
  );

  app.put(
    '/contacts/:contactId/fields',
    { ...member, schema: { tags, params: contactParams, body: setContactFieldValuesSchema } },
    async (request) => {
      const actor = await requireAccount(request);
      return { fields: await setContactFieldValues(deps, actor, request.params.contactId, request.body) };
    },
  );
};
