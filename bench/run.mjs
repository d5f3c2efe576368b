// `npm run bench`: every benchmark, printing its figures and writing JSON under bench/results/.
//
//   npm run bench                        the short profile (a few minutes)
//   BENCH_PROFILE=full npm run bench     the sizes the issues name: 100,000 contacts / 2,000,000
//                                        messages, 500 msg/s for 20 s, a campaign to 100,000 at 1,000/s
// Any BENCH_* variable set by hand wins over the profile.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const full = process.env.BENCH_PROFILE === 'full';
const profile = full
  ? {
      BENCH_MESSAGES: '4000',
      BENCH_CONTACTS: '100000',
      BENCH_MESSAGES_PER_CONTACT: '20',
      BENCH_IMPORT_ROWS: '100000',
    }
  : {
      BENCH_MESSAGES: '2000',
      BENCH_CONTACTS: '20000',
      BENCH_MESSAGES_PER_CONTACT: '20',
      BENCH_IMPORT_ROWS: '20000',
    };
const env = { ...profile, ...process.env, BENCH_PROFILE: full ? 'full' : 'short' };

// bench/contacts.ts: the Contacts table, filters and segments (issue 14); bench/contacts-import.ts
// and bench/contacts-export.ts the CSV import and export (they reuse bench/contacts-seed.ts).
// bench/campaign.ts: a campaign sent by the real sender to a fake Graph API (issue 15); the short
// profile sends 20,000 at 1,000/s and 4,000 at 80/s, the full one 100,000 at 1,000/s and 4,000 at 80/s.
// bench/ai.ts: Suggest reply, 20 at a time, against a fake streaming model (issue 16).
const benches = [
  'bench/ingest.ts',
  'bench/inbox.ts',
  'bench/contacts.ts',
  'bench/contacts-import.ts',
  'bench/contacts-export.ts',
  'bench/latency.ts',
  'bench/campaign.ts',
  'bench/ai.ts',
  'bench/bundle.mjs',
];
console.log(`bench profile: ${env.BENCH_PROFILE}`);
let failed = false;
for (const bench of benches) {
  console.log(`\n▶ ${bench}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', bench], { cwd: root, stdio: 'inherit', env });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
