import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db/client';
import { jobs, webhookEvents } from './db/schema';

export type Metrics = {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  jobsProcessed: Counter<'name' | 'outcome'>;
};

/** A registry per app instance, so tests can build several apps in one process. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'switchboard_' });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'switchboard_http_request_duration_seconds',
      help: 'HTTP request duration by route',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    jobsProcessed: new Counter({
      name: 'switchboard_jobs_processed_total',
      help: 'Jobs run by name and outcome',
      labelNames: ['name', 'outcome'],
      registers: [registry],
    }),
  };
}

/** Backlogs read from the database at scrape time: alert when they grow. */
export function registerBacklogGauges(metrics: Metrics, db: Database): void {
  new Gauge({
    name: 'switchboard_webhook_backlog',
    help: 'Webhook deliveries stored but not yet applied',
    registers: [metrics.registry],
    async collect() {
      // With the database down the gauge keeps its last value; /readyz reports the outage.
      const [row] = await db
        .select({ n: count() })
        .from(webhookEvents)
        .where(eq(webhookEvents.status, 'pending'))
        .catch(() => []);
      if (row) this.set(row.n);
    },
  });
  new Gauge({
    name: 'switchboard_jobs_queued',
    help: 'Jobs waiting to run',
    registers: [metrics.registry],
    async collect() {
      const [row] = await db
        .select({ n: count() })
        .from(jobs)
        .where(eq(jobs.status, 'queued'))
        .catch(() => []);
      if (row) this.set(row.n);
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Times every request under its route pattern (never the raw URL, which would explode the labels). */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { metrics: Metrics }) => {
  app.decorate('metrics', opts.metrics);
  app.addHook('onResponse', async (request, reply) => {
    opts.metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
});
