import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E_PORT, SANDBOX_APP_SECRET } from './env';

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(E2E_DIR, '..');
const PORT = E2E_PORT;
const BASE_URL = `http://127.0.0.1:${PORT}`;

/** Specs that advance the sandbox clock or change its settings for every number. */
const SANDBOX_WIDE = [
  'app-shell.spec.ts',
  'campaigns.spec.ts',
  'contact-panel.spec.ts',
  'inbox-types.spec.ts',
  'inbox.spec.ts',
  'layout.spec.ts',
  'template-media.spec.ts',
].map((file) => `**/${file}`);

export default defineConfig({
  testDir: E2E_DIR,
  // E2E_OUTPUT_DIR keeps two runs on one checkout from deleting each other's traces.
  outputDir: process.env.E2E_OUTPUT_DIR || path.join(ROOT, 'test-results'),
  // Two browsers at a time, except for the specs that move state the whole sandbox shares (its clock,
  // failing sends, recipient shares): those run one by one after the rest (project 'sandbox-wide').
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: 'parallel', testIgnore: SANDBOX_WIDE },
    { name: 'sandbox-wide', testMatch: SANDBOX_WIDE, dependencies: ['parallel'], workers: 1 },
  ],
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: 'list',
  // Generous for a 2-core CI machine that also runs the server, the sandbox and PostgreSQL.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // A click on something that never becomes actionable fails here, naming the locator, instead of
    // running into the test timeout.
    actionTimeout: 30_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Voice notes (e2e/voice-note.spec.ts): a fake microphone (a beep), allowed without a prompt.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: {
    // The web build (web/dist) is made by the test script before Playwright starts.
    command: 'node e2e/start-server.mjs',
    cwd: ROOT,
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // The built-in sandbox plays Meta; no Facebook app, whatever the shell running the tests has set.
    env: {
      E2E_PORT: String(PORT),
      SANDBOX: '1',
      META_APP_SECRET: SANDBOX_APP_SECRET,
      META_APP_ID: '',
      META_CONFIG_ID: '',
      META_GRAPH_URL: '',
    },
  },
});
