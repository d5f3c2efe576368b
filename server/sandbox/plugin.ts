import type { FastifyInstance } from 'fastify';
import { sandboxAiRoutes } from './ai/routes';
import { graphRoutes, lookasideRoutes } from './graph/routes';
import { addSandboxBodyParsers } from './multipart';
import { phoneRoutes } from './phone/routes';

/**
 * The built-in stand-in for Meta (registered under /sandbox only when env.sandbox is on):
 * - /sandbox/graph/v22.0/…  the Graph API the app's client talks to over HTTP;
 * - /sandbox/lookaside/…    media download URLs;
 * - /sandbox/api/…          the customer phone behind the /sandbox page;
 * - /sandbox/ai/v1/…        the sandbox model (an OpenAI-compatible Chat Completions API).
 * Its state lives in the sandbox_* tables and its webhooks go out through durable jobs.
 */
export async function sandboxPlugin(app: FastifyInstance): Promise<void> {
  addSandboxBodyParsers(app);
  await app.register(graphRoutes, { prefix: '/graph/v22.0' });
  await app.register(lookasideRoutes, { prefix: '/lookaside' });
  await app.register(phoneRoutes, { prefix: '/api' });
  await app.register(sandboxAiRoutes, { prefix: '/ai/v1' });
}
