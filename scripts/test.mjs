// `npm test`: every suite, on real parts. Prints what ran in each suite and one closing total line.
//   server  — API and domain tests on the embedded PostgreSQL (PGlite), then again on TEST_DATABASE_URL if set
//   scale   — several real server processes on TEST_DATABASE_URL and TEST_REDIS_URL: fan-out, jobs, faults
//   web     — component tests (happy-dom)
//   e2e     — Playwright in Debian's Chromium against the built app
// With CI=true or REQUIRE_E2E=1 a missing browser or database fails the run instead of being skipped.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildWeb, ROOT, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const strict = process.env.CI === 'true' || process.env.REQUIRE_E2E === '1';
const results = path.join(ROOT, '.tmp/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const vitest = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
const playwright = path.join(ROOT, 'node_modules/@playwright/test/cli.js');
const suites = [];

async function vitestSuite(label, projects, file, env = {}) {
  const out = path.join(results, file);
  const code = await run(
    process.execPath,
    [
      vitest,
      'run',
      ...[projects].flat().flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
    ],
    {
      env: { ...process.env, ...env },
    },
  );
  const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
  suites.push({
    label,
    code,
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? (code === 0 ? 0 : 1),
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    failures: (report?.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map((test) => ({
          name: `${path.relative(ROOT, file.name)} › ${test.fullName}`,
          why: firstLines(test.failureMessages?.[0]),
        })),
    ),
  });
}

/** The first lines of a failure message, without colour codes, so the summary says why as well as what. */
function firstLines(message, count = 6) {
  if (!message) return '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the ANSI colour codes reporters add
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, count)
    .join('\n');
}

function skipOrFail(label, why) {
  if (strict) {
    console.error(`\n✗ ${label}: ${why} — failing, because CI=true or REQUIRE_E2E=1 forbids skipping.`);
    suites.push({ label, code: 1, passed: 0, failed: 1, skipped: 0, note: why });
  } else {
    console.warn(`\n! ${label} skipped: ${why}`);
    suites.push({ label, code: 0, passed: 0, failed: 0, skipped: 0, note: `SKIPPED — ${why}` });
  }
}

// Playwright's JSON nests suites by file and describe block; a spec is not ok when its last try failed.
function playwrightFailures(suite, titles = []) {
  const here = suite.file && suite.title === suite.file ? titles : [...titles, suite.title];
  const own = (suite.specs ?? [])
    .filter((spec) => !spec.ok)
    .map((spec) => ({
      name: `e2e/${spec.file}:${spec.line} › ${[...here, spec.title].join(' › ')}`,
      why: firstLines(spec.tests?.at(-1)?.results?.at(-1)?.error?.message),
    }));
  return own.concat((suite.suites ?? []).flatMap((child) => playwrightFailures(child, here)));
}

console.log('\n▶ building the web app');
if ((await buildWeb()) !== 0) {
  console.error('The web build failed.');
  process.exit(1);
}

console.log('\n▶ server suite on the embedded PostgreSQL');
// 'server-isolated' holds the few files that need a fresh module graph (vitest.config.ts).
const SERVER_PROJECTS = ['server', 'server-isolated'];
await vitestSuite('server (embedded PostgreSQL)', SERVER_PROJECTS, 'server-embedded.json', {
  TEST_DB_TARGET: 'embedded',
});

if (process.env.TEST_DATABASE_URL) {
  console.log('\n▶ server suite on TEST_DATABASE_URL');
  await vitestSuite('server (PostgreSQL server)', SERVER_PROJECTS, 'server-postgres.json', {
    TEST_DB_TARGET: 'postgres',
  });
} else if (strict) {
  skipOrFail('server (PostgreSQL server)', 'TEST_DATABASE_URL is not set');
}

if (process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL) {
  console.log('\n▶ multi-process suite on TEST_DATABASE_URL and TEST_REDIS_URL');
  await vitestSuite('multi-process (PostgreSQL + Redis)', 'scale', 'scale.json');
} else {
  const missing = ['TEST_DATABASE_URL', 'TEST_REDIS_URL'].filter((name) => !process.env[name]);
  skipOrFail('multi-process (PostgreSQL + Redis)', `${missing.join(' and ')} not set`);
}

console.log('\n▶ web suite');
await vitestSuite('web (components)', 'web', 'web.json');

if (existsSync(CHROMIUM)) {
  console.log(`\n▶ browser suite (${CHROMIUM})`);
  const out = path.join(results, 'e2e.json');
  const code = await run(
    process.execPath,
    [playwright, 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
    {
      env: {
        ...process.env,
        PLAYWRIGHT_JSON_OUTPUT_NAME: out,
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
        CHROMIUM_PATH: CHROMIUM,
      },
    },
  );
  const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : null;
  const stats = report?.stats ?? null;
  suites.push({
    label: 'e2e (Chromium)',
    code,
    passed: stats ? stats.expected + (stats.flaky ?? 0) : 0,
    failed: stats ? stats.unexpected : code === 0 ? 0 : 1,
    skipped: stats?.skipped ?? 0,
    failures: (report?.suites ?? []).flatMap((suite) => playwrightFailures(suite)),
  });
} else {
  skipOrFail('e2e (Chromium)', `no Chromium at ${CHROMIUM} (install it: apt-get install -y chromium)`);
}

console.log('\n──────── test summary ────────');
for (const s of suites) {
  console.log(
    `${s.code === 0 ? '✓' : '✗'} ${s.label}: ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped${s.note ? ` (${s.note})` : ''}`,
  );
  // The failing tests are named here too, so the last lines of a long CI log say what broke.
  for (const failure of s.failures ?? []) {
    console.log(`    ✗ ${failure.name}`);
    if (failure.why) console.log(failure.why.replace(/^/gm, '        '));
  }
}
const total = suites.reduce(
  (t, s) => ({ passed: t.passed + s.passed, failed: t.failed + s.failed, skipped: t.skipped + s.skipped }),
  { passed: 0, failed: 0, skipped: 0 },
);
console.log(`total: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(suites.some((s) => s.code !== 0) ? 1 : 0);
