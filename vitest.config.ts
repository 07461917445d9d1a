import { defineConfig } from 'vitest/config';

const projects = [
  { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
  { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
  { test: { name: 'scripts', include: ['scripts/**/*.test.mjs', 'apps/web/build/**/*.test.ts'], environment: 'node' } },
  {
    test: {
      name: 'api-pglite',
      include: ['apps/server/src/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DB: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 120_000,
      // One migrated template database per worker, cloned for each file (see test/harness.ts).
      isolate: false,
    },
  },
];
// The same API suite runs a second time against a real PostgreSQL when CI provides one.
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'api-postgres',
      include: ['apps/server/src/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DB: 'postgres' },
      globalSetup: ['apps/server/src/test/postgres-global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 120_000,
      isolate: false,
    },
  });
}

export default defineConfig({ test: { projects, pool: 'forks' } });
