import type { FastifyPluginAsync } from 'fastify';
import { businessRoutes } from './business-routes';
import { chatRoutes } from './chat-routes';
import { settingsRoutes } from './settings-routes';

/**
 * The customer phone API behind the /sandbox page, under /sandbox/api (public: the sandbox only
 * exists on servers that run it).
 */
export const phoneRoutes: FastifyPluginAsync = async (app) => {
  await app.register(businessRoutes);
  await app.register(chatRoutes);
  await app.register(settingsRoutes);
};
