import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappAccounts } from '../db/schema';
import { loadTestEnv } from '../env';
import { decryptSecret } from '../lib/crypto';
import { connectSandboxTeam, type SandboxTeam } from '../test/outbound';
import { type ListeningContext, listeningTestContext, phoneApi } from '../test/sandbox';
import type { FuzzRequest, FuzzWorld, Route } from './plausible';
import { createRandom, freshSeed } from './random';
import { bigRequests, nextRequest } from './requests';
import { refreshIds, seedTeam, snapshotTeam } from './seed';

/**
 * Bad input, as a test: thousands of malformed, oversized and wrong-typed requests over every route
 * the server registered (JSON bodies, broken JSON, wrong content types, query strings, path
 * parameters, multipart uploads with lying file types, webhook bodies), sent as the owner of team A,
 * signed out, or with a forged cookie. Every answer must be below 500, every 4xx a JSON body with a
 * message, the process must not fail, and team B's rows must be exactly as they were.
 *
 * FUZZ_SEED=<n> replays a run (FUZZ_SEED=random draws a new one); FUZZ_REQUESTS=<n> changes the count.
 */

const DEFAULT_SEED = 20_240_607;
const DEFAULT_REQUESTS = 10_000;
const settings = loadTestEnv();
const SEED =
  settings.fuzzSeed === 'random' ? freshSeed() : settings.fuzzSeed ? Number(settings.fuzzSeed) : DEFAULT_SEED;
const TOTAL = settings.fuzzRequests ?? DEFAULT_REQUESTS;

type Failure = { request: string; status: number; problem: string; body: string };

let ctx: ListeningContext;
let teamA: SandboxTeam;
let teamB: SandboxTeam;
/** Real values per path parameter: team A's rows, refreshed as the fuzz deletes some. */
const idsA: Record<string, string[]> = {};
const idsB: Record<string, string[]> = {};
/** Texts of team B that must never appear in an answer. */
const secretsB = [
  'secret-customer-B',
  'secret-body-B',
  'secret-note-B',
  'secret_template_b',
  'secret-saved-B',
  'secret-segment-B',
  'secret-campaign-B',
  'secret-sent-campaign-B',
  'secret-error-B',
];
let customerWaIdA = '';
/** Team A's access token at the sandbox's Graph API, so Graph routes are reached past the token check. */
let graphTokenA = '';

beforeAll(async () => {
  ctx = await listeningTestContext();
  teamA = await connectSandboxTeam(ctx, 'Fuzz Shop A');
  teamB = await connectSandboxTeam(ctx, 'Fuzz Shop B');
  await seedTeam(ctx, teamA, 'A');
  await seedTeam(ctx, teamB, 'B');
  customerWaIdA = '16505550101';
  await phoneApi(ctx.origin, 'POST', `/phone-numbers/${teamA.phoneNumberId}/customers`, {
    waId: customerWaIdA,
    name: 'Fuzz Customer',
  });
  await refreshIds(ctx, teamA, idsA);
  await refreshIds(ctx, teamB, idsB);
  const [account] = await ctx.db
    .select()
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.id, teamA.accountId));
  graphTokenA = decryptSecret(account!.accessTokenEncrypted!, ctx.env.secretKey);
}, 120_000);
afterAll(() => ctx?.close());

let counter = 0;
const world = (): FuzzWorld => ({
  teamA,
  teamB,
  idsA,
  idsB,
  customerWaIdA,
  verifyToken: ctx.env.meta.verifyToken,
  webhookSecret: ctx.env.meta.webhookSecret,
  graphTokenA,
  next: () => ++counter,
  clientRef: () => `temp-fuzz-${++counter}`,
});

// ---------------------------------------------------------------------------------------------------
// Judging answers
// ---------------------------------------------------------------------------------------------------

function judge(request: FuzzRequest, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  for (const secret of secretsB) if (res.body.includes(secret)) return `leaked team B's "${secret}"`;
  if (res.statusCode < 400 || request.method === 'HEAD') return null;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('application/json'))
    return `a ${res.statusCode} that is not JSON (${type || 'no type'})`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `a ${res.statusCode} whose body does not parse`;
  }
  const message =
    (body as { message?: unknown })?.message ?? (body as { error?: { message?: unknown } })?.error?.message;
  if (typeof message !== 'string' || message.trim() === '') return `a ${res.statusCode} without a message`;
  return null;
}

function describeRequest(request: FuzzRequest): string {
  const url = request.url.length > 160 ? `${request.url.slice(0, 160)}…` : request.url;
  const type = request.headers['content-type'] ?? '';
  const size = request.payload === undefined ? 0 : Buffer.byteLength(request.payload);
  return `${request.method} ${url} [${request.caller}, ${request.label}, ${type} ${size} B]`;
}

describe('fuzzing every route', () => {
  it(`answers ${TOTAL} hostile requests without a 5xx, a crash, or a change to another team`, async () => {
    const started = Date.now();
    console.warn(`fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${TOTAL} requests`);
    const processErrors: unknown[] = [];
    const onError = (error: unknown) => processErrors.push(error);
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);

    const before = await snapshotTeam(ctx, teamB);
    expect(JSON.parse(before.contacts!), 'team B is seeded').toHaveLength(3);
    const routes = ctx.app
      .routeAccessTable()
      .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/docs/static')) as Route[];
    /** Routes that answered 2xx at least once: the fuzz got past validation there. */
    const passed = new Set<string>();
    const statuses = new Map<number, number>();
    const failures: Failure[] = [];
    const r = createRandom(SEED);

    const w = world();
    const big = bigRequests(w);
    const bigAnswers: string[] = [];
    for (let i = 0; i < TOTAL; i++) {
      if (i > 0 && i % 500 === 0) await refreshIds(ctx, teamA, idsA);
      const request = i < big.length ? big[i]! : nextRequest(w, r, routes);
      const sent = Date.now();
      const res = await ctx.app.inject({
        method: request.method,
        url: request.url,
        headers: request.headers,
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode < 300) passed.add(request.route);
      if (i < big.length) bigAnswers.push(`${request.label} → ${res.statusCode} (${Date.now() - sent} ms)`);
      const problem = judge(request, res);
      if (problem) {
        failures.push({
          request: describeRequest(request),
          status: res.statusCode,
          problem,
          body: res.body.slice(0, 300),
        });
      }
    }

    const loopSeconds = ((Date.now() - started) / 1000).toFixed(1);
    // What was accepted is worked off too: sends and uploads go to the sandbox, stored webhook
    // deliveries (garbage among them) through the processor. Neither may throw or stall.
    const jobsRan = await ctx.runner.drain(20);
    const deliveries = await ctx.webhooks.drain();
    const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    const after = await snapshotTeam(ctx, teamB);
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.warn(
      `fuzz: ${TOTAL} requests in ${loopSeconds} s (${seconds} s with the work after), statuses ${histogram.join(' ')}`,
    );
    console.warn(`fuzz: ${bigAnswers.join(', ')}`);
    console.warn(`fuzz: then ${jobsRan} jobs and ${deliveries} webhook deliveries processed`);
    const never = routes.map((x) => `${x.method} ${x.url}`).filter((x) => !passed.has(x));
    if (never.length > 0) console.warn(`fuzz: routes that never answered 2xx: ${never.join(', ')}`);

    const grouped = new Map<string, Failure[]>();
    for (const f of failures) {
      const key = `${f.problem} — ${f.request.split(' ').slice(0, 2).join(' ').split('?')[0]}`;
      grouped.set(key, [...(grouped.get(key) ?? []), f]);
    }
    const report = [...grouped.entries()].map(
      ([key, list]) => `${list.length}× ${key}\n    e.g. ${list[0]!.request}\n    ${list[0]!.body}`,
    );
    expect(report, `seed ${SEED}`).toEqual([]);
    expect(processErrors).toEqual([]);
    expect(health.statusCode).toBe(200);
    const changedTables = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changedTables, "team B's rows changed").toEqual([]);
  }, 180_000);
});
