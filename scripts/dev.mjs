// `npm run dev`: the API (reloading on change, port 8080) and Vite's dev server (5173, proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('node', ['--watch', '--import', 'tsx', 'apps/server/src/main.ts'], {
    stdio: 'inherit',
    env: { PUBLIC_ORIGIN: 'http://localhost:5173,http://127.0.0.1:5173,http://localhost:8080', ...process.env, WEB_DIST: '/nonexistent' },
  }),
  spawn('npx', ['vite', '--host'], { stdio: 'inherit', cwd: 'apps/web' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
