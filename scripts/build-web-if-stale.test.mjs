import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWebIfStale, sourceHash, STAMP_FILE } from './build-web-if-stale.mjs';

let root;
let outDir;
let builds;
const write = (rel, text) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};
/** A stand-in for Vite: empties the output directory and writes an index.html, counting the builds. */
const build = (_root, out) => {
  builds += 1;
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'index.html'), `<html>${builds}</html>`);
};
const run = (options = {}) => buildWebIfStale({ root, outDir, build, log: () => {}, ...options });

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-web-'));
  outDir = path.join(root, 'apps/web/dist');
  builds = 0;
  write('apps/web/src/main.tsx', 'export const a = 1;');
  write('apps/web/index.html', '<div id="root"></div>');
  write('packages/domain/src/money.ts', 'export const b = 2;');
  write('package-lock.json', '{}');
  write('package.json', '{"name":"x"}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start builds the web app only when its sources changed (issue 24)', () => {
  it('builds the first time, then a second start skips the build', () => {
    expect(run()).toBe(true);
    expect(run()).toBe(false);
    expect(builds).toBe(1);
  });

  it('rebuilds after a change to the web app, the domain package or the lockfile — not to a test or the build itself', () => {
    run();
    write('apps/web/src/main.tsx', 'export const a = 2;');
    expect(run()).toBe(true);
    write('packages/domain/src/money.ts', 'export const b = 3;');
    expect(run()).toBe(true);
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(run()).toBe(true);
    write('apps/web/src/main.test.tsx', 'it.todo("x")');
    write('apps/web/dist/assets/extra.js', '');
    write('apps/web/node_modules/x/index.js', '');
    expect(run()).toBe(false);
    expect(builds).toBe(4);
  });

  it('rebuilds when the build is gone or its stamp is, and always with --force', () => {
    run();
    rmSync(path.join(outDir, 'index.html'));
    expect(run()).toBe(true);
    rmSync(path.join(outDir, STAMP_FILE));
    expect(run()).toBe(true);
    expect(run({ force: true })).toBe(true);
    expect(builds).toBe(4);
  });

  it('hashes the files in a stable order', () => {
    const first = sourceHash(root);
    expect(sourceHash(root)).toEqual(first);
    expect(first.files).toBe(5);
  });
});

describe('npm run build leaves a stamp, so the next npm start does not build again (issue 37)', () => {
  it('a forced build (what `npm run build` runs) is current for the next start, and records the commit outside git as null', () => {
    expect(run({ force: true })).toBe(true);
    expect(run()).toBe(false);
    const stamp = JSON.parse(readFileSync(path.join(outDir, STAMP_FILE), 'utf8'));
    expect(stamp.commit).toBeNull();
  });

  it('records the checkout commit it was built from', () => {
    execFileSync('git', ['init', '-q'], { cwd: root });
    execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-q', '--allow-empty', '-m', 'x'], { cwd: root });
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    run({ force: true });
    expect(JSON.parse(readFileSync(path.join(outDir, STAMP_FILE), 'utf8')).commit).toBe(head);
  });
});
