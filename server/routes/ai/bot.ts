import { aiBotSettingsInputSchema, aiBotTestSchema, chatBotPauseSchema } from '@common/api/ai-bot';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccount } from '../../auth/require-account';
import { getAiBot, setChatBotPaused, testAiBot, updateAiBot } from '../../commands/ai-bot';
import { modelCallLimit } from './limits';

const contactParams = z.object({ contactId: z.uuid({ message: 'contactId must be a contact id' }) });

/**
 * The AI bot (issue 16, common/api/ai-bot.ts). `member` reads and pauses/resumes a chat; `owner`
 * changes and tests it; the commands ask policies/ai-bot.ts again. The test chat sends nothing.
 */
export const aiBotRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, env: app.env, events: app.events, clock: app.clock, log: app.log };
  const tags = ['ai'];

  app.get('/ai/bot', { config: { access: 'member' }, schema: { tags } }, async (request) => {
    const actor = await requireAccount(request);
    return getAiBot(deps, actor);
  });

  app.put(
    '/ai/bot',
    { config: { access: 'owner' }, schema: { tags, body: aiBotSettingsInputSchema } },
    async (request) => {
      const actor = await requireAccount(request);
      return updateAiBot(deps, actor, request.body);
    },
  );

  app.post(
    '/ai/bot/test',
    { config: { access: 'owner', rateLimit: modelCallLimit }, schema: { tags, body: aiBotTestSchema } },
    async (request) => {
      const actor = await requireAccount(request);
      return testAiBot({ ...deps, log: request.log }, actor, request.body);
    },
  );

  app.put(
    '/contacts/:contactId/bot',
    { config: { access: 'member' }, schema: { tags, params: contactParams, body: chatBotPauseSchema } },
    async (request) => {
      const actor = await requireAccount(request);
      return setChatBotPaused(deps, actor, request.params.contactId, request.body.paused);
    },
  );
};
