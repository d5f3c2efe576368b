import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

const alias = { '@common': fileURLToPath(new URL('./common', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'server/scale/**'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
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
        },
      },
    ],
  },
});
