// `npm start` builds the web app only when its sources changed since the last build (issue 24: a
// restart rebuilt it every time, 35 s). The sources are the web app (apps/web without its build
// output), the domain package it bundles, the lockfile and the root package.json; their contents
// are hashed into a stamp kept in the build directory (`.build-stamp.json`, which the server never
// serves: dotfiles of the build stay private). A missing build, a missing or different stamp, or
// `--force` builds; otherwise the script says the build is current and exits. `npm run build` is this
// script with `--force`, so the stamp it writes spares the next `npm start` a second build (issue 37).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STAMP_FILE = '.build-stamp.json';

/** What the web build is made of, relative to the repository root. */
const SOURCES = ['apps/web', 'packages/domain', 'package-lock.json', 'package.json'];
/** Never part of the sources: build output, dependencies, test results, and tests (not bundled). */
const SKIP = new Set(['node_modules', 'dist', '.vite', 'coverage', 'test-results']);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

function filesOf(root, rel) {
  return readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) => {
    const child = path.posix.join(rel, e.name);
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : filesOf(root, child);
    return e.isFile() && !TEST_FILE.test(e.name) ? [child] : [];
  });
}

/** The SHA-256 of every source file's path and content, in a stable order. */
export function sourceHash(root = ROOT) {
  const hash = createHash('sha256');
  const files = SOURCES.flatMap((rel) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return [];
    return statSync(abs).isDirectory() ? filesOf(root, rel) : [rel];
  }).sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return { hash: hash.digest('hex'), files: files.length };
}

/** The stamp of the build in `outDir`, or null when there is no complete build there. */
function stampOf(outDir) {
  if (!existsSync(path.join(outDir, 'index.html'))) return null;
  try {
    return JSON.parse(readFileSync(path.join(outDir, STAMP_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/** The commit the build was made from, for `/version` (the server reads it from the stamp): null outside a git checkout. */
function commitOf(root) {
  const result = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Runs Vite's build of apps/web into `outDir`, quiet but for warnings and errors. */
function viteBuild(root, outDir) {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`web build failed (exit ${result.status ?? result.signal})`);
}

/**
 * Builds the web app into `outDir` unless the build there was made from the same sources.
 * Answers whether it built. `build` is injectable for tests.
 */
export function buildWebIfStale({
  root = ROOT,
  outDir = path.join(root, 'apps/web/dist'),
  force = false,
  build = viteBuild,
  log = console.log,
} = {}) {
  const started = Date.now();
  const { hash, files } = sourceHash(root);
  const stamp = stampOf(outDir);
  if (!force && stamp?.hash === hash) {
    log(`Web app up to date (${files} source files unchanged since ${stamp.builtAt}); not rebuilding.`);
    return false;
  }
  log(stamp ? 'Web sources changed since the last build: building the web app…' : 'Building the web app…');
  build(root, outDir);
  const written = { hash, files, builtAt: new Date().toISOString(), commit: commitOf(root) };
  writeFileSync(path.join(outDir, STAMP_FILE), `${JSON.stringify(written, null, 2)}\n`);
  log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const outDir = path.resolve(ROOT, process.env.WEB_DIST ?? 'apps/web/dist');
    buildWebIfStale({ outDir, force: process.argv.includes('--force') });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
