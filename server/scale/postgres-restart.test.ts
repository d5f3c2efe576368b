import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import {
  hasPostgresBinaries,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../test/postgres-cluster';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../test/server-process';
import { inboundText } from '../test/webhook-builders';
import { connectSandboxNumber, isDead, postSignedWebhook, readyz, signUp, until } from './harness';

/**
 * PostgreSQL restarted under a running app. The cluster is a throw-away one (initdb + pg_ctl on a free
 * port, see server/test/postgres-cluster.ts), never the machine's shared server.
 */

const SECRET_KEY = 'pg-restart-secret-key-pg-restart-secret-key';
const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-scale-pg-'));
let postgres: ThrowawayPostgres;
let app: ServerProcess;
let owner: { cookie: string };
let number: Awaited<ReturnType<typeof connectSandboxNumber>>;
const secret = loadEnv({ DATA_DIR: dataDir, SECRET_KEY }).meta.webhookSecret;

beforeAll(async () => {
  if (!hasPostgresBinaries())
    throw new Error('PostgreSQL 15 binaries are missing (apt-get install -y postgresql)');
  postgres = await startThrowawayPostgres();
  const url = await postgres.createDatabase('switchboard');
  app = await startServerProcess({ DATABASE_URL: url, DATA_DIR: dataDir, SECRET_KEY });
  owner = await signUp(app.url);
  number = await connectSandboxNumber(app.url, owner.cookie);
});
afterAll(async () => {
  if (app) await stopServerProcess(app, 'SIGKILL');
  await postgres?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A request and how long it took; `status` 0 means no answer within `limitMs`. */
async function timed(request: () => Promise<Response>, limitMs = 15_000) {
  const started = Date.now();
  try {
    const response = await Promise.race([
      request(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer')), limitMs)),
    ]);
    await response.arrayBuffer();
    return { status: response.status, ms: Date.now() - started };
  } catch {
    return { status: 0, ms: Date.now() - started };
  }
}

const webhook = (n: number) =>
  inboundText({
    wamid: `wamid.PG-RESTART-${n}-${Date.now()}`,
    from: '15550003333',
    name: 'Restart',
    body: `during restart ${n}`,
    at: 1_780_000_000 + n,
    number,
  });

describe('PostgreSQL restarted under a running process', () => {
  it('/readyz goes red then green, and every request gets an answer in bounded time', async () => {
    expect((await readyz(app.url)).status).toBe(200);
    const session = () => fetch(`${app.url}/api/session`, { headers: { cookie: owner.cookie } });
    expect((await timed(session)).status).toBe(200);

    await postgres.stop();
    // What the probes answered, said if it never goes red (a process that died answers 0).
    const answered: string[] = [];
    const red = await until(
      async () => {
        const started = Date.now();
        const r = await readyz(app.url, 10_000);
        // Each probe answers within its 2 s database timeout (plus a margin for a loaded machine).
        expect(Date.now() - started).toBeLessThan(5_000);
        answered.push(`${r.status} ${JSON.stringify(r.body)}`);
        return r.status === 503 ? r : undefined;
      },
      '/readyz to go red',
      15_000,
      200,
    ).catch((error: Error) => {
      const last = answered.slice(-3).join(' | ');
      const exit = `exit ${app.child.exitCode ?? app.child.signalCode ?? 'none'}`;
      throw new Error(
        `${error.message}; last probes: ${last}; ${exit}; output:\n${app.output().slice(-6000)}`,
      );
    });
    expect(red.body).toMatchObject({ status: 'unavailable', message: 'Database unreachable' });

    // While it is down: the process is alive, and requests that need the database fail fast, never
    // hang. A webhook it cannot store is NOT acknowledged, so Meta delivers it again later.
    const during = await Promise.all([
      timed(() => fetch(`${app.url}/healthz`)),
      timed(session),
      timed(() => fetch(`${app.url}/api/contacts?tab=unassigned`, { headers: { cookie: owner.cookie } })),
      timed(async () => {
        const status = await postSignedWebhook(app.url, webhook(1), secret);
        return new Response(null, { status });
      }),
    ]);
    for (const { status, ms } of during) {
      expect(status).toBeGreaterThan(0);
      expect(ms).toBeLessThan(10_000);
    }
    const [health, sessionDown, contactsDown, webhookDown] = during;
    expect(health!.status).toBe(200);
    expect(sessionDown!.status).toBeGreaterThanOrEqual(500);
    expect(contactsDown!.status).toBeGreaterThanOrEqual(500);
    expect(webhookDown!.status).toBeGreaterThanOrEqual(500);

    await postgres.start();
    const green = await until(
      async () => {
        const r = await readyz(app.url);
        return r.status === 200 ? r : undefined;
      },
      '/readyz to go green',
      30_000,
      200,
    );
    expect(green.body).toMatchObject({ status: 'ready' });
    // Pool connections that died with the old server are replaced: everything works again.
    expect((await timed(session)).status).toBe(200);
    expect(await postSignedWebhook(app.url, webhook(2), secret)).toBe(200);
    expect(isDead(app)).toBe(false);
  });
});
