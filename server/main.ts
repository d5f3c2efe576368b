import { pino } from 'pino';
import { buildApp } from './app';
import { CampaignSender } from './campaigns/sender';
import { cloudApiChannels } from './channel/cloud-api';
import { type DatabaseHandle, openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { type Env, EnvError, loadEnv } from './env';
import { EventBus } from './events/bus';
import { WebhookProcessor } from './inbound/webhook-processor';
import { jobDefinitions, schedules } from './jobs/registry';
import { JobRunner } from './jobs/runner';
import { Scheduler } from './jobs/scheduler';
import { limitHeapGrowth } from './lib/heap-growth';
import { setSelfOrigin } from './lib/self-origin';
import { loggerOptions } from './logger';
import { createMetrics } from './metrics';

/** Starts one Switchboard process: database, migrations, HTTP server and job runner. */
async function main(): Promise<void> {
  // Before the app allocates: a fast-allocating worker otherwise keeps up to 4× its live heap.
  limitHeapGrowth();
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino(loggerOptions(env.logLevel));

  let database: DatabaseHandle;
  try {
    database = env.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: env.databaseUrl, logger: log })
      : await openDatabase({ kind: 'embedded', dataDir: env.dataDir, logger: log });
    await database.migrate();
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      log.fatal(error.message);
      process.exit(1);
    }
    log.fatal({ err: error }, 'could not open the database');
    process.exit(1);
  }

  const metrics = createMetrics();
  // One way to WhatsApp for the whole process: the Cloud API at META_GRAPH_URL or the built-in sandbox.
  const channels = cloudApiChannels(env);
  // One domain-event bus for the process: the app, the jobs and the webhooks publish through it.
  const events = new EventBus({ db: database.db, log: log.child({ component: 'events' }) });
  const app = await buildApp({ env, database, metrics, serveWeb: true, logger: log, channels, events });
  const runner = new JobRunner({
    db: database.db,
    env,
    log: log.child({ component: 'jobs' }),
    definitions: jobDefinitions,
    channels,
    events,
    metrics,
  });

  // Campaign sends are paced per number and claimed from their own queue (server/campaigns/).
  const campaignSender = new CampaignSender({
    db: database.db,
    env,
    log: log.child({ component: 'campaigns' }),
    events,
    channels,
  });
  const scheduler = new Scheduler({ db: database.db, log: log.child({ component: 'scheduler' }), schedules });
  const webhooks = new WebhookProcessor({
    db: database.db,
    log: log.child({ component: 'webhooks' }),
    events,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close().catch((error) => log.error({ err: error }, 'error closing the server'));
    scheduler.stop();
    await Promise.all([runner.stop(), webhooks.stop(), campaignSender.stop()]);
    await events.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (env.services.web) {
    try {
      await app.listen({ port: env.port, host: env.host });
    } catch (error) {
      // A second `npm start`, or another program on the port: say so in one line, not a stack.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      log.fatal(`port ${env.port} is in use — set PORT to another port, or stop what is using it`);
      await database.close().catch(() => undefined);
      process.exit(1);
    }
    // The port actually bound (PORT=0 picks a free one): the app calls its own sandbox through it.
    const bound = app.server.address();
    setSelfOrigin(`http://127.0.0.1:${typeof bound === 'object' && bound ? bound.port : env.port}`);
  }
  if (env.services.worker) {
    runner.start();
    campaignSender.start();
    webhooks.start();
    scheduler.start();
  }
  // Every process presents live events, so every process picks up events another one committed
  // and died before dispatching.
  events.startRecovery();
  log.info(
    {
      url: `http://localhost:${env.port}`,
      database: database.kind === 'embedded' ? `embedded (${env.dataDir})` : 'postgres (DATABASE_URL)',
      sandbox: env.sandbox,
      email: env.devOutbox ? 'dev outbox (/dev/outbox)' : 'smtp',
    },
    'Switchboard is running',
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
