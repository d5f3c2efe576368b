/**
 * The Contacts CRM benches' shared world (issue 14): one account with N contacts (100,000 by default),
 * five custom fields with values on most contacts, 30 tags, a spread of consent states and a few
 * messages each — seeded set-based (INSERT … SELECT generate_series), so 100,000 contacts take
 * seconds. `openBenchWorld` opens a fresh database of either kind with the real app on it;
 * `seedContacts` fills it. bench/contacts.ts measures the table, filters and segments on it; the
 * import and export benches (bench/contacts-import.ts, bench/contacts-export.ts) reuse both.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../server/app';
import { type DatabaseHandle, openDatabase } from '../server/db/client';
import { deferFilterColumns } from '../server/db/filter-columns';
import { contactFields } from '../server/db/schema';
import { loadEnv } from '../server/env';
import { EventBus } from '../server/events/bus';
import { seedBenchTeam } from './bench-team';

export type BenchTarget = 'embedded' | 'postgres';
export type { BenchUser } from './bench-team';

import type { BenchUser } from './bench-team';

export type BenchWorld = {
  target: BenchTarget;
  handle: DatabaseHandle;
  app: FastifyInstance;
  /** 'PostgreSQL 17.2' or 'PGlite (PostgreSQL 17.x)'. */
  database: string;
  /** One SQL statement with $n parameters, on either kind (for EXPLAIN). */
  query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
};

const baseUrl = () =>
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

/** A fresh, migrated database (a new PostgreSQL database, or an embedded one in a temp dir) and the app on it. */
export async function openBenchWorld(target: BenchTarget, label: string): Promise<BenchWorld> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `switchboard-bench-${label}-`));
  let admin: pg.Client | null = null;
  let dbName = '';
  let handle: DatabaseHandle;
  if (target === 'postgres') {
    dbName = `switchboard_bench_${label}_${randomBytes(4).toString('hex')}`;
    admin = new pg.Client({ connectionString: baseUrl() });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const u = new URL(baseUrl());
    u.pathname = `/${dbName}`;
    handle = await openDatabase({ kind: 'postgres', url: u.toString() });
  } else {
    handle = await openDatabase({ kind: 'embedded', dataDir });
  }
  await handle.migrate();
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
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
  const query = async (text: string, params: unknown[] = []) =>
    handle.pool
      ? ((await handle.pool.query(text, params)).rows as Record<string, unknown>[])
      : ((await handle.pglite!.query(text, params)).rows as Record<string, unknown>[]);
  const [version] = await query('show server_version');
  const database =
    target === 'postgres'
      ? `PostgreSQL ${version!.server_version}`
      : `PGlite (PostgreSQL ${version!.server_version})`;
  return {
    target,
    handle,
    app,
    database,
    query,
    async close() {
      await app.close();
      await handle.close();
      // BENCH_KEEP=1 leaves the PostgreSQL database for psql (its name is printed).
      if (admin && process.env.BENCH_KEEP === '1') console.log(`  kept database ${dbName}`);
      else if (admin) {
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A number of ours inlined into SQL (generate_series needs typed bounds, not untyped parameters). */
const int = (value: number) => sql.raw(String(Math.trunc(value)));
/** Deterministic uuid for contact n (1-based), so values and tags point at contacts without a join. */
const contactUuid = (n: string) =>
  sql.raw(`('00000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`);

export type SeededContacts = {
  owner: BenchUser;
  members: BenchUser[];
  accountId: string;
  /** The five custom fields by key: company (text), orders (number), renewal (date), plan (select), city (text). */
  fields: Record<'company' | 'orders' | 'renewal' | 'plan' | 'city', string>;
  /** 'Tag 1' … 'Tag 30' by name; each on 1 % of the contacts. */
  tags: Map<string, string>;
  seconds: number;
};

/**
 * N contacts in one account: 40 % unassigned, the rest spread over the owner and two members; 2 %
 * archived; 1 % without messages; consent 30 % opted in, 5 % opted out, the rest unknown; five
 * custom fields with a value on 85–95 % of contacts; 30 tags on 30 % of contacts; `messagesPerContact`
 * messages each (the table's message count reads them).
 */
export async function seedContacts(
  world: BenchWorld,
  options: { contacts: number; messagesPerContact?: number },
): Promise<SeededContacts> {
  const { app } = world;
  const db = world.handle.db;
  const N = options.contacts;
  const started = performance.now();
  const { owner, members, accountId } = await seedBenchTeam(app, db, 2);
  const assignees = [owner, ...members].map((u) => `'${u.id}'::uuid`).join(', ');

  await db.execute(sql`
    insert into contacts (id, account_id, wa_id, phone, profile_name, assigned_to, archived_at, last_message_at,
      last_message_preview, last_message_direction, last_incoming_at, unread_count, consent, consent_changed_at,
      consent_source, created_at, updated_at)
    select ${contactUuid('n')}, ${accountId}::uuid, (15550000000 + n)::text, (15550000000 + n)::text,
      case when n % 20 = 0 then '' else
        (array['Maya','John','Ana','Li','Omar','Sara','Ravi','Emma','Noah','Zoe','Lucas','Mia'])[1 + n % 12] || ' ' ||
        (array['Patel','Smith','Garcia','Chen','Khan','Brown','Rossi','Kim','Silva','Novak'])[1 + (n / 12) % 10] || ' ' || n end,
      case when n % 5 in (0, 1) then null else (array[${sql.raw(assignees)}])[1 + n % 3] end,
      case when n % 50 = 0 then now() - interval '3 days' end,
      case when n % 100 = 7 then null else lm end,
      case when n % 100 = 7 then null else 'Message ' || n end,
      case when n % 100 = 7 then null when n % 2 = 0 then 'incoming' else 'outgoing' end,
      case when n % 100 = 7 then null else lm end,
      case when n % 7 = 0 then 1 else 0 end,
      case when n % 20 < 6 then 'opted_in' when n % 20 = 6 then 'opted_out' else 'unknown' end,
      case when n % 20 <= 6 then lm end,
      case when n % 20 <= 6 then 'import' end,
      lm - interval '30 days', lm
    from (select n, date_trunc('milliseconds', now() - (n::double precision / ${int(N)}) * interval '90 days') as lm
          from generate_series(1, ${int(N)}) n) s`);

  const per = options.messagesPerContact ?? 2;
  if (per > 0)
    await db.execute(sql`
      insert into messages (account_id, contact_id, direction, type, body, preview, content, external_id, status,
        timestamp, created_at, updated_at)
      select ${accountId}::uuid, ${contactUuid('c')}, case when k % 2 = 0 then 'incoming' else 'outgoing' end, 'text',
        'Message ' || g, 'Message ' || g, jsonb_build_object('kind', 'text', 'body', 'Message ' || g),
        'wamid.crm.' || g, 'delivered', ts, ts, ts
      from (select g, 1 + (g - 1) % ${int(N)} as c, (g - 1) / ${int(N)} as k
            from generate_series(1, ${int(N * per)}) g) s
      cross join lateral (select now() - ((c::double precision / ${int(N)}) * interval '90 days') - k * interval '5 minutes' as ts) t
      where c % 100 <> 7`);

  const defined = await db
    .insert(contactFields)
    .values([
      { accountId, key: 'company', label: 'Company', type: 'text', position: 0 },
      { accountId, key: 'orders', label: 'Orders', type: 'number', position: 1 },
      { accountId, key: 'renewal', label: 'Renewal', type: 'date', position: 2 },
      {
        accountId,
        key: 'plan',
        label: 'Plan',
        type: 'select',
        options: ['Free', 'Pro', 'Enterprise'],
        position: 3,
      },
      { accountId, key: 'city', label: 'City', type: 'text', position: 4 },
    ])
    .returning();
  const fields = Object.fromEntries(defined.map((f) => [f.key, f.id])) as SeededContacts['fields'];
  // Values and tags go in with the filter-column triggers deferred, then each contact's columns are
  // computed once (db/filter-columns.ts), as a CSV import does, instead of once per statement.
  const seedTx = async (write: (tx: typeof db) => Promise<void>) =>
    db.transaction(async (tx) => {
      await deferFilterColumns(tx);
      await write(tx as unknown as typeof db);
    });
  const values = (fieldId: string, value: string, where: string) =>
    seedTx(async (tx) => {
      await tx.execute(sql`
        insert into contact_field_values (contact_id, field_id, value)
        select ${contactUuid('n')}, ${fieldId}::uuid, ${sql.raw(value)}
        from generate_series(1, ${int(N)}) n where ${sql.raw(where)}`);
    });
  await values(
    fields.company,
    `(array['Acme','Globex','Initech','Umbrella','Hooli','Stark','Wayne','Wonka'])[1 + n % 8] || ' ' || (n % 997)`,
    'n % 10 <> 0',
  );
  await values(fields.orders, `((n * 7919) % 200)::text`, 'n % 20 <> 0');
  await values(fields.renewal, `to_char(date '2024-01-01' + (n % 1000), 'YYYY-MM-DD')`, 'n % 8 <> 0');
  await values(
    fields.plan,
    `(array['Free','Free','Free','Pro','Pro','Enterprise'])[1 + n % 6]`,
    'n % 15 <> 0',
  );
  await values(
    fields.city,
    `(array['Lisbon','Berlin','Austin','Pune','Lagos','Lima','Osaka','Leeds','Quito','Perth'])[1 + (n / 3) % 10]`,
    'n % 9 <> 0',
  );

  await db.execute(
    sql`insert into tags (account_id, name) select ${accountId}::uuid, 'Tag ' || t from generate_series(1, 30) t`,
  );
  await seedTx(async (tx) => {
    await tx.execute(sql`
      insert into contact_tags (contact_id, tag_id)
      select ${contactUuid('n')}, (select id from tags where account_id = ${accountId}::uuid and name = 'Tag ' || (1 + n % 30))
      from generate_series(1, ${int(N)}) n where n % 10 < 3`);
    await tx.execute(
      sql`select contacts_refresh_filter_columns(array(select id from contacts where account_id = ${accountId}::uuid))`,
    );
  });
  const tagRows = await world.query('select id, name from tags where account_id = $1', [accountId]);
  await db.execute(sql`vacuum analyze`);
  return {
    owner,
    members,
    accountId,
    fields,
    tags: new Map(tagRows.map((t) => [t.name as string, t.id as string])),
    seconds: (performance.now() - started) / 1000,
  };
}

/** p50/p95/p99/max of `samples` runs after `warmup` unmeasured ones, in milliseconds. */
export async function timeIt(label: string, samples: number, run: (i: number) => Promise<void>, warmup = 20) {
  for (let i = 0; i < warmup; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await run(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Number(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!.toFixed(2));
  return { label, samples, p50: at(50), p95: at(95), p99: at(99), max: Number(times.at(-1)!.toFixed(2)) };
}
