/**
 * bench/contacts: the Contacts page at scale (issue 14). Seeds 100,000 contacts with five custom
 * fields and tags (bench/contacts-seed.ts) on the embedded database and on a PostgreSQL server, then
 * runs the real route handlers through app.inject and prints p95 for: the table's first page (default
 * sort, and by name), a tag + custom-field filter page, and a segment's count. Aim: first page ≤ 30
 * ms; tag + custom-field filter ≤ 50 ms; segment count ≤ 50 ms. Prints the plans (EXPLAIN ANALYZE)
 * of the queries whose p95 misses its aim, and writes bench/results/contacts.json.
 *
 *   npx tsx bench/contacts.ts                       both databases (BENCH_DATABASE_URL, else TEST_DATABASE_URL)
 *   BENCH_TARGETS=postgres BENCH_CRM_CONTACTS=20000 BENCH_SAMPLES=200 npx tsx bench/contacts.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { type ContactFilterJson, contactFilterJsonSchema } from '@common/api/contact-filter';
import { tableFilterFromJson } from '@common/api/contact-table';
import { sql } from 'drizzle-orm';
import { contacts } from '../server/db/schema';
import { loadFieldDefs } from '../server/routes/contact-table/field-conditions';
import { defaultDir, tableConditions, tablePageQuery } from '../server/routes/contact-table/query';
import { type BenchTarget, openBenchWorld, seedContacts, timeIt } from './contacts-seed';

const CONTACTS = Number(process.env.BENCH_CRM_CONTACTS ?? 100_000);
const SAMPLES = Math.max(100, Number(process.env.BENCH_SAMPLES ?? 300));
const TARGETS = (process.env.BENCH_TARGETS ?? 'embedded,postgres').split(',') as BenchTarget[];
const AIMS = { page: 30, filter: 50, count: 50 };

type Case = {
  label: string;
  aim: number;
  url: string;
  explain: () => Promise<{ sql: string; params: unknown[] }>;
};

async function measure(target: BenchTarget) {
  const world = await openBenchWorld(target, 'contacts');
  try {
    console.log(`\ncontacts (${target}): seeding ${CONTACTS.toLocaleString('en')} contacts…`);
    const seeded = await seedContacts(world, { contacts: CONTACTS });
    console.log(`  seeded in ${seeded.seconds.toFixed(1)} s on ${world.database}`);
    const { owner, fields, tags } = seeded;
    const cookie = owner.cookie;
    const get = async (url: string) => {
      const res = await world.app.inject({ method: 'GET', url, headers: { cookie } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const scope = { accountId: seeded.accountId, actorId: owner.id, teamView: true };

    // The filter page: one tag and a number condition (about 1.7 % of contacts match).
    const filterJson: ContactFilterJson = {
      tagIds: [tags.get('Tag 1')!],
      conditions: [{ fieldId: fields.orders, op: 'gt', value: '100' }],
    };
    const filter = tableFilterFromJson(contactFilterJsonSchema.parse(filterJson));
    const filterQuery = `tagIds=${filter.tagIds.join(',')}&conditions=${encodeURIComponent(JSON.stringify(filter.conditions))}`;
    // Segments: a narrow one (tags and fields), and a broad one (consent and a field over every contact).
    const segment = async (name: string, json: ContactFilterJson) => {
      const res = await world.app.inject({
        method: 'POST',
        url: '/api/segments',
        headers: { cookie },
        payload: { name, filter: json },
      });
      if (res.statusCode !== 201) throw new Error(`segment: ${res.body}`);
      return {
        id: res.json().segment.id as string,
        filter: tableFilterFromJson(contactFilterJsonSchema.parse(json)),
      };
    };
    const narrow = await segment('Pro buyers in two tags', {
      tagIds: [tags.get('Tag 11')!, tags.get('Tag 12')!],
      conditions: [
        { fieldId: fields.plan, op: 'equals', value: 'Pro' },
        { fieldId: fields.orders, op: 'gt', value: '50' },
      ],
    });
    const broad = await segment('Opted-in Lisbon', {
      consent: 'opted_in',
      conditions: [{ fieldId: fields.city, op: 'equals', value: 'Lisbon' }],
    });

    const pageSql = (f: typeof filter, sort: 'lastMessage' | 'name') => async () => {
      const defs = await loadFieldDefs(world.handle.db, seeded.accountId, f.conditions);
      const page = { sort, dir: defaultDir(sort), cursor: null, limit: 50 };
      return tablePageQuery(world.handle.db, scope, f, page, defs).toSQL();
    };
    const countSql = (f: typeof filter) => async () => {
      const defs = await loadFieldDefs(world.handle.db, seeded.accountId, f.conditions);
      return world.handle.db
        .select({ count: sql<number>`count(*)::int` })
        .from(contacts)
        .where(tableConditions(scope, f, defs, 'never'))
        .toSQL();
    };
    const none = tableFilterFromJson(contactFilterJsonSchema.parse({}));
    const cases: Case[] = [
      {
        label: 'first page (last message)',
        aim: AIMS.page,
        url: '/api/contact-table',
        explain: pageSql(none, 'lastMessage'),
      },
      {
        label: 'first page by name',
        aim: AIMS.page,
        url: '/api/contact-table?sort=name',
        explain: pageSql(none, 'name'),
      },
      {
        label: 'tag + custom-field filter page',
        aim: AIMS.filter,
        url: `/api/contact-table?${filterQuery}`,
        explain: pageSql(filter, 'lastMessage'),
      },
      {
        label: 'tag + custom-field filter count',
        aim: AIMS.count,
        url: `/api/contact-table/count?${filterQuery}`,
        explain: countSql(filter),
      },
      {
        label: 'segment count (tags + 2 fields)',
        aim: AIMS.count,
        url: `/api/segments/${narrow.id}/count`,
        explain: countSql(narrow.filter),
      },
      {
        label: 'segment count (consent + field)',
        aim: AIMS.count,
        url: `/api/segments/${broad.id}/count`,
        explain: countSql(broad.filter),
      },
    ];
    const results = [];
    const plans: Record<string, string[]> = {};
    for (const c of cases) {
      const r = await timeIt(c.label, SAMPLES, async () => void (await get(c.url)));
      results.push({ ...r, aimP95: c.aim, ok: r.p95 <= c.aim });
      const ok = r.p95 <= c.aim ? 'ok' : 'OVER';
      console.log(
        `  ${c.label.padEnd(34)} p50 ${String(r.p50).padStart(6)} ms  p95 ${String(r.p95).padStart(6)} ms  p99 ${String(r.p99).padStart(6)} ms  (aim ≤ ${c.aim} ms: ${ok})`,
      );
      const q = await c.explain();
      const plan = (await world.query(`explain (analyze, buffers) ${q.sql}`, q.params)).map(
        (row) => row['QUERY PLAN'] as string,
      );
      plans[c.label] = plan;
      if (r.p95 > c.aim) console.log(plan.map((l) => `      ${l}`).join('\n'));
    }
    for (const [label, plan] of Object.entries(plans)) {
      const used = plan.filter((l) => /Index|Seq Scan|Bitmap/.test(l)).map((l) => l.trim().split('  (')[0]);
      console.log(`  plan ${label.padEnd(34)} ${used.join(' | ')}`);
    }
    const counts = {
      filter: (await get(`/api/contact-table/count?${filterQuery}`)).count,
      narrowSegment: (await get(`/api/segments/${narrow.id}/count`)).count,
      broadSegment: (await get(`/api/segments/${broad.id}/count`)).count,
    };
    console.log(
      `  matching: filter ${counts.filter}, narrow segment ${counts.narrowSegment}, broad ${counts.broadSegment}`,
    );
    return {
      target,
      database: world.database,
      seedSeconds: Number(seeded.seconds.toFixed(1)),
      counts,
      results,
      plans,
    };
  } finally {
    await world.close();
  }
}

async function main() {
  const runs = [];
  for (const target of TARGETS) runs.push(await measure(target));
  const result = {
    benchmark: 'contacts',
    at: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cpus: cpus().length,
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    dataset: { contacts: CONTACTS, customFields: 5, tags: 30, messagesPerContact: 2 },
    method:
      'app.inject against the real route handlers in-process (routing, auth, queries, presenting, JSON); milliseconds',
    targetsP95Ms: AIMS,
    runs,
  };
  mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
  writeFileSync(
    path.join(import.meta.dirname, 'results', 'contacts.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  const missed = runs.flatMap((r) => r.results.filter((x) => !x.ok).map((x) => `${r.target}: ${x.label}`));
  if (missed.length > 0) console.log(`\n  missed aims: ${missed.join('; ')}`);
}

await main();
