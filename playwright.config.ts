import { defineConfig } from '@playwright/test';
import JOURNEY_SERVER_ENV from './e2e/server-env.json' with { type: 'json' };
import { SERVER_ARGS } from './e2e/server-command.ts';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const BASE_URL = `http://localhost:${PORT}`;
// A second run beside the first (another E2E_PORT) gets its own embedded database.
const DATA_DIR = process.env.E2E_PORT ? `.e2e-data-${PORT}` : '.e2e-data';

/**
 * Journeys drive Debian's Chromium (Playwright cannot download browsers here) against the built
 * web app served by the real server on a fresh embedded database.
 */
export default defineConfig({
  testDir: 'e2e',
  // A second run beside the first keeps its own traces (the default folder is emptied at every start).
  outputDir: process.env.E2E_PORT ? `test-results-${PORT}` : 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One portal, one database, demo users shared: journeys run one after another so a login in
  // one journey never ends another journey's session (one active session per user).
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // As a user who asked for less motion: antd's zooms and slides are off (lib/reduced-motion), so a
    // click never lands on a dialog or dropdown still moving into place on a loaded machine (seen in CI).
    reducedMotion: 'reduce',
    // A trace records a screenshot at every action: with it on for every attempt the browser spent as much
    // CPU on the screencast as on the pages (measured: the accessibility journey's 20 pages 39 s with it,
    // 20 s without; issue 34). CI retries a failed journey once, and that retry keeps its trace.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Chromium's old headless shell (Debian's chromium-headless-shell; scripts/ensure-chromium.mjs installs it): the
      // same Blink without the full browser around it, ~20 % less CPU for the same journeys (issue 34, README).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // V8 without its optimising compiler (TurboFan): a journey's page lives seconds, too short for optimised code to
        // repay compiling it, and every load compiles the app's scripts afresh (issue 34). The renderers'
        // CPU for the same journeys, alone (`E2E_FILES=… scripts/cpu-by-process.mjs`, 2026-11-30): accessibility-2 and
        // factoring 48.6 / 48.2 → 42.5 s, purchase-sales and pledge 38.9 → 35.2 s; every journey passes as before.
        '--js-flags=--no-opt',
      ],
    },
  },
  webServer: {
    // scripts/test-all.mjs seeds the journeys' world once (E2E_TEMPLATE) and each shard starts on a copy.
    command: `rm -rf ${DATA_DIR} && ${process.env.E2E_TEMPLATE ? `cp -r ${process.env.E2E_TEMPLATE} ${DATA_DIR} && ` : ''}node ${SERVER_ARGS.map((arg) => `'${arg}'`).join(' ')}`,
    url: `${BASE_URL}/readyz`,
    // Seeding signs contracts (PDF work): give a loaded machine time to start.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT: '1000',
      PUBLIC_ORIGIN: BASE_URL,
      // The mode of every journey server (issue 34; the accounts journeys' own server and the world's seed in
      // scripts/test-all.mjs read the same file): the portal as development runs it, but in NODE_ENV=test so that its
      // password hashes cost scrypt 2^14 instead of 2^17 — lib/passwords.ts lowers the cost in a test process only,
      // never in development or production. The journeys log in and confirm with a password a few hundred times, each
      // ~0.34 s of CPU at 2^17; a registration's proof of work asks 12 bits instead of 16 (account/challenge.ts), the
      // browser's hashing a sixteenth of a second's. The scheduler stays on, as in development (test mode would turn it off); the session
      // cache is off in test mode, so a server reads the session at every request. The world is seeded in the same mode
      // and cost, so no seeded hash is rehashed at a login. The signing secret is the API suite's template's: on PostgreSQL
      // the world is a copy of that template, its signing root encrypted with it (scripts/test-all.mjs).
      ...JOURNEY_SERVER_ENV,
      // scripts/test-all.mjs gives each shard its own PostgreSQL copy of the seeded world when one is at hand (issue 34).
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
