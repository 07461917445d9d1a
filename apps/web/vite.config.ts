import { execSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'unknown';
  }
}

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.1.0'),
    __APP_COMMIT__: JSON.stringify(process.env.GIT_COMMIT ?? gitCommit()),
    __APP_BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080' } },
  },
  build: {
    chunkSizeWarningLimit: 1500,
    manifest: true,
    // Keep lazy-only modules out of chunks the entry loads: the first-load budget depends on it.
    rolldownOptions: { experimental: { chunkOptimization: { mergeCommonChunks: false } } },
  },
});
