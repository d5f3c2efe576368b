/**
 * bench/latency: webhook → browser latency, and the memory one process needs.
 *
 * Two app processes on one PostgreSQL with Redis between them, as a scaled-out install runs. Signed
 * webhooks (one message each) go to both processes in turn at a steady rate; WebSocket clients,
 * spread over the two processes, time each `message.created` frame from the moment its webhook POST
 * started. Memory: the resident set (RSS) of one process idle and at its peak under the same load, on
 * the external database and on the embedded one (a single process, no Redis).
 *
 * Each rate is measured after BENCH_WARMUP_SECONDS (5) of the same load, untimed: a process that has
 * been up a while runs its hot paths compiled, and a cold one would spend the first seconds in the JIT.
 * Alongside, the CPU the machine spent in the timed window: busy % of all cores, and each party's share
 * (app processes, PostgreSQL, Redis, the load generator), since all of them share this machine.
 *
 *   npx tsx bench/latency.ts                       short profile: 500 msg/s for 6 s, 50 clients
 *   BENCH_PROFILE=full npx tsx bench/latency.ts    100, 200, 300, 400 and 500 msg/s for 20 s each
 *   BENCH_RATES=250,500 BENCH_CLIENTS=20 BENCH_SECONDS=10 npx tsx bench/latency.ts
 *
 * Needs PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
 * and Redis (BENCH_REDIS_URL, else TEST_REDIS_URL, else redis://127.0.0.1:6379).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { LIVE_PATH } from '@common/realtime';
import pg from 'pg';
import WebSocket from 'ws';
import { inboundText } from '../server/test/webhook-builders';
import { serializeWebhookBody, signPayload } from '../server/whatsapp/signature';
import { cpuSnapshot, cpuUse } from './cpu-usage';
import { databaseUrl, type Setup, setUpEmbedded, setUpScaled } from './latency-setup';

const full = process.env.BENCH_PROFILE === 'full';
/** Messages per second, measured one after another on the same processes. */
const rates = (process.env.BENCH_RATES ?? process.env.BENCH_RATE ?? (full ? '100,200,300,400,500' : '500'))
  .split(',')
  .map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? (full ? 20 : 6));
const warmUpSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const clientCount = Number(process.env.BENCH_CLIENTS ?? 50);
const WAMID_PREFIX = 'wamid.LAT';
const CREATED_FRAME = '{"type":"event","event":"message.created"';
const WAMID_FIELD = /"externalId":"(wamid\.LAT[\dx]+)"/;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Resident set size of a process, in MiB, from /proc (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return round1(kb / 1024);
}

function connectClients(setup: Setup, onMessage: (wamid: string) => void) {
  return Promise.all(
    Array.from({ length: clientCount }, (_, index) => {
      const server = setup.servers[index % setup.servers.length]!;
      const socket = new WebSocket(`ws://127.0.0.1:${server.port}${LIVE_PATH}`, {
        headers: { cookie: setup.cookie },
      });
      // 50 clients get tens of thousands of frames a second on the same cores as the servers: read the
      // event name and the wamid without parsing the whole frame.
      socket.on('message', (data) => {
        const text = data.toString();
        if (!text.startsWith(CREATED_FRAME)) return;
        const wamid = WAMID_FIELD.exec(text)?.[1];
        if (wamid) onMessage(wamid);
      });
      return new Promise<WebSocket>((resolve, reject) => {
        socket.once('message', () => resolve(socket)); // the hello frame: subscribed
        socket.once('error', reject);
        socket.once('close', (code) => reject(new Error(`live socket closed (${code})`)));
      });
    }),
  );
}

type Signed = { wamid: string; body: string; signature: string };

/** Signed ahead of time so the load generator, which shares the cores, costs next to nothing. */
function signLoad(setup: Setup, prefix: string, count: number): Signed[] {
  return Array.from({ length: count }, (_, i) => {
    const wamid = `${prefix}${i}`;
    const body = serializeWebhookBody(
      inboundText({
        wamid,
        from: `1555${String(i % 400).padStart(7, '0')}`,
        name: 'Latency',
        body: `latency ${i}`,
        at: Math.floor(Date.now() / 1000),
      }),
    );
    return { wamid, body, signature: signPayload(body, setup.secret) };
  });
}

/**
 * POSTs the signed webhooks to the processes in turn at a steady rate: every 10 ms, what is due by
 * the clock (no drift, no bursts after a stall). `onStart` is called as each POST starts.
 */
async function sendAtRate(
  setup: Setup,
  agent: http.Agent,
  load: Signed[],
  rate: number,
  onStart: (wamid: string) => void,
): Promise<{ seconds: number; rejected: number }> {
  let rejected = 0;
  const post = (i: number) => {
    const item = load[i]!;
    const server = setup.servers[i % setup.servers.length]!;
    onStart(item.wamid);
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port: server.port,
        path: '/webhooks/whatsapp',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(item.body),
          'x-hub-signature-256': item.signature,
        },
      },
      (res) => {
        if (res.statusCode !== 200) rejected += 1;
        res.resume();
      },
    );
    req.on('error', () => {
      rejected += 1;
    });
    req.end(item.body);
  };
  const begin = performance.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(load.length, Math.floor(((performance.now() - begin) / 1000) * rate));
      while (sent < due) post(sent++);
      if (sent >= load.length) {
        clearInterval(tick);
        resolve();
      }
    }, 10);
  });
  return { seconds: (performance.now() - begin) / 1000, rejected };
}

/**
 * One rate on running processes: first `warmUpSeconds` of the same load untimed (a server that has
 * been up a while has compiled its hot paths; a cold one spends the first seconds in the JIT), then
 * `seconds` timed, with the machine's CPU use over the timed window.
 */
async function measureRate(
  setup: Setup,
  agent: http.Agent,
  timing: {
    started: Map<string, number>;
    samples: number[];
    seen: number;
    expected: number;
    allSeen: () => void;
  },
  rate: number,
) {
  const warm = signLoad(setup, `wamid.WARM${rate}x`, Math.round(rate * warmUpSeconds));
  await sendAtRate(setup, agent, warm, rate, () => {});
  await setup.settle?.();
  await new Promise((r) => setTimeout(r, 1_000));

  const load = signLoad(setup, `${WAMID_PREFIX}${rate}x`, rate * seconds);
  timing.samples = [];
  timing.seen = 0;
  timing.expected = load.length * clientCount;
  const done = new Promise<void>((resolve) => {
    timing.allSeen = resolve;
  });
  const pids = setup.servers.map((s) => s.child.pid!);
  const cpuBefore = cpuSnapshot([...pids, process.pid]);
  const sent = await sendAtRate(setup, agent, load, rate, (wamid) =>
    timing.started.set(wamid, performance.now()),
  );
  await Promise.race([done, new Promise((r) => setTimeout(r, 30_000))]);
  const cpu = cpuUse(cpuBefore, cpuSnapshot([...pids, process.pid]), pids);

  const sorted = [...timing.samples].sort((a, b) => a - b);
  return {
    messages: load.length,
    targetRate: rate,
    achievedRate: Math.round(load.length / sent.seconds),
    rejected: sent.rejected,
    deliveries: { expected: timing.expected, received: timing.samples.length },
    latencyMs: {
      p50: round1(percentile(sorted, 50)),
      p90: round1(percentile(sorted, 90)),
      p99: round1(percentile(sorted, 99)),
      max: round1(sorted.at(-1) ?? Number.NaN),
    },
    cpuPercentOfOneCore: cpu,
  };
}

async function drive(setup: Setup, label: string) {
  // Idle: started, migrated, nobody connected, nothing received yet.
  const idleRss = setup.servers.map((s) => rssMiB(s.child.pid!));
  const timing = {
    started: new Map<string, number>(),
    /** Milliseconds from a webhook's POST to its frame on one client. */
    samples: [] as number[],
    seen: 0,
    expected: 0,
    allSeen: () => {},
  };
  const sockets = await connectClients(setup, (wamid) => {
    const at = timing.started.get(wamid);
    if (at === undefined) return;
    timing.samples.push(performance.now() - at);
    timing.seen += 1;
    if (timing.seen === timing.expected) timing.allSeen();
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const peakRss = [...idleRss];
  const sampler = setInterval(() => {
    setup.servers.forEach((s, k) => {
      peakRss[k] = Math.max(peakRss[k]!, rssMiB(s.child.pid!));
    });
  }, 100);

  const byRate = [];
  try {
    for (const rate of rates) {
      const result = await measureRate(setup, agent, timing, rate);
      byRate.push(result);
      const { latencyMs: l, cpuPercentOfOneCore: c } = result;
      console.log(
        `  ${label}: ${result.messages} messages at ${result.achievedRate}/s, ${clientCount} clients (after ${warmUpSeconds} s of warm-up at that rate)`,
      );
      console.log(
        `    webhook → browser: p50 ${l.p50} ms, p90 ${l.p90} ms, p99 ${l.p99} ms, max ${l.max} ms; frames ${result.deliveries.received}/${result.deliveries.expected}, webhooks refused ${result.rejected}`,
      );
      console.log(
        `    CPU (% of one core): machine ${c.machineBusyPercent} % busy of ${cpus().length} cores; app ${c.appProcesses.join(' + ')}, PostgreSQL ${c.postgres}, Redis ${c.redis}, load generator ${c.loadGenerator}`,
      );
    }
  } finally {
    clearInterval(sampler);
    agent.destroy();
    for (const socket of sockets) socket.terminate();
  }
  console.log(`    RSS idle ${idleRss.join(' / ')} MiB, peak ${peakRss.join(' / ')} MiB`);
  return {
    label,
    processes: setup.servers.length,
    clients: clientCount,
    rates: byRate,
    rssMiB: { idle: idleRss, peak: peakRss },
  };
}

const runs = [];
console.log(
  `latency: ${rates.join(', ')} msg/s, ${warmUpSeconds} s warm-up + ${seconds} s measured each, ${clientCount} WebSocket clients (${full ? 'full' : 'short'} profile)`,
);
for (const [label, setUp] of [
  ['two processes, PostgreSQL + Redis', setUpScaled],
  ['one process, embedded database', setUpEmbedded],
] as const) {
  const setup = await setUp();
  try {
    runs.push(await drive(setup, label));
  } finally {
    await setup.close();
  }
}
const pgVersion = await (async () => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const version = (await client.query('show server_version')).rows[0].server_version as string;
  await client.end();
  return version;
})();
mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(
  path.join(import.meta.dirname, 'results', 'latency.json'),
  `${JSON.stringify(
    {
      benchmark: 'latency',
      at: new Date().toISOString(),
      machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
      database: pgVersion,
      profile: full ? 'full' : 'short',
      warmUpSeconds,
      runs,
    },
    null,
    2,
  )}\n`,
);
