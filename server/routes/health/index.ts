import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const READY_TIMEOUT_MS = 2_000;

/** Liveness, readiness and Prometheus metrics for operators and load balancers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  // Ready = the database answers. The live fan-out is reported but never makes the process unready:
  // with Redis down it still serves every request, and its own sockets still get their events.
  app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const started = Date.now();
    const live = app.hasDecorator('liveBroker') ? app.liveBroker.health() : undefined;
    try {
      await withTimeout(app.database.ping(READY_TIMEOUT_MS), READY_TIMEOUT_MS);
      return { status: 'ready', database: app.database.kind, latencyMs: Date.now() - started, live };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness check failed');
      return reply
        .code(503)
        .send({ status: 'unavailable', database: app.database.kind, message: 'Database unreachable', live });
    }
  });

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', app.metrics.registry.contentType);
    return app.metrics.registry.metrics();
  });
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
