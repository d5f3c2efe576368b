// `npm run dev`: the server restarting on change (port 3000) and Vite's dev server with hot reload (port 5173).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const children = [
  spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'watch', 'server/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
  }),
  spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts'],
    { cwd: ROOT, stdio: 'inherit' },
  ),
];
console.log('Open http://localhost:5173 (API on http://localhost:3000)');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
