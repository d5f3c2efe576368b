// Starts the built app for Playwright on port 3100 with a fresh, throw-away data directory, so
// every e2e run begins with an empty database. Signals are forwarded so the server shuts down cleanly.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'switchboard-e2e-'));
const port = process.env.E2E_PORT || '3100';

console.log(`[e2e] server on :${port} with DATA_DIR=${dataDir}`);

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    // The address the browser uses (Playwright's baseURL): reset and invitation links point here, and
    // the Origin check compares against it.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
  },
});

function cleanUp() {
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
  });
}

child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
