import { configDefaults, defineConfig } from 'vitest/config';

// New password hashes at scrypt N = 2^14 instead of 2^17 in the test processes only (the suite logs in thousands
// of times; lib/passwords.ts honours this only under NODE_ENV=test). Set here too for the global set-up's seed.
process.env.PASSWORD_SCRYPT_LOG2N ??= '14';
// And a registration's proof of work at 12 bits instead of 16 (account/challenge.ts: in a test process only).
process.env.REGISTRATION_POW_BITS ??= '12';

/**
 * The API suite, once per engine. Its global set-up seeds ONE template per engine and run (in a
 * process of its own, while the other projects already run); each test file gets its own copy of it
 * (test/global-setup.ts, test/harness.ts). The harness module is shared by a worker's files
 * (isolate: false), so a worker reads the template once. The first file of each worker may wait
 * for the template to be seeded: hence the long hook timeout.
 */
const API_TESTS = ['apps/server/src/**/*.test.ts'];

/**
 * The API files that run on BOTH engines when a PostgreSQL is at hand (issue 34); every other API file
 * runs on PostgreSQL only, where it takes a sixth of the time (measured: 2,647 s of file time on PGlite
 * against 421 s on PostgreSQL for the same 87 files). Both engines run the same SQL (drizzle writes it);
 * what differs is the driver and the connection — one embedded connection that serialises every
 * transaction against a pool — and what only the embedded database has. So these run on both:
 * - the database layer itself, its lock and restart (db/), and the commands and control route that
 *   reach the embedded database through the running server (cli/, control/);
 * - backups and restores: the embedded database is copied as a data directory, PostgreSQL by dump;
 * - money and goods under concurrency and idempotency, where a pool interleaves and PGlite serialises:
 *   the ledger, the fund account, transactions, the credit race, the once-only pledge;
 * - the scheduler and the close of business (claims, leases, advisory locks), the seed and history;
 * - the bank statement import (set-based SQL, the bench's embedded path);
 * - the request path's plugins (the rate-limit store is the database's on PostgreSQL, memory embedded).
 * Without TEST_DATABASE_URL every API file runs on PGlite, as before. CONTRIBUTING says the same.
 */
const BOTH_ENGINES = [
  'apps/server/src/db/**/*.test.ts',
  'apps/server/src/cli/**/*.test.ts',
  'apps/server/src/control/**/*.test.ts',
  'apps/server/src/jobs/**/*.test.ts',
  'apps/server/src/seed/**/*.test.ts',
  'apps/server/src/plugins/**/*.test.ts',
  'apps/server/src/modules/backup/**/*.test.ts',
  'apps/server/src/modules/ledger/**/*.test.ts',
  'apps/server/src/modules/funds/**/*.test.ts',
  'apps/server/src/modules/bank-statement/**/*.test.ts',
  'apps/server/src/security/transactions.test.ts',
  'apps/server/src/modules/supplyloan/rules.test.ts',
  'apps/server/src/modules/pledge/operations/apply-once.test.ts',
  // Issue 36: financed once under racing applications, the bureau's quota, the migration's backfill.
  'apps/server/src/modules/receivables/**/*.test.ts',
  // Issue 36: factoring money — collections booked through the ledger, credit notes lowering what is owed.
  'apps/server/src/modules/supplyloan/factoring/**/*.test.ts',
  // Issue 38: the inventory's stored business date, kept with each movement, and its backfill.
  'apps/server/src/modules/warehouse/inventory-order.test.ts',
  // Issue 35: the cloud loan moved onto the lending core's tables in place (migration 0043), figures equal before and after.
  'apps/server/src/modules/cloudloan/on-core-migration.test.ts',
];

const apiProject = (name: string, engine: 'pglite' | 'postgres', include: string[]) => ({
  test: {
    name,
    include,
    environment: 'node',
    env: { TEST_DB: engine, PASSWORD_SCRYPT_LOG2N: '14', REGISTRATION_POW_BITS: '12' },
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // VITEST_CPU_PROFILE=FOLDER: a CPU profile of each file (test/cpu-profile.ts; scripts/cpu-profile-summary.mjs reads them).
    setupFiles: process.env.VITEST_CPU_PROFILE ? ['apps/server/src/test/cpu-profile.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 300_000,
    isolate: false,
  },
});

/**
 * Every project's files share one process per worker (isolate: false), as the API files do: a fresh process per file
 * cost more than most of their tests (issue 34; the web files: 86 s → 19 s alone, most of it a new jsdom per file).
 * The domain's and the scripts' are pure functions and commands with no module state. The web files share a jsdom, so
 * what a file stubs is undone before every test (unstubGlobals: stub in `beforeEach`, never in `beforeAll`), and a
 * file that renders unmounts it (each file's `afterEach`). A web file that mocks a module (`vi.mock`) needs modules
 * loaded fresh for it — another file's may hold the real one — so it is named `*.isolated.test.tsx` and runs in
 * `web-isolated`, a process of its own; eslint.config.js refuses `vi.mock` and such stubs elsewhere.
 */
const WEB_TESTS = 'apps/web/src/**/*.test.{ts,tsx}';
const WEB_ISOLATED_TESTS = 'apps/web/src/**/*.isolated.test.{ts,tsx}';
const projects: object[] = [
  { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node', isolate: false } },
  {
    test: {
      name: 'web',
      include: [WEB_TESTS],
      exclude: [...configDefaults.exclude, WEB_ISOLATED_TESTS],
      environment: 'jsdom',
      isolate: false,
      unstubGlobals: true,
    },
  },
  { test: { name: 'web-isolated', include: [WEB_ISOLATED_TESTS], environment: 'jsdom' } },
  {
    test: { name: 'scripts', include: ['scripts/**/*.test.mjs', 'apps/web/build/**/*.test.ts'], environment: 'node', isolate: false },
  },
];
// With a real PostgreSQL (CI provides one) the API suite runs there, and the files above on PGlite too.
if (process.env.TEST_DATABASE_URL)
  projects.push(apiProject('api-pglite', 'pglite', BOTH_ENGINES), apiProject('api-postgres', 'postgres', API_TESTS));
else projects.push(apiProject('api-pglite', 'pglite', API_TESTS));

// Workers: `VITEST_MAX_WORKERS`, else vitest's default (one less than the cores: one on a 2-core machine).
// Alone, two workers run the suite in a third of one worker's time (18.5 min against 6.1 min on 52b06ce);
// beside three journey shards two workers overloaded the machine (load 17–20, tests past their 30 s timeout,
// 2026-11-29 on 15a2c28). So `npm test` (scripts/test-all.mjs) runs the suite first, alone, on two workers,
// and the journeys after it.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || undefined;
export default defineConfig({ test: { projects, pool: 'forks', ...(maxWorkers ? { maxWorkers } : {}) } });
