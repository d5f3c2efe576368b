import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = { '@common': fileURLToPath(new URL('./common', import.meta.url)) };

/** Server test files that mock one of our modules with vi.mock: they need a fresh module graph. */
const ISOLATED_SERVER_TESTS = ['server/inbound/status-callback.test.ts'];

const serverTest = {
  environment: 'node',
  globalSetup: ['server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  maxWorkers: 2,
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'server/scale/**', ...ISOLATED_SERVER_TESTS],
          ...serverTest,
          // Files share a worker's loaded modules (and PGlite's compiled, warmed-up WebAssembly): on two
          // cores this runs the suite in well under half the CPU time. Each file still gets its own
          // database and app; files that replace a module with vi.mock run in 'server-isolated'.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { name: 'server-isolated', include: ISOLATED_SERVER_TESTS, ...serverTest },
      },
      {
        // Several real server processes on TEST_DATABASE_URL and TEST_REDIS_URL (scripts/test.mjs runs
        // it when both are set). One file at a time: each starts its own processes on a 2-core machine.
        resolve: { alias },
        test: {
          name: 'scale',
          include: ['server/scale/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB_TARGET: 'postgres' },
          globalSetup: ['server/scale/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/test/setup.ts'],
          // Files share a worker's window and loaded modules (about five times faster); setup.ts cleans
          // the DOM and restores mocks and stubbed globals after every test.
          isolate: false,
        },
      },
    ],
  },
});
