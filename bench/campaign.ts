/**
 * bench/campaign: a campaign sent by the real sender (server/campaigns/sender.ts in a server process,
 * started as `npm start` would) on a fresh database of the PostgreSQL server, to a fake Graph API in
 * this process (bench/campaign-fake-graph.ts) that refuses every 20th request (5 %) with 429 (130429)
 * or 500 (131000). The campaign is created and scheduled through the API, as the owner would.
 * Aims (issue 15): the send rate over the steady part ≥ 95 % of the configured rate; every recipient
 * accepted exactly once (0 duplicates, 0 lost); the server's RSS growth ≤ 100 MB; and the chat list
 * (GET /api/contacts?tab=unassigned) p95 during the campaign at most 2× its idle p95.
 * Exits non-zero only on duplicates or lost recipients; a missed speed or memory aim is printed.
 *
 *   npx tsx bench/campaign.ts                               20,000 at 1,000/s and 4,000 at 80/s
 *   BENCH_PROFILE=full npx tsx bench/campaign.ts            100,000 at 1,000/s and 4,000 at 80/s
 *   BENCH_CAMPAIGNS=5000@500 BENCH_GRAPH_DELAY_MS=200 npx tsx bench/campaign.ts
 *
 * BENCH_GRAPH_DELAY_MS (100) is how long the fake takes to answer, as Meta does; SERVER_NODE_ARGS
 * passes Node flags to the server (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof').
 * Needs PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { startServerProcess, stopServerProcess } from '../server/test/server-process';
import { startFakeGraph } from './campaign-fake-graph';
import { seedCampaignBench } from './campaign-seed';
import { cpuSnapshot, cpuUse } from './cpu-usage';

const full = process.env.BENCH_PROFILE === 'full';
const cases = (process.env.BENCH_CAMPAIGNS ?? (full ? '100000@1000,4000@80' : '20000@1000,4000@80'))
  .split(',')
  .map((c) => c.split('@').map(Number) as [number, number]);
const graphDelayMs = Number(process.env.BENCH_GRAPH_DELAY_MS ?? 100);
const split = process.env.BENCH_TOPOLOGY !== 'single';
const IDLE_SAMPLES = 200;
/** Pause between chat-list requests, idle and during: a person clicking, not a load generator. */
const INBOX_GAP_MS = 20;
const baseUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';

const round1 = (n: number) => Math.round(n * 10) / 10;
const p95 = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return round1(sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? Number.NaN);
};
const rssMiB = (pid: number) =>
  round1(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function api(base: string, cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function measure(recipients: number, rate: number) {
  const dbName = `switchboard_bench_campaign_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-bench-campaign-'));
  const graph = await startFakeGraph({ failEvery: 20, delayMs: graphDelayMs });
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  let worker: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    const common = {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      SECRET_KEY,
      META_GRAPH_URL: graph.url,
      META_APP_SECRET: 'x'.repeat(32),
    };
    // Split (the default): the inbox's API in a web process, the sender in a worker process, as the
    // README sets up a number sending at high rates. BENCH_TOPOLOGY=single runs both in one process.
    server = await startServerProcess({ ...common, SERVICES: split ? 'web' : 'web,worker' });
    // The worker also serves HTTP, unused: its readiness is how the bench knows it has started.
    worker = split ? await startServerProcess({ ...common, SERVICES: 'web,worker' }) : server;
    const seed = await seedCampaignBench(handle.db, SECRET_KEY, recipients);
    const pid = worker.child.pid!;
    const webPid = server.child.pid!;
    const chatList = async () => {
      const started = performance.now();
      await api(server!.url, seed.cookie, 'GET', '/api/contacts?tab=unassigned');
      return performance.now() - started;
    };
    for (let i = 0; i < 30; i++) await chatList(); // warm-up, untimed
    const idle: number[] = [];
    for (let i = 0; i < IDLE_SAMPLES; i++) {
      idle.push(await chatList());
      await sleep(INBOX_GAP_MS);
    }
    const loadBefore = load();
    const rssBefore = rssMiB(pid);

    const made = await api(server.url, seed.cookie, 'POST', '/api/campaigns', {
      name: `Bench ${recipients} at ${rate}/s`,
      templateId: seed.templateId,
      audience: { kind: 'opted_in' },
      variables: { body: [{ kind: 'name', fallback: 'there' }] },
      sendRate: rate,
    });
    const campaignId = (made.campaign as { id: string }).id;
    graph.startClock();
    const appPids = split ? [webPid, pid] : [pid];
    const cpuBefore = cpuSnapshot([...appPids, process.pid]);
    const begin = performance.now();
    await api(server.url, seed.cookie, 'POST', `/api/campaigns/${campaignId}/schedule`, { sendAt: null });

    let rssPeak = rssBefore;
    const during: number[] = [];
    let status = 'sending';
    let finished = true;
    const deadline = begin + ((recipients / rate) * 3 + 120) * 1000;
    let lastLook = 0;
    while (status !== 'completed') {
      during.push(await chatList());
      rssPeak = Math.max(rssPeak, rssMiB(pid));
      await sleep(INBOX_GAP_MS);
      if (performance.now() - lastLook >= 1000) {
        lastLook = performance.now();
        const { rows } = await handle.pool!.query('select status from campaigns where id = $1', [campaignId]);
        status = rows[0]!.status as string;
        if (performance.now() > deadline) {
          finished = false;
          break;
        }
      }
    }
    const seconds = (performance.now() - begin) / 1000;
    if (!finished) console.log(`  worker output (the end):\n${worker.output().slice(-3000)}`);
    const cpu = cpuUse(cpuBefore, cpuSnapshot([...appPids, process.pid]), appPids);
    const rssAfter = rssMiB(pid);

    // Exactly once: every recipient's message id accepted once, nothing accepted that is no recipient's.
    const { rows: recipientRows } = await handle.pool!.query(
      'select message_id::text as id, status from campaign_recipients where campaign_id = $1',
      [campaignId],
    );
    const ids = new Set(recipientRows.map((r: { id: string | null }) => r.id));
    const lost = recipientRows.filter(
      (r: { id: string | null }) => !r.id || !graph.accepted.has(r.id),
    ).length;
    let duplicates = 0;
    let strangers = 0;
    for (const [id, count] of graph.accepted) {
      duplicates += count - 1;
      if (!ids.has(id)) strangers += 1;
    }
    const byStatus: Record<string, number> = {};
    for (const r of recipientRows as { status: string }[]) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;

    // The steady part: from the second after the first send to the second 95 % had been accepted (the
    // tail is the last retries waiting out their backoff).
    const perSecond = graph.requestsPerSecond;
    const first = perSecond.findIndex((n) => n > 0);
    let cumulative = 0;
    let end = graph.acceptedPerSecond.length;
    for (let s = 0; s < graph.acceptedPerSecond.length; s++) {
      cumulative += graph.acceptedPerSecond[s]!;
      if (cumulative >= recipients * 0.95) {
        end = s;
        break;
      }
    }
    const from = first + 1;
    const window = Math.max(1, end - from);
    const sum = (list: number[]) => list.slice(from, end).reduce((a, b) => a + b, 0);
    const sendRate = Math.round(sum(perSecond) / window);
    const acceptedRate = Math.round(sum(graph.acceptedPerSecond) / window);

    const result = {
      recipients,
      configuredRate: rate,
      finished,
      seconds: round1(seconds),
      steadySeconds: window,
      sendRate,
      acceptedRate,
      ratePercent: Math.round((sendRate / rate) * 100),
      refused: graph.refused,
      duplicates,
      lost,
      strangers,
      recipientStatuses: byStatus,
      rssMiB: { before: rssBefore, peak: rssPeak, after: rssAfter, growth: round1(rssPeak - rssBefore) },
      chatListMs: {
        idleP95: p95(idle),
        duringP95: p95(during),
        idleSamples: idle.length,
        duringSamples: during.length,
      },
      cpuPercentOfOneCore: cpu,
      load: { before: loadBefore, after: load() },
      requestsPerSecond: [...perSecond],
    };
    return result;
  } finally {
    await handle.close();
    const signal = process.env.SERVER_NODE_ARGS ? 'SIGTERM' : 'SIGKILL';
    if (worker && worker !== server) await stopServerProcess(worker, signal);
    if (server) await stopServerProcess(server, signal);
    await graph.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const results = [];
let broken = false;
console.log(
  `campaign: ${cases.map(([n, r]) => `${n} at ${r}/s`).join(', ')}; fake Graph answers in ${graphDelayMs} ms, refuses 5 % (429 130429 / 500 131000); ${split ? 'web and worker processes' : 'one server process'}; ${cpus().length} cores, load ${load()}`,
);
for (const [recipients, rate] of cases) {
  const r = await measure(recipients, rate);
  results.push(r);
  const correct = r.finished && r.duplicates === 0 && r.lost === 0 && r.strangers === 0;
  if (r.finished && !correct) broken = true;
  const ratio = r.chatListMs.duringP95 / r.chatListMs.idleP95;
  console.log(
    `\n  ${r.recipients} recipients at ${r.configuredRate}/s configured (${r.seconds} s in all${r.finished ? '' : ', NOT FINISHED'})`,
  );
  const rows: [string, string, string, string][] = [
    [
      'send rate, steady part',
      `${r.sendRate}/s over ${r.steadySeconds} s (${r.ratePercent} %)`,
      '≥ 95 %',
      verdict(r.ratePercent >= 95),
    ],
    ['accepted rate, steady part', `${r.acceptedRate}/s`, '', ''],
    ['refused by the fake', `${r.refused.rateLimited} × 429, ${r.refused.serverError} × 500`, '', ''],
    ['duplicates', String(r.duplicates + r.strangers), '0', verdict(r.duplicates + r.strangers === 0)],
    ['lost', String(r.lost), '0', verdict(r.finished && r.lost === 0)],
    [
      'recipients',
      Object.entries(r.recipientStatuses)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
      '',
      '',
    ],
    [
      `${split ? 'worker' : 'server'} RSS growth`,
      `${r.rssMiB.growth} MiB (${r.rssMiB.before} → peak ${r.rssMiB.peak})`,
      '≤ 100 MB',
      verdict(r.rssMiB.growth <= 95.4),
    ],
    [
      'chat list p95',
      `idle ${r.chatListMs.idleP95} ms, during ${r.chatListMs.duringP95} ms (${ratio.toFixed(2)}×)`,
      '≤ 2×',
      verdict(ratio <= 2),
    ],
    [
      'CPU, % of one core',
      `machine ${r.cpuPercentOfOneCore.machineBusyPercent} % busy; ${split ? `web ${r.cpuPercentOfOneCore.appProcesses[0]}, worker ${r.cpuPercentOfOneCore.appProcesses[1]}` : `server ${r.cpuPercentOfOneCore.appProcesses[0]}`}, PostgreSQL ${r.cpuPercentOfOneCore.postgres}, bench + fake ${r.cpuPercentOfOneCore.loadGenerator}`,
      '',
      '',
    ],
    ['load average', `${r.load.before} before, ${r.load.after} after`, '', ''],
  ];
  for (const [what, figure, aim, met] of rows)
    console.log(`    ${what.padEnd(28)} ${figure.padEnd(62)} ${aim.padEnd(9)} ${met}`);
}
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(
  path.join(import.meta.dirname, 'results', 'campaign.json'),
  `${JSON.stringify(
    {
      benchmark: 'campaign',
      at: new Date().toISOString(),
      machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
      graphDelayMs,
      results,
    },
    null,
    2,
  )}\n`,
);
if (broken) {
  console.error('\ncampaign: a recipient was sent twice or never: see above');
  process.exit(1);
}
