/**
 * bench/contacts-import: a 100,000-row CSV imported end to end (multipart upload → preview → start →
 * the `contacts.import` job done), on a real server process and PostgreSQL, with the server
 * process's RSS growth over the import (sampled from /proc every 20 ms). Targets (issue 14): ≤ 20 s
 * and ≤ 150 MB.
 *
 *   npx tsx bench/contacts-import.ts   (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_IMPORT_ROWS=200000 npx tsx bench/contacts-import.ts
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  openAsBlob,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { contactFields, teamMembers, teams, whatsappAccounts } from '../server/db/schema';
import { startServerProcess, stopServerProcess } from '../server/test/server-process';
import { FIXTURE_ACCOUNTS } from '../server/whatsapp/fixtures';

const baseUrl =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const SECRET_KEY = 'bench-secret-key-bench-secret-key-0123456789';
const LIMITS = { seconds: 20, rssGrowthMb: 150 };

const withDb = (name: string) => {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
/** CPU seconds the process has used (user + system), from /proc/<pid>/stat. */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return line ? Number(line[1]) * 1024 : 0;
};

/** Name, phone, tags, two custom fields and a column to ignore; 1 row in 100 invalid. */
async function writeCsv(file: string) {
  const out = createWriteStream(file);
  out.write('\ufeffName;Phone;Tags;Tier;Orders;Notes\n');
  for (let i = 0; i < rows; i++) {
    const phone =
      i % 100 === 99
        ? '12345'
        : `+1 650 2${String(Math.floor(i / 10_000)).padStart(2, '0')} ${String(i % 10_000).padStart(4, '0')}`;
    const line = `"Customer ${i}";${phone};"bench, wave ${i % 5}";${i % 2 ? 'gold' : 'silver'};${i % 31};"note ""${i}"""\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

async function main() {
  const dbName = `switchboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = withDb(dbName);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-bench-'));
  const csvPath = path.join(dataDir, 'contacts.csv');
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    await writeCsv(csvPath);
    server = await startServerProcess({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SECRET_KEY,
      LOG_LEVEL: 'warn',
    });
    const api = server.url;
    const signUp = await fetch(`${api}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'bench@example.com',
        password: 'bench-pass-1',
        confirmPassword: 'bench-pass-1',
      }),
    });
    if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0]!;
    const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
    const handle = await openDatabase({ kind: 'postgres', url });
    const [account] = await handle.db
      .insert(whatsappAccounts)
      .values({ userId, ...FIXTURE_ACCOUNTS.primary })
      .returning();
    const [team] = await handle.db.insert(teams).values({ whatsappAccountId: account!.id }).returning();
    await handle.db
      .insert(teamMembers)
      .values({ teamId: team!.id, userId, email: 'bench@example.com', role: 'owner', status: 'active' });
    const fields = await handle.db
      .insert(contactFields)
      .values([
        { accountId: account!.id, key: 'tier', label: 'Tier', type: 'select', options: ['gold', 'silver'] },
        { accountId: account!.id, key: 'orders', label: 'Orders', type: 'number' },
      ])
      .returning();

    const pid = server.child.pid!;
    let peak = rssOf(pid);
    const base = peak;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);
    const cpuBefore = cpuOf(pid);
    const started = performance.now();
    const form = new FormData();
    form.append('file', await openAsBlob(csvPath, { type: 'text/csv' }), 'contacts.csv');
    const uploaded = await fetch(`${api}/api/contact-imports`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const uploadSeconds = (performance.now() - started) / 1000;
    const id = ((await uploaded.json()) as { import: { id: string } }).import.id;
    const start = await fetch(`${api}/api/contact-imports/${id}/start`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        columns: [
          { kind: 'name' },
          { kind: 'phone' },
          { kind: 'tags' },
          { kind: 'field', fieldId: fields[0]!.id },
          { kind: 'field', fieldId: fields[1]!.id },
          { kind: 'ignore' },
        ],
        existing: 'update_empty',
        defaultCountry: 'US',
      }),
    });
    if (start.status !== 200) throw new Error(`start: ${start.status} ${await start.text()}`);
    let state: { status: string; rowsDone: number; created: number; failed: number } | undefined;
    for (;;) {
      const res = await fetch(`${api}/api/contact-imports/${id}`, { headers: { cookie } });
      state = ((await res.json()) as { import: typeof state }).import;
      if (state!.status === 'completed' || state!.status === 'failed') break;
      if (performance.now() - started > 300_000) throw new Error('import did not finish in 5 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const serverCpuSeconds = cpuOf(pid) - cpuBefore;
    clearInterval(sampler);
    await handle.close();
    const growthMb = (peak - base) / 1024 / 1024;
    const result = {
      rows,
      fileMb: Number((readFileSync(csvPath).length / 1024 / 1024).toFixed(1)),
      uploadAndPreviewSeconds: Number(uploadSeconds.toFixed(2)),
      endToEndSeconds: Number(seconds.toFixed(2)),
      rowsPerSecond: Math.round(rows / seconds),
      serverCpuSeconds: Number(serverCpuSeconds.toFixed(2)),
      loadAverage: Number(loadavg()[0]!.toFixed(2)),
      rssBaseMb: Number((base / 1024 / 1024).toFixed(1)),
      rssGrowthMb: Number(growthMb.toFixed(1)),
      status: state!.status,
      created: state!.created,
      failed: state!.failed,
      limits: LIMITS,
      pass: state!.status === 'completed' && seconds <= LIMITS.seconds && growthMb <= LIMITS.rssGrowthMb,
    };
    console.log(
      `contacts import: ${rows.toLocaleString('en-US')} rows (${result.fileMb} MB) in ${result.endToEndSeconds} s end to end ` +
        `(upload + preview ${result.uploadAndPreviewSeconds} s; ${result.rowsPerSecond.toLocaleString('en-US')} rows/s), ` +
        `server CPU ${result.serverCpuSeconds} s, load average ${result.loadAverage}; server RSS growth ${result.rssGrowthMb} MB (base ${result.rssBaseMb} MB); ` +
        `created ${result.created}, failed ${result.failed} — limits ≤ ${LIMITS.seconds} s, ≤ ${LIMITS.rssGrowthMb} MB: ${result.pass ? 'pass' : 'FAIL'}`,
    );
    const resultsDir = path.join(path.dirname(new URL(import.meta.url).pathname), 'results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, 'contacts-import.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    if (server) await stopServerProcess(server);
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
