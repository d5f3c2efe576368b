// `node bench/bundle.mjs`: what a browser downloads, gzipped — the first load (the entry, what it
// imports statically, the CSS) and what each screen's chunk adds on top when the router opens it.
//
//   node bench/bundle.mjs                 builds the web app into a temporary folder and measures it
//   BUNDLE_ROOT=/path/to/checkout node bench/bundle.mjs
//                                         measures another checkout (for a before/after pair)
// Prints a table and writes bench/results/bundle.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(process.env.BUNDLE_ROOT ?? here);
const out = mkdtempSync(path.join(os.tmpdir(), 'switchboard-bundle-'));

const build = spawnSync(
  path.join(here, 'node_modules/.bin/vite'),
  [
    'build',
    '--config',
    'web/vite.config.ts',
    '--outDir',
    out,
    '--emptyOutDir',
    '--manifest',
    '--logLevel',
    'warn',
  ],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const manifest = JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(out, file)), { level: 9 }).length;

/** The files a chunk needs before it runs: itself, its static imports (recursively) and their CSS. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(child, seen);
  return seen;
}
const filesOf = (keys) =>
  new Set([...keys].flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])]));
const kb = (bytes) => (bytes / 1024).toFixed(1);
const sum = (files) => [...files].reduce((total, file) => total + gz(file), 0);

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const firstKeys = closure(entryKey);
const firstFiles = filesOf(firstKeys);
const firstLoad = sum(firstFiles);

const screens = [];
for (const key of manifest[entryKey].dynamicImports ?? []) {
  const added = [...filesOf(closure(key))].filter((file) => !firstFiles.has(file));
  screens.push({ screen: key.replace(/^scenes\//, '').replace(/\.tsx?$/, ''), addedGzipBytes: sum(added) });
}
screens.sort((a, b) => b.addedGzipBytes - a.addedGzipBytes);

/** What opening a page downloads in all: the entry and every chunk its route stack needs, each once. */
const JOURNEYS = {
  '/ (landing)': ['scenes/Landing/Landing.tsx'],
  '/sign-in': ['scenes/SignIn/SignIn.tsx'],
  '/app/chats': ['scenes/AppLayout/AppLayout.tsx', 'scenes/Chats/Chats.tsx'],
  '/app/settings/team': [
    'scenes/AppLayout/AppLayout.tsx',
    'scenes/Settings/Settings.tsx',
    'scenes/Settings/TeamSettings.tsx',
  ],
};
const journeys = Object.entries(JOURNEYS).map(([page, keys]) => {
  const all = new Set(firstKeys);
  for (const key of keys.filter((k) => manifest[k])) closure(key, all);
  return { page, gzipBytes: sum(filesOf(all)) };
});

console.log(
  `first load (entry + static imports + CSS): ${kb(firstLoad)} kB gzipped, ${firstFiles.size} files`,
);
console.log('a page opened directly downloads in all:');
for (const { page, gzipBytes } of journeys)
  console.log(`  ${page.padEnd(44)} ${kb(gzipBytes).padStart(7)} kB`);
console.log('each screen adds, when opened:');
for (const { screen, addedGzipBytes } of screens) {
  console.log(`  ${screen.padEnd(44)} ${kb(addedGzipBytes).padStart(7)} kB`);
}

mkdirSync(path.join(here, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(here, 'bench/results/bundle.json'),
  `${JSON.stringify({ root, firstLoadGzipBytes: firstLoad, journeys, screens }, null, 2)}\n`,
);
rmSync(out, { recursive: true, force: true });
