import { execSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import { evaluateWithTsx, lightContract } from './build/light-contract.ts';

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

/**
 * The entry's stylesheet (the visitor's frame, the spinner, the shared accessibility rules: a few KB)
 * inlined into index.html, so the static first frame there paints with the HTML instead of waiting
 * one more round trip for a render-blocking stylesheet (issue 38). The CSP allows inline styles.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'factoring:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const asset = ctx.bundle![fileName];
          if (!asset || asset.type !== 'asset') return tag;
          // `</` cannot end the style element early: CSS has no reason to contain it, but be sure.
          return `<style>${String(asset.source).replaceAll('</', '<\\/')}</style>`;
        });
      },
    },
  };
}

/**
 * The app's first frames, rendered at build time by app/prerender.tsx from the components the app
 * mounts (issue 38): index.html's `<div id="root">` gets the visitor frame around the page spinner,
 * and `home.html` — the same document with the landing page in that frame, `data-frame="visitor-home"`
 * on the root — is what the server answers `/` with when no session cookie comes (static-assets.ts).
 */
function prerenderFrames(): Plugin {
  const EMPTY_ROOT = '<div id="root"></div>';
  let frames: Promise<{ frame: string; visitorHome: string }> | undefined;
  return {
    name: 'factoring:prerender-frames',
    apply: 'build',
    buildStart() {
      const web = path.dirname(fileURLToPath(import.meta.url));
      frames = runnerImport<typeof import('./src/app/prerender.tsx')>(path.join(web, 'src/app/prerender.tsx'), {
        configFile: false,
        root: web,
        logLevel: 'error',
        // Styles mean nothing to markup rendered in Node (and the CSS pipeline does not run in this runner).
        plugins: [
          {
            name: 'factoring:prerender-no-css',
            enforce: 'pre',
            resolveId: (source) => (source.endsWith('.css') ? '\0prerender-no-css' : null),
            load: (id) => (id === '\0prerender-no-css' ? 'export {}' : null),
          },
        ],
      }).then((r) => r.module.prerenderFrames());
      // Awaited in generateBundle; a failure there fails the build.
      frames.catch(() => {});
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset' || !frames) return;
        const html = String(index.source);
        if (!html.includes(EMPTY_ROOT)) this.error(`index.html has no ${EMPTY_ROOT} for the first frame`);
        const { frame, visitorHome } = await frames;
        index.source = html.replace(EMPTY_ROOT, `<div id="root">${frame}</div>`);
        this.emitFile({
          type: 'asset',
          fileName: 'home.html',
          source: html.replace(EMPTY_ROOT, `<div id="root" data-frame="visitor-home">${visitorHome}</div>`),
        });
      },
    },
  };
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB_ROOT = path.dirname(fileURLToPath(import.meta.url));
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

const BARREL_PACKAGES = /^@(rc-component|ant-design)\/(?!icons(\/|$))[a-z-]+$/;
type BarrelMap = Map<string, { file: string; name: string }>;

/** Where each name a library's `es/index.js` re-exports really lives (`name` = `default` or the export). */
function readBarrel(indexFile: string): BarrelMap {
  const source = readFileSync(indexFile, 'utf8');
  const dir = path.dirname(indexFile);
  const resolveRel = (spec: string) => {
    for (const candidate of [`${spec}.js`, spec, `${spec}/index.js`]) {
      const file = path.resolve(dir, candidate);
      if (existsSync(file) && !file.endsWith('/')) return realpathSync(file);
    }
    return null;
  };
  const locals = new Map<string, { file: string; name: string }>();
  const out: BarrelMap = new Map();
  const specs = (list: string) =>
    list
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => {
        const [from, to] = x.split(/\s+as\s+/);
        return [from, to ?? from] as const;
      });
  for (const m of source.matchAll(/import\s+([\w$]+)\s*(?:,\s*\{([^}]*)\})?\s*from\s*["'](\.[^"']+)["']/g)) {
    const file = resolveRel(m[3]);
    if (!file) continue;
    locals.set(m[1], { file, name: 'default' });
    for (const [from, to] of specs(m[2] ?? '')) locals.set(to, { file, name: from });
  }
  for (const m of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    const file = resolveRel(m[2]);
    if (file) for (const [from, to] of specs(m[1])) locals.set(to, { file, name: from });
  }
  for (const m of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*["'](\.[^"']+)["']/g)) {
    const file = resolveRel(m[2]);
    if (file) for (const [from, to] of specs(m[1])) out.set(to, { file, name: from });
  }
  for (const m of source.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    for (const [from, to] of specs(m[1])) {
      const local = locals.get(from);
      if (local) out.set(to, local);
    }
  }
  // `export default Input;` of a name imported from a file (not one the barrel builds or decorates itself).
  for (const m of source.matchAll(/export\s+default\s+([\w$]+)\s*;/g)) {
    const local = locals.get(m[1]);
    if (local) out.set('default', local);
  }
  return out;
}

/**
 * Imports of named bindings from antd's helper libraries (`import { FormProvider } from
 * '@rc-component/form'`) go straight to the file that defines them, as Next.js's
 * optimizePackageImports does. Some of those barrels run code of their own (rc-form's builds the
 * whole Form with its statics), and with strict execution order (inline common chunks) importing one
 * name ran — and so downloaded — all of it: every page with a Select carried the form engine and its
 * validator. So does a default import (`import RcInput from '@rc-component/input'` ran the barrel's
 * TextArea with its height calculator on every page with an input) when the barrel's default is a
 * name it imports from a file. Names a barrel defines or decorates itself and `export *` stay as they are.
 */
function directLibraryImports(): Plugin {
  const barrels = new Map<string, BarrelMap | null>();
  const barrelOf = (pkg: string) => {
    if (!barrels.has(pkg)) {
      const index = path.join(NODE_MODULES, pkg, 'es/index.js');
      barrels.set(pkg, existsSync(index) ? readBarrel(realpathSync(index)) : null);
    }
    return barrels.get(pkg);
  };
  return {
    name: 'factoring:direct-library-imports',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]node_modules[\\/](antd|@rc-component|@ant-design)[\\/].*\.js$/ },
      handler(code) {
        let changed = false;
        const next = code.replace(
          /import\s+(?:([\w$]+)\s*(?:,\s*\{([^}]*)\})?|\{([^}]*)\})\s*from\s*(["'])([^"']+)\4;?/g,
          (whole, defaultImport: string | undefined, withDefault: string | undefined, alone: string | undefined, _q, pkg: string) => {
            if (!BARREL_PACKAGES.test(pkg)) return whole;
            const barrel = barrelOf(pkg);
            if (!barrel) return whole;
            const direct: string[] = [];
            const rest: string[] = [];
            const names = withDefault ?? alone ?? '';
            let defaultName = defaultImport;
            const defaultTarget = defaultName ? barrel.get('default') : undefined;
            if (defaultName && defaultTarget) {
              direct.push(
                defaultTarget.name === 'default'
                  ? `import ${defaultName} from ${JSON.stringify(defaultTarget.file)};`
                  : `import { ${defaultTarget.name} as ${defaultName} } from ${JSON.stringify(defaultTarget.file)};`,
              );
              defaultName = undefined;
            }
            for (const raw of names
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean)) {
              const [imported, local] = raw.split(/\s+as\s+/);
              const target = barrel.get(imported);
              if (!target) rest.push(raw);
              else if (target.name === 'default') direct.push(`import ${local ?? imported} from ${JSON.stringify(target.file)};`);
              else direct.push(`import { ${target.name} as ${local ?? imported} } from ${JSON.stringify(target.file)};`);
            }
            if (!direct.length) return whole;
            changed = true;
            const kept =
              defaultName || rest.length
                ? `import ${[defaultName, rest.length ? `{ ${rest.join(', ')} }` : ''].filter(Boolean).join(', ')} from '${pkg}';`
                : '';
            // One line, so the lines after it keep their numbers (the source map stays right).
            return [kept, ...direct].filter(Boolean).join(' ');
          },
        );
        return changed ? { code: next, map: null } : null;
      },
    },
  };
}

/**
 * Parts of antd components that few screens use, loaded when first rendered instead of with the
 * component: the tab strip of a Card (only with `tabList`; ~9 KB on the wire on every page with a
 * card), the tree of a Table's filter menu (only with `filterMode: 'tree'`; ~12 KB on every page
 * with a table), the radio buttons and checkboxes of a Table's selection and filters (~8 KB, and
 * Radio.Group pulls in the form engine's useForm), Typography's editor and the Collapse of the
 * colour picker's presets.
 * Each becomes a React.lazy component in its own Suspense boundary, rendered as antd renders it.
 */
const LAZY_PARTS = [
  { importer: /[\\/]antd[\\/]es[\\/]card[\\/]Card\.js$/, source: '../tabs' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/, source: '../../../tree' },
  // Radio (and, through its group, the form engine's useForm) only for single-choice selection and filters.
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../radio' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/, source: '../../../radio' },
  // Checkboxes, only for multiple-choice selection and filters.
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../checkbox' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/, source: '../../../checkbox' },
  // Typography's in-place editor (a TextArea), only with `editable`: ~3 KB on every page with text styles.
  { importer: /[\\/]antd[\\/]es[\\/]typography[\\/]Base[\\/]index\.js$/, source: '../Editable' },
  // The colour picker's preset panels. Button's style tokens import a colour helper from that file,
  // and under strict execution order its Collapse came with every button: ~2.5 KB on every page.
  { importer: /[\\/]antd[\\/]es[\\/]color-picker[\\/]components[\\/]ColorPresets\.js$/, source: '../../collapse' },
  // Pagination's page-size Select (with its option list and virtual list): shown only under long lists
  // and used only when clicked; ~19 KB on the wire of every page with a table and no Select of its own (issue 38).
  { importer: /[\\/]antd[\\/]es[\\/]pagination[\\/]Pagination\.js$/, source: '../select' },
  // A Select's option list with its virtual list: rendered only once the dropdown opens (its ref is
  // used with `?.` only), ~8 KB on the wire of every page with a Select (issue 38).
  { importer: /[\\/]@rc-component[\\/]select[\\/]es[\\/]Select\.js$/, source: './OptionList' },
  // The virtual table, only with `virtual` (no page of ours sets it): ~2 KB on every page with a table.
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]InternalTable\.js$/, source: './RcTable/VirtualTable' },
  // Dropdown, only for a breadcrumb item with a `menu`, a column's filter menu and custom row selections
  // (no page of ours has them): with the user menu's own dropdown loaded on hover (AdminLayout), ~4 KB on
  // the wire of every signed-in page (issue 38).
  { importer: /[\\/]antd[\\/]es[\\/]breadcrumb[\\/]BreadcrumbItem\.js$/, source: '../dropdown/dropdown' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/, source: '../../../dropdown' },
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/, source: '../../dropdown' },
];
const LAZY_PREFIX = '\0factoring:lazy-part:';

/**
 * Parts of antd components replaced by a module of ours that loads antd's part itself, when it is
 * needed: the pager of a Table or a List, below the fold under a list of ten rows, loads when its place
 * comes near the screen (~8 KB on the wire of every list page; issue 38).
 */
const DEFERRED_PARTS = [
  { importer: /[\\/]antd[\\/]es[\\/]table[\\/]InternalTable\.js$/, source: '../pagination', module: 'src/lib/PagerWhenVisible.tsx' },
  { importer: /[\\/]antd[\\/]es[\\/]list[\\/]index\.js$/, source: '../pagination', module: 'src/lib/PagerWhenVisible.tsx' },
];

function lazyLibraryParts(): Plugin {
  return {
    name: 'factoring:lazy-library-parts',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      const deferred = DEFERRED_PARTS.find((p) => p.source === source && p.importer.test(importer));
      if (deferred) return path.join(WEB_ROOT, deferred.module);
      if (!LAZY_PARTS.some((p) => p.source === source && p.importer.test(importer))) return null;
      const target = await this.resolve(source, importer, { skipSelf: true });
      return target ? LAZY_PREFIX + target.id : null;
    },
    load(id) {
      if (!id.startsWith(LAZY_PREFIX)) return null;
      const target = JSON.stringify(id.slice(LAZY_PREFIX.length));
      return [
        `import { createElement, forwardRef, lazy, Suspense } from 'react';`,
        `const Part = lazy(() => import(${target}));`,
        `export default forwardRef((props, ref) => createElement(Suspense, { fallback: null }, createElement(Part, { ...props, ref })));`,
      ].join('\n');
    },
  };
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
    // Real paths, as the bundler names modules (node_modules may be a link, as in a worktree sharing one).
    const stack = roots.map((r) => path.join(ROOT, r)).map((file) => (existsSync(file) ? realpathSync(file) : file));
    while (stack.length) {
      const id = stack.pop()!;
      // The domain package is followed by what the pages use, not from here: its barrel names every
      // rule, and through it the shell would claim decimal.js (12 KB on the wire) that only some pages need.
      if (seen.has(id) || BARRELS.has(id) || id.includes('/packages/domain/')) continue;
      seen.add(id);
      const inLibrary = id.includes('/node_modules/');
      if (inLibrary) closure.add(id);
      else if (/\.(tsx?|jsx?)$/.test(id) && existsSync(id)) stack.push(...libraryEntriesOf(id));
      for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) stack.push(dep);
    }
    return closure;
  };
}

/**
 * What every logged-in page renders in: the antd provider (App's context; message, notification and the
 * confirm dialogs load on first use), the admin layout with the reminder's dialog, the text input.
 */
const adminShell = libraryClosure([
  'apps/web/src/app/AntdProviders.tsx',
  'apps/web/src/app/AdminLayout.tsx',
  // Not rendered by the shell, but by nearly every page behind it (a table's pagination and filters,
  // forms, typography, the date filter): as a common chunk under the inlining size it would be copied
  // into several of a page's chunks and downloaded twice.
  'node_modules/antd/es/input/Input.js',
]);

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
    {
      name: 'react',
      // Vite's preload helper rides along: every page needs it, and a file of its own costs its headers.
      test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand)[\\/]|vite[\\/]preload-helper/,
      priority: 50,
    },
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
  plugins: [
    react(),
    lightContract(path.join(ROOT, 'packages/domain/src/contract'), evaluateWithTsx),
    directLibraryImports(),
    lazyLibraryParts(),
    inlineEntryCss(),
    prerenderFrames(),
    precompress(),
  ],
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
      // No "[PLUGIN_TIMINGS]" warning block on every build: our plugins' share of a build is known (issue 24).
      checks: { bundlerTimings: false },
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
