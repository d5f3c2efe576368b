/**
 * bench/inbox: the chats screen at scale. Seeds one account with 100,000 contacts and 2,000,000
 * messages on a real PostgreSQL server (a fresh database per run, INSERT … SELECT generate_series),
 * then runs the real route handlers through app.inject and prints server-side latency for:
 * the first page of each tab, the tab counts, a search, and opening a chat (its newest 50 messages).
 * Aim (issue 4): tabs ≤ 30 ms, search ≤ 50 ms, open chat ≤ 20 ms at p95. Also prints EXPLAIN for the
 * queries behind them, so a plan that leaves its index shows up here.
 *
 *   npx tsx bench/inbox.ts      (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_CONTACTS=20000 BENCH_MESSAGES_PER_CONTACT=20 BENCH_SAMPLES=300 npx tsx bench/inbox.ts
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { loadEnv } from '../server/env';
import { EventBus } from '../server/events/bus';
import { contactPageQuery, countInboxSql } from '../server/routes/contacts/list-query';
import { seedBenchTeam } from './bench-team';

const baseUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const PER_CONTACT = Number(process.env.BENCH_MESSAGES_PER_CONTACT ?? 20);
const SAMPLES = Math.max(200, Number(process.env.BENCH_SAMPLES ?? 300));
const WARMUP = 30;
const TARGETS = { tab: 30, counts: 30, search: 50, chat: 20 };

const withDb = (name: string) => {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function timeIt(label: string, samples: number, run: (i: number) => Promise<void>) {
  for (let i = 0; i < WARMUP; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (v: number) => Number(v.toFixed(2));
  return {
    label,
    samples,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1)!),
  };
}

/** A number of ours inlined into SQL (generate_series needs typed bounds, not untyped parameters). */
const int = (value: number) => sql.raw(String(Math.trunc(value)));

/** Deterministic uuid for contact n (1-based), so messages can point at contacts without a join. */
const contactUuid = (n: string) =>
  sql.raw(`('00000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`);

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db'], app: FastifyInstance) {
  // Users through the real sign-up (sessions for the requests); the owner and four members.
  const { owner, members, accountId } = await seedBenchTeam(app, db, 4);
  const assignees = [owner, ...members].map((u) => `'${u.id}'::uuid`).join(', ');

  // 100,000 contacts: 40 % unassigned, 20 % the owner's, 40 % the members'; 2 % archived; 1 % with no
  // messages; every 20th has no profile name. Newest message times spread over 90 days.
  let started = performance.now();
  await db.execute(sql`
    insert into contacts (id, account_id, wa_id, phone, profile_name, assigned_to, archived_at,
      last_message_at, last_message_preview, last_message_direction, last_incoming_at, unread_count, created_at, updated_at)
    select ${contactUuid('n')}, ${accountId}::uuid, (15550000000 + n)::text, (15550000000 + n)::text,
      case when n % 20 = 0 then '' else
        (array['Maya','John','Ana','Li','Omar','Sara','Ravi','Emma','Noah','Zoe','Lucas','Mia'])[1 + n % 12] || ' ' ||
        (array['Patel','Smith','Garcia','Chen','Khan','Brown','Rossi','Kim','Silva','Novak'])[1 + (n / 12) % 10] || ' ' || n end,
      case when n % 5 in (0, 1) then null when n % 5 = 2 then (array[${sql.raw(assignees)}])[1]
        else (array[${sql.raw(assignees)}])[2 + n % 4] end,
      case when n % 50 = 0 then now() - interval '3 days' end,
      case when n % 100 = 7 then null else lm end,
      case when n % 100 = 7 then null else 'Message ' || n end,
      case when n % 100 = 7 then null when n % 2 = 0 then 'incoming' else 'outgoing' end,
      case when n % 100 = 7 then null else lm - (n % 2) * interval '5 minutes' end,
      case when n % 7 = 0 then 1 + n % 5 else 0 end,
      lm - interval '30 days', lm
    from (select n, date_trunc('milliseconds', now() - (n::double precision / ${int(CONTACTS)}) * interval '90 days') as lm
          from generate_series(1, ${int(CONTACTS)}) n) s`);
  const contactsSeconds = (performance.now() - started) / 1000;

  // 20 messages per contact (2,000,000): alternate directions, the newest at the contact's last message.
  started = performance.now();
  const total = CONTACTS * PER_CONTACT;
  const chunk = 500_000;
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    await db.execute(sql`
      insert into messages (account_id, contact_id, direction, type, body, preview, content, external_id,
        status, reply_to_external_id, timestamp, created_at, updated_at)
      select ${accountId}::uuid, ${contactUuid('c')}, case when k % 2 = 0 then 'incoming' else 'outgoing' end, 'text',
        'Message ' || g, 'Message ' || g, jsonb_build_object('kind', 'text', 'body', 'Message ' || g),
        'wamid.bench.' || g, case when k % 2 = 0 then 'read' else 'delivered' end,
        case when g % 20 = 3 then 'wamid.bench.' || (g - ${int(CONTACTS)}) end,
        ts, ts, ts
      from (select g, 1 + (g - 1) % ${int(CONTACTS)} as c, (g - 1) / ${int(CONTACTS)} as k from generate_series(${int(from)}, ${int(to)}) g) s
      cross join lateral (select date_trunc('milliseconds',
        now() - ((c::double precision / ${int(CONTACTS)}) * interval '90 days') - k * interval '5 minutes') as ts) t`);
  }
  const messagesSeconds = (performance.now() - started) / 1000;

  // Reactions on 1 % of messages, 30 tags on 30 % of contacts.
  await db.execute(sql`
    insert into reactions (account_id, target_external_id, reactor, emoji, direction, status, timestamp)
    select ${accountId}::uuid, 'wamid.bench.' || g, 'customer:x', '❤️', 'incoming', 'sent', now()
    from generate_series(1, ${int(total)}, 100) g`);
  await db.execute(sql`
    insert into tags (account_id, name) select ${accountId}::uuid, 'Tag ' || t from generate_series(1, 30) t`);
  await db.execute(sql`
    insert into contact_tags (contact_id, tag_id)
    select ${contactUuid('n')}, (select id from tags where name = 'Tag ' || (1 + n % 30))
    from generate_series(1, ${int(CONTACTS)}) n where n % 10 < 3`);
  await db.execute(sql`vacuum analyze`);
  return { owner, members, accountId, contactsSeconds, messagesSeconds };
}

async function explain(
  db: Awaited<ReturnType<typeof openDatabase>>,
  query: { sql: string; params: unknown[] },
) {
  const { rows } = await db.pool!.query(`explain (analyze, buffers, format text) ${query.sql}`, query.params);
  return rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']);
}

async function main() {
  const dbName = `switchboard_bench_inbox_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-bench-'));
  const handle = await openDatabase({ kind: 'postgres', url: withDb(dbName) });
  try {
    await handle.migrate();
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
      // Production-like: Meta, not the sandbox (no sandbox clock lookups).
      META_APP_SECRET: 'bench-app-secret-bench-app-secret',
    });
    const log = pino({ level: 'silent' });
    const app = (await buildApp({
      env,
      database: handle,
      logger: log,
      events: new EventBus({ db: handle.db, log }),
    })) as FastifyInstance;
    await app.ready();

    console.log(
      `inbox: seeding ${CONTACTS.toLocaleString('en')} contacts and ${(CONTACTS * PER_CONTACT).toLocaleString('en')} messages…`,
    );
    const seeded = await seed(handle.db, app);
    console.log(
      `  seeded contacts in ${seeded.contactsSeconds.toFixed(1)} s, messages in ${seeded.messagesSeconds.toFixed(1)} s`,
    );
    const cookie = seeded.owner.cookie;
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res;
    };

    // Chats to open: random contacts that have messages.
    const { rows: chatRows } = await handle.pool!.query(
      `select id from contacts where account_id = $1 and last_message_at is not null order by random() limit ${SAMPLES + WARMUP}`,
      [seeded.accountId],
    );
    const searches = [
      'maya',
      'patel',
      'garcia 12',
      'zoe kim',
      '0199',
      '+1 555 000 42',
      'emma novak 9',
      'xyzzy',
    ];

    const results = [
      await timeIt(
        'tab: unassigned (first page)',
        SAMPLES,
        async () => void (await get('/api/contacts?tab=unassigned')),
      ),
      await timeIt(
        'tab: assigned to me (first page)',
        SAMPLES,
        async () => void (await get('/api/contacts?tab=mine')),
      ),
      await timeIt(
        'tab: assigned to team (first page)',
        SAMPLES,
        async () => void (await get('/api/contacts?tab=team')),
      ),
      await timeIt('tab counts', SAMPLES, async () => void (await get('/api/inbox/counts'))),
      await timeIt('search (name or phone)', SAMPLES, async (i) => {
        await get(`/api/contacts?tab=unassigned&q=${encodeURIComponent(searches[i % searches.length]!)}`);
      }),
      await timeIt('open chat (newest 50 messages)', SAMPLES, async (i) => {
        await get(`/api/contacts/${chatRows[i % chatRows.length].id}/messages?limit=50`);
      }),
    ];
    for (const term of searches) {
      results.push(
        await timeIt(`search '${term}'`, 200, async () => {
          await get(`/api/contacts?tab=unassigned&q=${encodeURIComponent(term)}`);
        }),
      );
    }
    const second = JSON.parse((await get('/api/contacts?tab=unassigned')).body).nextCursor as string;
    results.push(
      await timeIt(
        'tab: unassigned (page 2, keyset)',
        SAMPLES,
        async () => void (await get(`/api/contacts?tab=unassigned&cursor=${second}`)),
      ),
    );

    const filter = { accountId: seeded.accountId, actorId: seeded.owner.id, q: '', tagIds: [] as string[] };
    const pageQuery = (tab: 'unassigned' | 'mine' | 'team', q = '') =>
      contactPageQuery(handle.db, { ...filter, q }, { tab, cursor: null, limit: 50 }).toSQL();
    const countQuery = new PgDialect().sqlToQuery(countInboxSql(filter, true));
    const plans = {
      unassigned: await explain(handle, pageQuery('unassigned')),
      mine: await explain(handle, pageQuery('mine')),
      team: await explain(handle, pageQuery('team')),
      counts: await explain(handle, countQuery),
      search: await explain(handle, pageQuery('unassigned', 'garcia 12')),
      chat: await explain(handle, {
        sql: 'select * from messages where contact_id = $1 order by timestamp desc, id desc limit 50',
        params: [chatRows[0].id],
      }),
    };

    const database = (await admin.query('show server_version')).rows[0].server_version as string;
    const result = {
      benchmark: 'inbox',
      at: new Date().toISOString(),
      machine: {
        cpu: cpus()[0]?.model ?? 'unknown',
        cpus: cpus().length,
        memoryGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
      },
      database: `PostgreSQL ${database}`,
      dataset: {
        contacts: CONTACTS,
        messages: CONTACTS * PER_CONTACT,
        seedSeconds: Number((seeded.contactsSeconds + seeded.messagesSeconds).toFixed(1)),
      },
      method:
        'app.inject against the real route handlers in-process (routing, auth, queries, presenting, JSON); milliseconds',
      targetsP95Ms: TARGETS,
      results,
      plans,
    };

    console.log(`  ${database}, ${result.machine.cpus} × ${result.machine.cpu}, Node ${process.version}`);
    const target = (label: string) =>
      label.startsWith('search')
        ? TARGETS.search
        : label.startsWith('open chat')
          ? TARGETS.chat
          : TARGETS.tab;
    for (const r of results) {
      const ok = r.p95 <= target(r.label) ? 'ok' : 'OVER';
      console.log(
        `  ${r.label.padEnd(36)} p50 ${String(r.p50).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  p99 ${String(r.p99).padStart(6)} ms  (aim ≤ ${target(r.label)} ms: ${ok})`,
      );
    }
    for (const [name, plan] of Object.entries(plans)) {
      const used = plan
        .filter((line: string) => /Index|Seq Scan|Bitmap/.test(line))
        .map((l: string) => l.trim().split('  (')[0]);
      console.log(`  plan ${name.padEnd(10)} ${used.join(' | ')}`);
    }
    mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
    writeFileSync(
      path.join(import.meta.dirname, 'results', 'inbox.json'),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    await app.close();
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
