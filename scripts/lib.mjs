// Small helpers shared by the start, dev and test scripts.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_INDEX = path.join(ROOT, 'web/dist/index.html');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** True when web/dist is missing or older than the web and common sources. */
export function webBuildIsStale() {
  if (!existsSync(WEB_INDEX)) return true;
  const built = statSync(WEB_INDEX).mtimeMs;
  return Math.max(newestMtime(path.join(ROOT, 'web')), newestMtime(path.join(ROOT, 'common'))) > built;
}

export function buildWeb() {
  return run(process.execPath, [
    path.join(ROOT, 'node_modules/vite/bin/vite.js'),
    'build',
    '--config',
    'web/vite.config.ts',
    '--logLevel',
    'warn',
  ]);
}
