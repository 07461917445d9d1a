/**
 * How a journey server starts: from the server bundle scripts/test-all.mjs built for the run (E2E_SERVER_MAIN,
 * scripts/build-server.mjs; issue 34: 4.0 CPU s to /readyz against 9.6 through tsx, bench/server-start.ts), else from the sources,
 * as `npx playwright test` alone and `npm start` do.
 */
export const SERVER_ARGS = process.env.E2E_SERVER_MAIN ? [process.env.E2E_SERVER_MAIN] : ['--import', 'tsx', 'apps/server/src/main.ts'];
