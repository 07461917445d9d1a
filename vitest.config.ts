import { defineConfig } from 'vitest/config';

// New password hashes at scrypt N = 2^14 instead of 2^17 in the test processes only (the suite logs in thousands
// of times; lib/passwords.ts honours this only under NODE_ENV=test). Set here too for the global set-up's seed.
process.env.PASSWORD_SCRYPT_LOG2N ??= '14';

/**
 * The API suite, once per engine. Its global set-up seeds ONE template per engine and run (in a
 * process of its own, while the other projects already run); each test file gets its own copy of it
 * (test/global-setup.ts, test/harness.ts). The harness module is shared by a worker's files
 * (isolate: false), so a worker reads the template once. The first file of each worker may wait
 * for the template to be seeded: hence the long hook timeout.
 */
const apiProject = (name: string, engine: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: engine, PASSWORD_SCRYPT_LOG2N: '14' },
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 300_000,
    isolate: false,
  },
});

const projects: object[] = [
  { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
  { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
  { test: { name: 'scripts', include: ['scripts/**/*.test.mjs', 'apps/web/build/**/*.test.ts'], environment: 'node' } },
  apiProject('api-pglite', 'pglite'),
];
// The same API suite runs a second time against a real PostgreSQL when CI provides one.
if (process.env.TEST_DATABASE_URL) projects.push(apiProject('api-postgres', 'postgres'));

// Two workers (issue 34): with the test world built once, a file's set-up is seconds, and one worker left the
// second core idle — the unit/API suite alone took 18.5 min on one worker and 6.1 min on two (measured on 52b06ce).
export default defineConfig({ test: { projects, pool: 'forks', maxWorkers: 2 } });
