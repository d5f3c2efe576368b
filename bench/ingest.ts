/**
 * bench/ingest: inbound WhatsApp messages per second through POST /webhooks/whatsapp into stored
 * message rows, on a real PostgreSQL server, next to that database's raw single-row INSERT rate
 * measured in the same run at the same concurrency.
 *
 *   npx tsx bench/ingest.ts            (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_MESSAGES=5000 BENCH_CONCURRENCY=16 BENCH_WARMUP_MESSAGES=2000 npx tsx bench/ingest.ts
 *
 * The timed messages follow BENCH_WARMUP_MESSAGES (2,000) of the same kind, untimed.
 *
 * Two profiles: one message per webhook (the worst case) and ten (Meta batches up to 1,000 updates).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { users, whatsappAccounts } from '../server/db/schema';
import { loadEnv } from '../server/env';
import { startServerProcess, stopServerProcess } from '../server/test/server-process';
import { inboundText } from '../server/test/webhook-builders';
import { FIXTURE_ACCOUNTS } from '../server/whatsapp/fixtures';
import { serializeWebhookBody, signPayload } from '../server/whatsapp/signature';

const baseUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const total = Number(process.env.BENCH_MESSAGES ?? 4000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const warmUpMessages = Number(process.env.BENCH_WARMUP_MESSAGES ?? 2000);
const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';

const withDb = (name: string) => {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

async function runLanes(count: number, lanes: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function rawInsertRate(url: string, rows: number, body: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  pool.on('error', () => {});
  await pool.query(
    'create table if not exists bench_raw (id bigserial primary key, body text not null, received_at timestamptz not null default now())',
  );
  const started = performance.now();
  await runLanes(rows, concurrency, async () => {
    await pool.query('insert into bench_raw (body) values ($1)', [body]);
  });
  const seconds = (performance.now() - started) / 1000;
  await pool.query('drop table bench_raw');
  await pool.end();
  return rows / seconds;
}

async function measure(perWebhook: number) {
  const dbName = `switchboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = withDb(dbName);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-bench-'));
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, SECRET_KEY, LOG_LEVEL: 'warn' };
    server = await startServerProcess(env);
    const handle = await openDatabase({ kind: 'postgres', url });
    const [user] = await handle.db
      .insert(users)
      .values({ email: 'bench@example.com', passwordHash: 'x' })
      .returning();
    await handle.db.insert(whatsappAccounts).values({ userId: user!.id, ...FIXTURE_ACCOUNTS.primary });

    const secret = loadEnv({ DATA_DIR: dataDir, SECRET_KEY }).meta.webhookSecret;
    const webhooks = Math.ceil(total / perWebhook);
    const bodyOf = (prefix: string, w: number) => {
      const one = inboundText({
        wamid: `wamid.${prefix}${w}_0`,
        from: `1555${String(w % 500).padStart(7, '0')}`,
        name: 'Bench',
        body: `message ${w}`,
        at: 1_780_000_000 + w,
      });
      const value = one.entry[0]!.changes[0]!.value as unknown as {
        messages: unknown[];
        contacts: unknown[];
      };
      for (let k = 1; k < perWebhook; k++) {
        const extra = inboundText({
          wamid: `wamid.${prefix}${w}_${k}`,
          from: `1555${String((w + k) % 500).padStart(7, '0')}`,
          name: 'Bench',
          body: `message ${w}.${k}`,
          at: 1_780_000_000 + w,
        });
        const v = extra.entry[0]!.changes[0]!.value as unknown as {
          messages: unknown[];
          contacts: unknown[];
        };
        value.messages.push(...v.messages);
        value.contacts.push(...v.contacts);
      }
      return serializeWebhookBody(one);
    };
    const bodies = Array.from({ length: webhooks }, (_, w) => bodyOf('B', w));
    const warmUp = Array.from({ length: Math.ceil(warmUpMessages / perWebhook) }, (_, w) => bodyOf('W', w));

    const count = async () =>
      Number((await handle.pool!.query('select count(*)::int as n from messages')).rows[0].n);
    // Signed ahead of time, sent over keep-alive connections: the load generator shares the
    // machine's 2 cores with the server and the database, so it must cost next to nothing.
    const signed = bodies.map((body) => ({ body, signature: signPayload(body, secret) }));
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    const target = new URL(`${server.url}/webhooks/whatsapp`);
    const post = (item: { body: string; signature: string }) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            agent,
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(item.body),
              'x-hub-signature-256': item.signature,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(item.body);
      });
    let rejected = 0;
    const send = async (items: { body: string; signature: string }[]) =>
      runLanes(items.length, concurrency, async (i) => {
        if ((await post(items[i]!)) !== 200) rejected += 1;
      });
    const stored = async (n: number) => {
      while ((await count()) < n) await new Promise((r) => setTimeout(r, 20));
    };

    // Untimed first, as in bench/latency: a server that has been up a while runs its hot paths
    // compiled and its tables analyzed (autovacuum does it within a minute); a cold one would not.
    await send(warmUp.map((body) => ({ body, signature: signPayload(body, secret) })));
    await stored(warmUp.length * perWebhook);
    await handle.pool!.query('analyze');
    rejected = 0;

    const started = performance.now();
    await send(signed);
    agent.destroy();
    const acceptedSeconds = (performance.now() - started) / 1000;
    await stored((warmUp.length + webhooks) * perWebhook);
    const storedSeconds = (performance.now() - started) / 1000;
    await handle.close();
    await stopServerProcess(server);
    server = undefined;

    const messagesPerSecond = (webhooks * perWebhook) / storedSeconds;
    const raw = await rawInsertRate(url, Math.min(webhooks * 2, 20_000), bodies[0]!);
    const result = {
      benchmark: 'ingest',
      at: new Date().toISOString(),
      machine: { cpus: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
      database: (await admin.query('show server_version')).rows[0].server_version,
      messages: webhooks * perWebhook,
      messagesPerWebhook: perWebhook,
      concurrency,
      warmUpMessages,
      rejected,
      acceptedPerSecond: Math.round(webhooks / acceptedSeconds),
      messagesPerSecond: Math.round(messagesPerSecond),
      rawInsertsPerSecond: Math.round(raw),
      ratio: Number((messagesPerSecond / raw).toFixed(2)),
    };
    console.log(
      `ingest: ${result.messages} messages (${perWebhook}/webhook, ${concurrency} concurrent, after ${warmUpMessages} untimed) on PostgreSQL ${result.database}`,
    );
    console.log(`  webhooks acknowledged:   ${result.acceptedPerSecond}/s`);
    console.log(`  messages stored:         ${result.messagesPerSecond}/s`);
    console.log(
      `  raw single-row INSERTs:  ${result.rawInsertsPerSecond}/s (same database, same concurrency)`,
    );
    console.log(`  ratio:                   ${Math.round(result.ratio * 100)} % of the raw INSERT rate`);
    mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
    writeFileSync(
      path.join(import.meta.dirname, 'results', `ingest-${perWebhook}.json`),
      `${JSON.stringify(result, null, 2)}\n`,
    );
  } finally {
    if (server) await stopServerProcess(server, 'SIGKILL');
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const perWebhook of [1, 10]) await measure(perWebhook);
