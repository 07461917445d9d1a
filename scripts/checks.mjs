// `npm test`'s first part (issue 34): lint, format, the three type checks and the web build, two at a time.
// Most are one single-threaded process for most of their time (eslint, prettier; TypeScript 7 uses both cores),
// so one after another they left one of the machine's two cores idle for about six minutes; a pool of two
// (CHECK_LANES) keeps both busy. The longest go first so the pool ends together. Every check runs even when one
// fails, so one run names every failure; the exit code is non-zero when any failed.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

/**
 * The type checks run TypeScript 7 (the native compiler, devDependency `typescript-7`): the same checks in about
 * half of 5.9's CPU (user CPU: server 50 → 27 s, web 40 → 17; issue 34). `typescript` stays 5.9 for the tools that
 * read TypeScript's JavaScript API (typescript-eslint's parser supports < 6.1), so the checker is called by
 * its path: both packages name their command `tsc`.
 */
const TSC = ['node_modules/typescript-7/bin/tsc'];
const CHECKS = [
  { name: 'typecheck server', command: 'node', args: [...TSC, '-p', 'apps/server'] },
  { name: 'build', command: 'node', args: ['scripts/build-web-if-stale.mjs', '--force'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  { name: 'typecheck web', command: 'node', args: [...TSC, '-p', 'apps/web'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
  { name: 'typecheck domain', command: 'node', args: [...TSC, '-p', 'packages/domain'] },
];
const LANES = Math.max(1, Number(process.env.CHECK_LANES ?? 2));

function run({ name, command, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`[${name}] ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} after ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

const started = Date.now();
const queue = [...CHECKS];
const results = [];
await Promise.all(
  Array.from({ length: LANES }, async () => {
    for (let check = queue.shift(); check; check = queue.shift()) results.push(await run(check));
  }),
);
const failed = results.filter((ok) => !ok).length;
process.stdout.write(
  `[checks] ${CHECKS.length - failed} of ${CHECKS.length} passed in ${Math.round((Date.now() - started) / 1000)} s (${LANES} at a time)\n`,
);
process.exit(failed ? 1 : 0);
