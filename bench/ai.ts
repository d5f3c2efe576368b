/**
 * bench/ai: "Suggest reply" at 20 at a time (issue 16), against a server process (`npm start`'s
 * server/main.ts) on a fresh database of the PostgreSQL server, with the team's model set to a fake
 * OpenAI-compatible model in this process (bench/ai-fake-model.ts) that streams a fixed answer.
 * Aims: our server's own time around a suggestion p95 ≤ 50 ms — the time the agent waits from the
 * request to the `done` line, less the model's own time from receiving the request to its last byte —
 * and the first streamed piece reaching the browser (an HTTP client reading the NDJSON stream) ≤ 100 ms
 * after the model sent it.
 *
 *   npx tsx bench/ai.ts
 *   BENCH_AI_CONCURRENCY=20 BENCH_AI_ROUNDS=10 BENCH_AI_FIRST_MS=300 npx tsx bench/ai.ts
 *
 * Each of the concurrent clients has its own session (the route allows 30 calls a minute per session),
 * so at most 25 rounds. Needs PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { AiStreamEvent } from '../common/api/ai';
import { createSession, SESSION_COOKIE } from '../server/auth/sessions';
import { openDatabase } from '../server/db/client';
import { startServerProcess, stopServerProcess } from '../server/test/server-process';
import { type FakeModel, startFakeModel } from './ai-fake-model';
import { seedCampaignBench } from './campaign-seed';

const concurrency = Number(process.env.BENCH_AI_CONCURRENCY ?? 20);
const rounds = Math.min(25, Number(process.env.BENCH_AI_ROUNDS ?? 10));
const firstMs = Number(process.env.BENCH_AI_FIRST_MS ?? 300);
const pieces = Number(process.env.BENCH_AI_PIECES ?? 20);
const pieceMs = Number(process.env.BENCH_AI_PIECE_MS ?? 15);
const baseUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';
const HISTORY = 20;

const round1 = (n: number) => Math.round(n * 10) / 10;
const pct = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return round1(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN);
};

type Sample = { own: number; firstLag: number; total: number; before: number; after: number };

/** One suggestion as the browser asks for it; the model's side of the times comes from the fake. */
async function suggest(origin: string, cookie: string, contactId: string, model: FakeModel): Promise<Sample> {
  const started = performance.now();
  const res = await fetch(`${origin}/api/ai/suggest`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ contactId }),
  });
  if (!res.ok || !res.body) throw new Error(`suggest: ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  let firstAt = 0;
  let doneAt = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const now = performance.now();
    buffered += decoder.decode(value, { stream: true });
    let cut = buffered.indexOf('\n');
    while (cut >= 0) {
      const event = JSON.parse(buffered.slice(0, cut)) as AiStreamEvent;
      buffered = buffered.slice(cut + 1);
      if (event.type === 'delta' && !firstAt) firstAt = now;
      if (event.type === 'done') doneAt = now;
      if (event.type === 'error') throw new Error(`suggest: ${event.code} ${event.message}`);
      cut = buffered.indexOf('\n');
    }
  }
  if (!doneAt || !firstAt) throw new Error('suggest: the stream ended without a piece and done');
  const call = model.callFor(contactId);
  return {
    own: doneAt - started - (call.endedAt - call.receivedAt),
    firstLag: firstAt - call.firstSentAt,
    total: doneAt - started,
    before: call.receivedAt - started,
    after: doneAt - call.endedAt,
  };
}

async function main() {
  const dbName = `switchboard_bench_ai_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-bench-ai-'));
  const model = await startFakeModel({ firstMs, pieces, pieceMs });
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    server = await startServerProcess({
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      SECRET_KEY,
      META_APP_SECRET: 'x'.repeat(32),
      AI_TIMEOUT_SECONDS: '30',
    });
    // A chat per client: a contact with 20 messages, as the prompt reads them.
    const seed = await seedCampaignBench(handle.db, SECRET_KEY, concurrency);
    await handle.pool!.query(
      `insert into messages (account_id, contact_id, direction, type, body, preview, content, status, timestamp)
       select c.account_id, c.id, case when g % 2 = 0 then 'incoming' else 'outgoing' end, 'text', t, t,
         jsonb_build_object('kind', 'text', 'body', t), 'read', now() - (g || ' minutes')::interval
       from contacts c, generate_series(1, $1) g, lateral (select 'Message ' || g || ' about the order' as t) m
       where c.account_id = $2`,
      [HISTORY - 1, seed.accountId],
    );
    const { rows } = await handle.pool!.query('select id, profile_name from contacts where account_id = $1', [
      seed.accountId,
    ]);
    const contacts = rows as { id: string; profile_name: string }[];
    for (const c of contacts) model.nameContact(c.profile_name, c.id);
    const { rows: owner } = await handle.pool!.query('select user_id from team_members limit 1');
    const cookies: string[] = [];
    for (let i = 0; i < concurrency; i++)
      cookies.push(
        `${SESSION_COOKIE}=${await createSession(handle.db, owner[0]!.user_id as string, 'bench')}`,
      );
    const saved = await fetch(`${server.url}/api/ai/settings`, {
      method: 'PUT',
      headers: { cookie: seed.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ baseUrl: model.url, apiKey: 'bench-key', model: 'bench-model' }),
    });
    if (!saved.ok) throw new Error(`ai settings: ${saved.status} ${await saved.text()}`);

    // Warm-up (untimed): every client once, together.
    await Promise.all(contacts.map((c, i) => suggest(server!.url, cookies[i]!, c.id, model)));
    // Each client is an agent asking again shortly after its last suggestion finished: the clients
    // start spread over one suggestion's length and wait 0-200 ms between theirs, so about `concurrency`
    // suggestions are always in flight without all starting in the same millisecond.
    const samples: Sample[] = [];
    const spread = firstMs + pieces * pieceMs;
    const begin = performance.now();
    await Promise.all(
      contacts.map(async (c, i) => {
        await sleep(Math.random() * spread);
        for (let r = 0; r < rounds; r++) {
          samples.push(await suggest(server!.url, cookies[i]!, c.id, model));
          await sleep(Math.random() * 200);
        }
      }),
    );
    const seconds = (performance.now() - begin) / 1000;
    const own = samples.map((s) => s.own);
    const lag = samples.map((s) => s.firstLag);
    const total = samples.map((s) => s.total);
    const result = {
      concurrency,
      suggestions: samples.length,
      model: { firstMs, pieces, pieceMs },
      ownMs: { p50: pct(own, 0.5), p95: pct(own, 0.95), max: pct(own, 1) },
      firstPieceLagMs: { p50: pct(lag, 0.5), p95: pct(lag, 0.95), max: pct(lag, 1) },
      totalMs: { p50: pct(total, 0.5), p95: pct(total, 0.95) },
      // The own time's two parts: until the model has the request, and from its last byte to `done`.
      beforeModelMs: {
        p50: pct(
          samples.map((s) => s.before),
          0.5,
        ),
        p95: pct(
          samples.map((s) => s.before),
          0.95,
        ),
      },
      afterModelMs: {
        p50: pct(
          samples.map((s) => s.after),
          0.5,
        ),
        p95: pct(
          samples.map((s) => s.after),
          0.95,
        ),
      },
      suggestionsPerSecond: round1(samples.length / seconds),
      machine: { cores: cpus().length, load: loadavg().map((l) => round1(l)) },
    };
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(
      `ai: ${samples.length} suggestions, ${concurrency} at a time; fake model: first piece after ${firstMs} ms, ${pieces} pieces ${pieceMs} ms apart; ${cpus().length} cores, load ${result.machine.load.join(' ')}\n`,
    );
    console.log(
      `  our own time around a suggestion   p50 ${result.ownMs.p50} ms, p95 ${result.ownMs.p95} ms   ≤ 50 ms   ${verdict(result.ownMs.p95 <= 50)}`,
    );
    console.log(
      `  first piece, model → client        p50 ${result.firstPieceLagMs.p50} ms, p95 ${result.firstPieceLagMs.p95} ms   ≤ 100 ms  ${verdict(result.firstPieceLagMs.p95 <= 100)}`,
    );
    console.log(
      `  whole suggestion as the agent waits p50 ${result.totalMs.p50} ms, p95 ${result.totalMs.p95} ms`,
    );
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/ai.json', `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    if (server) await stopServerProcess(server);
    await handle.close();
    await model.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
