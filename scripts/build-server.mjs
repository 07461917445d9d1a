// The server as the processes that run it load it (issue 34): its TypeScript bundled by esbuild into one ES module per
// command — the portal (main.mjs), each command of `npm run` (cli/*.mjs) and the test template's seed — with the shared
// code in each (no chunks: a running process never reads the folder again, so a later build cannot pull code from under it).
// Started under `node --import tsx`, a server loads its sources module by module through tsx's loader thread: ready after
// 6.2 s and 9.6 CPU s, against 3.15 s and 4.0 CPU s from the bundle (`node --import tsx bench/server-start.ts`, medians of 5);
// the suite starts one about twenty times. npm dependencies stay outside (Node resolves them
// as it always does); the workspace's own packages (@factoring/*) are bundled, as tsx compiled them. Each source file keeps its
// own `import.meta.url`, so what it finds beside itself (the migrations, the fonts) it finds as before.
//   node scripts/build-server.mjs [outdir]     (default apps/server/dist/server; prints the time it took)
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(ROOT, 'apps/server/src');
/** Bundles live under apps/server/dist, where Node finds the npm packages they leave outside as the sources did. */
const BUNDLES = path.join(ROOT, 'apps/server/dist');
export const DEFAULT_SERVER_BUNDLE = path.join(BUNDLES, 'server');
/** A bundle of its own for one run (the API projects', the journeys'), removed when the run ends: `apps/server/dist/<name>`. */
export const runBundleFolder = (name) => path.join(BUNDLES, name);

/** The commands a process starts with: the portal, `npm run <command>`'s scripts, the test template's seed. */
function entryPoints() {
  const commands = readdirSync(path.join(SOURCE, 'cli'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(SOURCE, 'cli', f));
  return [path.join(SOURCE, 'main.ts'), path.join(SOURCE, 'test/build-template.ts'), ...commands];
}

/** npm packages stay outside the bundle; the workspace's own TypeScript packages go in. */
const dependenciesOutside = {
  name: 'dependencies-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@factoring/') ? undefined : { path: args.path, external: true }));
  },
};

/** Every source file keeps its own address: `import.meta.url` written as the file's URL. */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/** Bundles the server into `outdir` (emptied first); returns the folder. */
export async function buildServer(outdir = DEFAULT_SERVER_BUNDLE) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: entryPoints(),
    outbase: SOURCE,
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked', // read only under `node --enable-source-maps`
    logLevel: 'warning',
    plugins: [dependenciesOutside, ownImportMetaUrl],
  });
  return outdir;
}

/** The command line that starts `entry` (`main`, `cli/backup`, …) from a bundle. */
export const bundledCommand = (outdir, entry) => path.join(outdir, `${entry}.mjs`);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const outdir = await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
  process.stdout.write(
    `Server bundled into ${path.relative(ROOT, outdir) || outdir} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
}
