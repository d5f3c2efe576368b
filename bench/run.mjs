// `npm run bench`: every benchmark, printing its figures and writing JSON under bench/results/.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benches = ['bench/ingest.ts', 'bench/inbox.ts'];
let failed = false;
for (const bench of benches) {
  console.log(`\n▶ ${bench}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', bench], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
