import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { areaOf, isSchemaImport, readBaseline, tableOwners } from './scripts/table-walls.mjs';

/**
 * Feature boundaries, resolved on the file system so relative paths count too: a file in
 * `apps/web/src/features/<a>/` may not import from `features/<b>/` (`../funds/api.ts`,
 * `../../features/funds/api.ts`, `@/features/funds`), and `lib/` imports no feature at all.
 * Shared code belongs in `lib/` or the domain package.
 */
const FEATURES_DIR = path.resolve(import.meta.dirname, 'apps/web/src/features');
const LIB_DIR = path.resolve(import.meta.dirname, 'apps/web/src/lib');
const APP_DIR = path.resolve(import.meta.dirname, 'apps/web/src/app');
const featureOf = (file) => {
  const rel = path.relative(FEATURES_DIR, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0];
};
const featureBoundaries = {
  rules: {
    'no-cross-feature-import': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = path.resolve(context.filename);
        const own = featureOf(file);
        const inLib = !path.relative(LIB_DIR, file).startsWith('..');
        if (own === null && !inLib) return {};
        const check = (node) => {
          const source = node?.value;
          if (typeof source !== 'string') return;
          let target = null;
          if (source.startsWith('.')) target = featureOf(path.resolve(path.dirname(file), source));
          else if (/^@\/features\//.test(source)) target = source.split('/')[2];
          if (target === null || target === own) return;
          context.report({
            node,
            message: inLib
              ? `lib/ must not import the feature '${target}'; features build on lib, not the other way round.`
              : `The feature '${own}' must not import the feature '${target}'; move shared code to lib/ or the domain package.`,
          });
        };
        return {
          ImportDeclaration: (n) => check(n.source),
          ExportNamedDeclaration: (n) => check(n.source),
          ExportAllDeclaration: (n) => check(n.source),
          ImportExpression: (n) => check(n.source),
        };
      },
    },
    // Shared code flows lib -> features -> app (issue 35): the app lists the features (app/features.ts)
    // and hands their contributions down (lib/contributions.ts), so nothing below it imports app/.
    'no-app-import': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = path.resolve(context.filename);
        const check = (node) => {
          const source = node?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          if (path.relative(APP_DIR, path.resolve(path.dirname(file), source)).startsWith('..')) return;
          context.report({
            node,
            message:
              'features/ and lib/ must not import app/: render a slot or a desk (lib/slots.tsx, lib/contributions.ts) that a feature fills in its module.ts.',
          });
        };
        return {
          ImportDeclaration: (n) => check(n.source),
          ExportNamedDeclaration: (n) => check(n.source),
          ExportAllDeclaration: (n) => check(n.source),
          ImportExpression: (n) => check(n.source),
        };
      },
    },
  },
};

/**
 * Walls between server areas (issue 23): each `apps/server/src/modules/<area>/` shows one face, its
 * `index.ts`, and nothing outside the area imports its other files — resolved on the file system, so
 * `../ledger/post-entry.ts` and `../../modules/ledger/post-entry.ts` are both caught. Two exceptions: an
 * area's `testing.ts` is a second face for tests (`*.test.ts` and other `testing.ts` files), and `app.ts`,
 * the wiring, registers each area's `routes.ts` (no face re-exports its routes).
 */
const SERVER_SRC = path.resolve(import.meta.dirname, 'apps/server/src');
const MODULES_DIR = path.join(SERVER_SRC, 'modules');
const APP_FILE = path.join(SERVER_SRC, 'app.ts');
const areaFileOf = (file) => {
  const rel = path.relative(MODULES_DIR, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [area, ...rest] = rel.split(path.sep);
  return { area, inner: rest.join('/') };
};
const moduleFaces = {
  rules: {
    'only-through-face': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = path.resolve(context.filename);
        const own = areaFileOf(file)?.area ?? null;
        const isTest = /\.test\.ts$/.test(file) || path.basename(file) === 'testing.ts';
        const check = (node) => {
          const source = node?.value;
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = areaFileOf(path.resolve(path.dirname(file), source));
          if (target === null || target.area === own || target.inner === 'index.ts') return;
          if (target.inner === 'testing.ts' && isTest) return;
          if (target.inner === 'routes.ts' && file === APP_FILE) return;
          context.report({
            node,
            message:
              target.inner === 'testing.ts'
                ? `modules/${target.area}/testing.ts 仅供测试使用。An area's testing.ts is for tests (*.test.ts, testing.ts) only.`
                : `请通过 modules/${target.area}/index.ts 引用该模块。Import the area '${target.area}' only through its face, modules/${target.area}/index.ts (export what you need there), not '${target.inner}'.`,
          });
        };
        return {
          ImportDeclaration: (n) => check(n.source),
          ExportNamedDeclaration: (n) => check(n.source),
          ExportAllDeclaration: (n) => check(n.source),
          ImportExpression: (n) => check(n.source),
        };
      },
    },
  },
};

/**
 * One clock (issue 23): server modules and jobs read the time only through `apps/server/src/lib/clock.ts`
 * (`now()`, `chinaToday()`), which the demo seed's `atTime` can set. `new Date(x)` (parsing) is fine.
 */
const CLOCK_MESSAGE =
  '请通过 apps/server/src/lib/clock.ts 读取时间（now() / chinaToday()）。Read the time through apps/server/src/lib/clock.ts (now(), chinaToday()), so the demo clock (atTime) reaches it; China dates through the domain china-time helpers.';
const CLOCK_READS = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK_MESSAGE },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: CLOCK_MESSAGE },
  { selector: "CallExpression[callee.name='Date']", message: CLOCK_MESSAGE },
];

/**
 * One clock again (issue 35): China time is the domain's china-time.ts (and lib/china-time-sql.ts in SQL);
 * an 8-hour offset written anywhere else is a copy of it.
 */
const CHINA_OFFSET_COPIES = [
  "BinaryExpression[operator='*'][left.value=8]:matches([right.value=60], [right.value=3600], [right.value=3600000])",
  'Literal[value=28800]',
  'Literal[value=28800000]',
].map((selector) => ({
  selector,
  message:
    "中国时间请用 @factoring/domain 的 china-time（SQL 用 lib/china-time-sql.ts）。China time comes from the domain's china-time.ts (SQL: lib/china-time-sql.ts), not an 8-hour offset of its own.",
}));

/**
 * Walls for tables (issue 35): a module imports its own area's tables only (scripts/table-walls.mjs says
 * who owns each). The crossings there today are listed in apps/server/src/db/table-walls-baseline.json, each
 * to become a query the owner's face publishes; a new one fails here.
 */
const TABLE_OWNERS = tableOwners();
const TABLE_BASELINE = readBaseline();
const tableWalls = {
  rules: {
    'own-tables-only': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const area = areaOf(context.filename);
        return {
          ImportDeclaration(node) {
            if (!area || node.importKind === 'type' || !isSchemaImport(node.source.value)) return;
            for (const spec of node.specifiers) {
              if (spec.type !== 'ImportSpecifier' || spec.importKind === 'type') continue;
              const table = spec.imported.name;
              const owner = TABLE_OWNERS[table];
              if (!owner || owner === area || TABLE_BASELINE[area]?.includes(table)) continue;
              context.report({
                node: spec,
                message: `${table} 属于 ${owner}：请通过 modules/${owner}/index.ts 公开的查询读取。The table ${table} is ${owner}'s: read it through a query modules/${owner}/index.ts publishes, not the table (issue 35, scripts/table-walls.mjs).`,
              });
            }
          },
        };
      },
    },
  },
};

/** Nothing below the wiring imports app.ts (issue 23): routes take the AppContext from context.ts. */
const NO_APP_IMPORT = { group: ['**/app.ts'], message: '请从 context.ts 取 AppContext。Take AppContext from context.ts, not app.ts.' };

/**
 * The lending products of issue 22: each uses the lending core, none another product. A product is a module with a
 * `lending-product.ts` (the one it registers in app.ts), found here, so a new one is walled off without an entry;
 * purchase/sales, which finances nothing itself, is held to the same rule. The core (`financing`) is not a product.
 */
const LENDING_PRODUCTS = [
  ...readdirSync(MODULES_DIR).filter((m) => m !== 'financing' && existsSync(path.join(MODULES_DIR, m, 'lending-product.ts'))),
  'purchase-sales',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results*/**',
      '.e2e-data*/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // bulletproof-react: a feature never reaches into another feature, and lib/ into none.
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    plugins: { 'feature-boundaries': featureBoundaries },
    rules: { 'feature-boundaries/no-cross-feature-import': 'error', 'feature-boundaries/no-app-import': 'error' },
  },
  {
    // Each operation defined once (issue 23): pages and the shell call the API only through the typed
    // client (lib/api-client.ts) with an endpoint of the contract — never `request` with a URL.
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/request.ts'],
              importNames: ['request'],
              message:
                '请通过 lib/api-client.ts 调用契约中的接口。Call the API through lib/api-client.ts with an endpoint of the contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared code flows one way (issue 23): lib/ and plugins/ sit below every business module, and
    // nothing below the wiring imports app.ts (routes take the AppContext from context.ts).
    files: ['apps/server/src/lib/**/*.ts', 'apps/server/src/plugins/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/modules/**'], message: 'lib/ 与 plugins/ 不依赖业务模块。lib/ and plugins/ import no business module.' },
            NO_APP_IMPORT,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/jobs/**/*.ts', 'apps/server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_APP_IMPORT] }] },
  },
  {
    // Walls (issue 23): another area is reached only through its face, modules/<area>/index.ts — from the
    // modules, the seed, jobs, commands and the wiring alike (app.ts also registers routes.ts files).
    files: ['apps/server/src/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'module-faces': moduleFaces },
    rules: { 'module-faces/only-through-face': 'error' },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing.ts'],
    plugins: { 'table-walls': tableWalls },
    rules: { 'table-walls/own-tables-only': 'error' },
  },
  {
    // One clock (issue 23): no `new Date()` / `Date.now()` in server modules and jobs, tests aside.
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/jobs/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing.ts'],
    rules: { 'no-restricted-syntax': ['error', ...CLOCK_READS, ...CHINA_OFFSET_COPIES] },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{js,mjs}'],
    ignores: [
      'apps/server/src/modules/**/*.ts',
      'apps/server/src/jobs/**/*.ts',
      'apps/web/src/**/*.tsx',
      'packages/domain/src/china-time.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...CHINA_OFFSET_COPIES] },
  },
  {
    // The modules' tests may read the real clock, never copy China's offset.
    files: ['apps/server/src/modules/**/*.test.ts', 'apps/server/src/modules/**/testing.ts', 'apps/server/src/jobs/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...CHINA_OFFSET_COPIES] },
  },
  {
    // A test starts the server or a command from the run's bundle (issue 34): a start to /readyz costs 9.6 CPU s through tsx,
    // 4.0 from the bundle (bench/server-start.ts). apps/server/src/test/server-command.ts and e2e/server-command.ts say how.
    files: ['apps/server/src/**/*.test.ts', 'e2e/**/*.ts'],
    ignores: ['e2e/server-command.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ArrayExpression > Literal[value='tsx']",
          message:
            "Start the server or a command from the run's bundle: serverCommand('main' | 'cli/…') (apps/server/src/test/server-command.ts) in an API test, SERVER_ARGS (e2e/server-command.ts) in a journey.",
        },
        ...CHINA_OFFSET_COPIES,
      ],
    },
  },
  {
    // The web tests share one jsdom and module graph per worker (vitest.config.ts, issue 34): a module mock needs a file
    // of its own (`*.isolated.test.tsx`), and a global stub is made where `unstubGlobals` undoes it before the next test.
    files: ['apps/web/src/**/*.test.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.isolated.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: 'A web test that mocks a module runs in a process of its own: name it *.isolated.test.tsx (vitest.config.ts).',
        },
        {
          selector:
            "CallExpression[callee.name='beforeAll'] CallExpression[callee.object.name='vi'][callee.property.name='stubGlobal'], Program > ExpressionStatement > CallExpression[callee.object.name='vi'][callee.property.name='stubGlobal']",
          message: 'Stub a global in beforeEach or in the test: unstubGlobals undoes it before every test (vitest.config.ts).',
        },
        ...CHINA_OFFSET_COPIES,
      ],
    },
  },
  {
    // Accessibility (issue 24): controls antd renders without a name get one in the page.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Progress']:not(:has(JSXAttribute[name.name='aria-label']))",
          message: '进度条需要 aria-label（读屏软件读出它是什么的进度）。A Progress needs an aria-label naming what it measures.',
        },
        {
          // A field outside a Form.Item with a name (or htmlFor) has no <label> bound to it: its name is its
          // aria-label (a placeholder is no name).
          // A wrapper that spreads its props takes the name from its caller.
          selector:
            "JSXOpeningElement:matches([name.name='Select'], [name.name='DatePicker'], [name.name='RangePicker'], [name.name='Cascader'], [name.name='InputNumber'], [name.name='Input'], [name.object.name='Input'], [name.object.name='DatePicker'], [name.name='DateRangePicker'], [name.name='TrimInput'], [name.name='TermInput']):not(:has(JSXSpreadAttribute)):not(:has(JSXAttribute[name.name=/^(aria-label|aria-labelledby|id)$/])):not(JSXElement:has(> JSXOpeningElement[name.object.name='Form'][name.property.name='Item']:has(JSXAttribute[name.name=/^(name|htmlFor)$/])) JSXOpeningElement)",
          message: '表单项之外的输入框需要 aria-label。A field outside a Form.Item needs an aria-label (a placeholder is not a name).',
        },
        ...CHINA_OFFSET_COPIES,
      ],
    },
  },
  // The lending products never import one another (issue 22): supply loans, goods pledge, the bank
  // cloud loan and purchase/sales share the lending core (modules/financing) and meet only through
  // the ports of financing/ports.ts, wired in app.ts — no product imports another's files, its
  // index.ts included.
  ...LENDING_PRODUCTS.map((product) => ({
    files: [`apps/server/src/modules/${product}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...LENDING_PRODUCTS.filter((other) => other !== product).map((other) => ({
              group: [`**/${other}`, `**/${other}/*`],
              message: `${product} does not import ${other}: share through modules/financing (the lending core) or a port wired in app.ts.`,
            })),
            NO_APP_IMPORT,
          ],
        },
      ],
    },
  })),
);
