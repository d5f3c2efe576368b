import { aiSettingsInputSchema, aiSuggestSchema, aiSummariseSchema, aiTranslateSchema } from '@common/api/ai';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAccount } from '../../auth/require-account';
import { startSuggestion, summariseContact, translateMessage } from '../../commands/ai-assist';
import { getAiSettings, testAiConnection, updateAiSettings } from '../../commands/ai-settings';
import { aiBotRoutes } from './bot';
import { modelCallLimit } from './limits';
import { suggestionBody } from './stream';

/**
 * AI (issue 16). `member` is the first gate for what every teammate uses (the status, suggestions,
 * summaries, translations); changing and testing the settings is `owner`, and the commands ask
 * policies/ai.ts again. Nothing here sends a message.
 */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, env: app.env, events: app.events, log: app.log };
  const member = { config: { access: 'member' as const } };
  const owner = { config: { access: 'owner' as const } };
  const memberCall = { config: { access: 'member' as const, rateLimit: modelCallLimit } };
  const ownerCall = { config: { access: 'owner' as const, rateLimit: modelCallLimit } };
  const tags = ['ai'];

  // The AI bot's routes (Marketing → AI Bots, the per-chat switch).
  await app.register(aiBotRoutes);

  app.get('/ai/settings', { ...member, schema: { tags } }, async (request) => {
    const actor = await requireAccount(request);
    return getAiSettings(deps, actor);
  });

  app.put('/ai/settings', { ...owner, schema: { tags, body: aiSettingsInputSchema } }, async (request) => {
    const actor = await requireAccount(request);
    return updateAiSettings(deps, actor, request.body);
  });

  app.post('/ai/test', { ...ownerCall, schema: { tags, body: aiSettingsInputSchema } }, async (request) => {
    const actor = await requireAccount(request);
    return testAiConnection({ ...deps, log: request.log }, actor, request.body);
  });

  // NDJSON, flushed line by line (common/api/ai.ts, AiStreamEvent).
  app.post(
    '/ai/suggest',
    { ...memberCall, schema: { tags, body: aiSuggestSchema } },
    async (request, reply) => {
      const actor = await requireAccount(request);
      const abort = new AbortController();
      // The browser went away (or the answer ended): stop asking the model.
      reply.raw.once('close', () => abort.abort());
      const suggestion = await startSuggestion(deps, actor, request.body, abort.signal);
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(suggestionBody(suggestion, request.log));
    },
  );

  app.post('/ai/summarise', { ...memberCall, schema: { tags, body: aiSummariseSchema } }, async (request) => {
    const actor = await requireAccount(request);
    return summariseContact({ ...deps, log: request.log }, actor, request.body.contactId);
  });

  app.post('/ai/translate', { ...memberCall, schema: { tags, body: aiTranslateSchema } }, async (request) => {
    const actor = await requireAccount(request);
    return translateMessage({ ...deps, log: request.log }, actor, request.body);
  });
};
