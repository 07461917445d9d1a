// `npm test`'s two long halves side by side: the unit and API tests (vitest) and the browser journeys
// (playwright, against the web app `npm run build` made). They share no state — the journeys run their
// own server on their own embedded database — so running them at once halves the wall time of a CI run.
// Each line is prefixed with its half; the exit code is non-zero when either half fails.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

function run(label, script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${label}] ${line}\n`));
    child.on('close', (code, signal) => {
      process.stdout.write(`[${label}] finished: ${signal ?? `exit ${code}`}\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([run('unit', 'test:unit'), run('e2e', 'test:e2e')]);
process.exit(results.every(Boolean) ? 0 : 1);
