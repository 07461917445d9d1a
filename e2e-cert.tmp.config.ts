import base from './playwright.config.ts';
const PORT = 8193;
export default {
  ...base,
  retries: 0,
  use: { ...base.use, baseURL: `http://localhost:${PORT}` },
  webServer: { ...base.webServer, command: 'rm -rf /tmp/fp-e2e-cert && node --import tsx apps/server/src/main.ts', url: `http://localhost:${PORT}/readyz`, env: { ...(base.webServer as { env: Record<string, string> }).env, PORT: String(PORT), DATA_DIR: '/tmp/fp-e2e-cert', PUBLIC_ORIGIN: `http://localhost:${PORT}` } },
};
