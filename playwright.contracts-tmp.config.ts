import base from './playwright.config.ts';
const PORT = Number(process.env.E2E_PORT);
export default {
  ...base,
  outputDir: '/tmp/ctest/test-results',
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  webServer: {
    ...base.webServer,
    command: 'rm -rf /tmp/ctest/e2e-data && node --import tsx apps/server/src/main.ts',
    url: `http://localhost:${PORT}/readyz`,
    env: { ...(base.webServer as { env: Record<string, string> }).env, PORT: String(PORT), DATA_DIR: '/tmp/ctest/e2e-data', PUBLIC_ORIGIN: `http://localhost:${PORT}` },
  },
};
