import { execSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Precompressed siblings (`x.js.br`, `x.js.gz`) of every text file of the build, made once at the
 * highest levels so the server only picks one by Accept-Encoding (apps/server/src/plugins/static-assets.ts).
 */
function precompress(): Plugin {
  return {
    name: 'factoring:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const jobs = Object.values(bundle)
        .filter((f) => /\.(js|mjs|css|html|svg|json|txt)$/.test(f.fileName) && !f.fileName.startsWith('.vite/'))
        .map(async (f) => {
          const body = Buffer.from(f.type === 'chunk' ? f.code : f.source);
          if (body.length < 1024) return;
          const file = path.join(outDir, f.fileName);
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzipAsync(body, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        });
      await Promise.all(jobs);
    },
  };
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NODE_MODULES = path.join(ROOT, 'node_modules');
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** The deep modules behind `import { A, B } from 'antd'` / `'@ant-design/icons'` in an app source file. */
function libraryEntriesOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'(antd|@ant-design\/icons)'/g)) {
    for (const spec of m[1].split(',').map((x) => x.trim().split(/\s+as\s+/)[0])) {
      if (!spec || spec.startsWith('type ')) continue;
      const target =
        m[2] === 'antd'
          ? path.join(NODE_MODULES, 'antd/es', kebab(spec), 'index.js')
          : path.join(NODE_MODULES, '@ant-design/icons/es/icons', `${spec}.js`);
      if (existsSync(target)) out.push(realpathSync(target));
    }
  }
  return out;
}

type ChunkingContext = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
const BARRELS = new Set(['antd/es/index.js', '@ant-design/icons/es/index.js'].map((f) => realpathSync(path.join(NODE_MODULES, f))));

/**
 * Library modules statically reachable from the given app modules, computed once per build. The
 * antd and icon barrels are not followed (they re-export everything); the names an app file imports
 * from them are followed instead.
 */
function libraryClosure(roots: string[]) {
  let closure: Set<string> | undefined;
  return (ctx: ChunkingContext): Set<string> => {
    if (closure) return closure;
    closure = new Set();
    const seen = new Set<string>();
    const stack = roots.map((r) => path.join(ROOT, r));
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id) || BARRELS.has(id)) continue;
      seen.add(id);
      const inLibrary = id.includes('/node_modules/');
      if (inLibrary) closure.add(id);
      else if (/\.(tsx?|jsx?)$/.test(id) && existsSync(id)) stack.push(...libraryEntriesOf(id));
      for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) stack.push(dep);
    }
    return closure;
  };
}

/** What every logged-in page renders in: the antd provider (App, message, notification, modal) and the admin layout. */
const adminShell = libraryClosure(['apps/web/src/app/AntdProviders.tsx', 'apps/web/src/app/AdminLayout.tsx']);

/**
 * Chunks by what a first visit needs, so bytes on the wire stay within budget and a page arrives
 * in a handful of files instead of a waterfall of 80–100 (issue 11):
 * - `react`: React, the router and TanStack Query — the entry needs them on every page, public ones too;
 * - `admin-shell`: every library module the antd provider and the admin layout import — all logged-in pages;
 * - the rest is automatic: a chunk per page, components shared by several pages (table, date picker,
 *   form...) in common chunks, and common chunks under 40 KB (before minifying) inlined into the
 *   pages that use them rather than fetched as separate files.
 * A new page joins these chunks by what it imports; nothing here names pages.
 */
const CODE_SPLITTING = {
  groups: [
    { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand)[\\/]/, priority: 50 },
    {
      name: (id: string, ctx: ChunkingContext) => (adminShell(ctx).has(id) ? 'admin-shell' : null),
      debugName: 'admin-shell',
      test: (id: string) => id.includes('/node_modules/'),
      priority: 40,
    },
  ],
  experimentalInlineCommonChunks: { maxSize: 40 * 1024 },
};

export default defineConfig({
  plugins: [react(), precompress()],
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
    rolldownOptions: {
      // Keep lazy-only modules out of chunks the entry loads: the public pages' budget depends on it.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      preserveEntrySignatures: false,
      // Pure libraries that declare no `sideEffects` (antd's @rc-component/* and @ant-design/* helpers,
      // decimal.js, our domain package): without this every module a barrel names is kept — the
      // admin shell alone carried a whole form engine, collapse, skeleton and colour picker it never renders.
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/](packages[\\/]domain[\\/]src|node_modules[\\/](decimal\.js|@rc-component|@ant-design))[\\/]/, sideEffects: false },
        ],
      },
      output: { codeSplitting: CODE_SPLITTING },
    },
  },
});
