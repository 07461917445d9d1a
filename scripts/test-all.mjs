// `npm test`'s long part, side by side: the unit and API tests (vitest) and the browser journeys
// (playwright, against the web app `npm run build` made), the journeys split into shards. Each shard
// starts its own server on its own port and embedded database (playwright.config.ts, E2E_PORT), so
// shards share no session, user or row; the unit tests use their own databases (test/harness.ts).
// A journey waits on the browser and the server far more than it computes: one shard used under half a
// core (measured), so two shards beside the unit tests keep a 2-core machine busy without starving it.
// Each line is prefixed with its part; the exit code is non-zero when any part fails.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const SHARDS = Number(process.env.E2E_SHARDS ?? 2);
const FIRST_PORT = Number(process.env.E2E_FIRST_PORT ?? 8181);

function run(label, command, args, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${label}] ${line}\n`));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`[${label}] finished: ${signal ?? `exit ${code}`} after ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

// The browser and its CJK font, once, before the shards start.
if (!(await run('e2e', 'node', ['scripts/ensure-chromium.mjs']))) process.exit(1);

const shards = Array.from({ length: SHARDS }, (_, i) =>
  run(`e2e ${i + 1}/${SHARDS}`, 'npx', ['playwright', 'test', `--shard=${i + 1}/${SHARDS}`], { E2E_PORT: String(FIRST_PORT + i) }),
);
const results = await Promise.all([run('unit', 'npm', ['run', '--silent', 'test:unit']), ...shards]);
process.exit(results.every(Boolean) ? 0 : 1);
