import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerFrame } from '@common/realtime';
import WebSocket from 'ws';
import type { DatabaseHandle } from '../db/client';
import { loadEnv, loadTestEnv } from '../env';
import { sessionCookie } from '../test/factories';
import { createTestDatabase } from '../test/harness';
import { type SignupResult, sandboxSignup } from '../test/sandbox';
import { type ServerProcess, startServerProcess, stopServerProcess } from '../test/server-process';
import { serializeWebhookBody, signPayload } from '../whatsapp/signature';

/**
 * The multi-process suite's harness: real `server/main.ts` processes on one PostgreSQL database (a
 * fresh copy of the migrated template per test file) and Redis, driven over HTTP and WebSockets only,
 * exactly as a load balancer and browsers would.
 */

const SECRET_KEY = 'scale-test-secret-key-scale-test-secret-key';
/** Registers `test.probe`, a job that records each run of it (see probe-job.ts). */
export const PROBE_PRELOAD = 'server/scale/probe-job.ts';

/** Where the suite runs, checked by global-setup.ts (it fails under CI when something is missing). */
export function scaleServices(): { databaseUrl: string; redisUrl: string } {
  const { databaseUrl, redisUrl } = loadTestEnv();
  if (!databaseUrl || !redisUrl) throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL must be set');
  return { databaseUrl, redisUrl };
}

export { until } from '../test/until';

export type Cluster = {
  /** The test's own connection to the processes' database. */
  database: DatabaseHandle;
  databaseUrl: string;
  /** The env every process of this cluster gets (plus PORT). */
  env: Record<string, string>;
  webhookSecret: string;
  /** Starts one more process (or restarts one) on the same database and Redis. */
  start(options?: { preload?: string[] }): Promise<ServerProcess>;
  /** Kills every process it started, drops the database, removes DATA_DIR (call it in afterAll). */
  close(): Promise<void>;
};

/**
 * A fresh database and a shared DATA_DIR (media on a shared volume); `redisUrl` unset keeps live
 * events in process.
 */
export async function createCluster(options: { redisUrl?: string; env?: Record<string, string> } = {}) {
  const { database, url, drop } = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-scale-'));
  const env: Record<string, string> = {
    DATABASE_URL: url!,
    DATA_DIR: dataDir,
    SECRET_KEY,
    // A dead process's jobs come back after 5 s instead of 30 s, to keep the suite short.
    JOB_LEASE_SECONDS: '5',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  };
  const started: ServerProcess[] = [];
  const cluster: Cluster = {
    database,
    databaseUrl: url!,
    env,
    webhookSecret: loadEnv({ DATA_DIR: dataDir, SECRET_KEY }).meta.webhookSecret,
    async start(startOptions = {}) {
      const server = await startServerProcess(env, undefined, startOptions);
      started.push(server);
      return server;
    },
    async close() {
      await Promise.all(started.map((p) => stopServerProcess(p, 'SIGKILL')));
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return cluster;
}

export const isDead = (server: ServerProcess) =>
  server.child.exitCode !== null || server.child.signalCode !== null;

// ── HTTP, as a browser and Meta would call it ──────────────────────────────────────────────────

export async function signUp(origin: string): Promise<{ cookie: string; userId: string; email: string }> {
  const email = `scale-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await fetch(`${origin}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret123', confirmPassword: 'secret123' }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { cookie: sessionCookie(response.headers.getSetCookie()), userId: body.user.id, email };
}

export type ConnectedNumber = {
  accountId: string;
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
};

/** Embedded signup against the process's own sandbox, then the app's connect endpoint. */
export async function connectSandboxNumber(origin: string, cookie: string): Promise<ConnectedNumber> {
  const signup: SignupResult = await sandboxSignup(origin, 'Scale Shop');
  const response = await fetch(`${origin}/api/whatsapp/connect/embedded`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      code: signup.code,
      wabaId: signup.data.waba_id,
      phoneNumberId: signup.data.phone_number_id,
      businessId: signup.data.business_id,
    }),
  });
  if (response.status !== 201) throw new Error(`connect failed: ${response.status} ${await response.text()}`);
  const { accountId } = (await response.json()) as { accountId: string };
  return {
    accountId,
    phoneNumberId: signup.data.phone_number_id,
    wabaId: signup.data.waba_id,
    displayPhoneNumber: signup.phoneNumber.displayPhoneNumber.replace(/\D/g, ''),
  };
}

/** POSTs a webhook body as Meta does (ASCII-escaped JSON, X-Hub-Signature-256); returns the status. */
export async function postSignedWebhook(
  origin: string,
  body: unknown,
  secret: string,
  signal?: AbortSignal,
): Promise<number> {
  const raw = serializeWebhookBody(body);
  const response = await fetch(`${origin}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(raw, secret) },
    body: raw,
    signal,
  });
  await response.arrayBuffer();
  return response.status;
}

/** GET /readyz within `timeoutMs`: its status and body, or `{status: 0}` if it did not answer. */
export async function readyz(origin: string, timeoutMs = 5_000) {
  try {
    const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(timeoutMs) });
    return {
      status: response.status,
      body: (await response.json()) as { status: string; live?: { fanout: string; connected?: boolean } },
    };
  } catch {
    return { status: 0, body: undefined };
  }
}

// ── The live feed, as the browser uses it ──────────────────────────────────────────────────────

export type LiveSocket = {
  frames: ServerFrame[];
  /** Resolves with the first frame (already received or arriving) that matches. */
  waitFor<F extends ServerFrame>(match: (frame: ServerFrame) => frame is F, timeoutMs?: number): Promise<F>;
  close(): void;
};

export async function openLiveSocket(origin: string, cookie: string): Promise<LiveSocket> {
  const ws = new WebSocket(`${origin.replace('http', 'ws')}/api/live`, { headers: { cookie } });
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as ServerFrame);
    for (const wake of waiters) wake();
  });
  const socket: LiveSocket = {
    frames,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const seen = frames.map((f) => (f.type === 'event' ? f.event : f.type)).join(', ');
          reject(new Error(`no matching live frame within ${timeoutMs} ms; got: ${seen || 'nothing'}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => ws.close(),
  };
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_request, response) =>
      reject(new Error(`live socket refused: ${response.statusCode}`)),
    );
    ws.once('error', reject);
  });
  await socket.waitFor((f): f is Extract<ServerFrame, { type: 'hello' }> => f.type === 'hello');
  return socket;
}

/** A `message.created` frame for the message with this wamid. */
export const messageCreated =
  (externalId: string) =>
  (frame: ServerFrame): frame is Extract<ServerFrame, { type: 'event'; event: 'message.created' }> =>
    frame.type === 'event' &&
    frame.event === 'message.created' &&
    frame.data.message.externalId === externalId;
