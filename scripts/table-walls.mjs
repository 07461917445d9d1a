// Walls for tables (issue 35): which area owns each table, and which modules import another area's table.
// A table is owned by the area its schema file is named for. The lint rule (eslint.config.js,
// `table-walls/own-tables-only`) refuses a module's import of another area's table unless the baseline lists
// it — empty since the last crossings became queries the owners' faces publish; none may be added.
//   node scripts/table-walls.mjs              prints every crossing, the count and the pairs of areas
//   node scripts/table-walls.mjs --baseline   rewrites the baseline from the code (only ever to shrink it)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMA = path.join(ROOT, 'apps/server/src/db/schema');
const MODULES = path.join(ROOT, 'apps/server/src/modules');
export const BASELINE_FILE = path.join(ROOT, 'apps/server/src/db/table-walls-baseline.json');

/**
 * Schema files whose name is not their owner's module: each table lives in its owner's file (issue 35). Every
 * other schema file is owned by the module it is named for (`pledge.ts` by `modules/pledge`), so a new area's
 * schema file needs no entry here.
 */
const NAMED_OTHERWISE = {
  'confirmations.ts': 'receivables',
  'identity.ts': 'account',
  'loan.ts': 'financing',
  'loan-instalments.ts': 'financing',
  'operations.ts': 'jobs',
  'pledge-delivery.ts': 'pledge',
  'portal.ts': 'menus',
  'rate-limits.ts': 'plugins',
  'registry.ts': 'receivables',
  'transfer-vouchers.ts': 'financing',
};

/** The owner of every schema file: named otherwise, or the module of its name; a file with neither has none. */
const FILE_OWNERS = Object.fromEntries(
  readdirSync(SCHEMA)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .flatMap((file) => {
      const owner = NAMED_OTHERWISE[file] ?? (existsSync(path.join(MODULES, file.slice(0, -3))) ? file.slice(0, -3) : undefined);
      return owner ? [[file, owner]] : [];
    }),
);

export { FILE_OWNERS };

export function tableOwners() {
  const owners = {};
  for (const file of readdirSync(SCHEMA)) {
    if (!FILE_OWNERS[file]) continue;
    const text = readFileSync(path.join(SCHEMA, file), 'utf8');
    for (const [, name] of text.matchAll(/export const (\w+) = pgTable\(/g)) owners[name] = FILE_OWNERS[file];
  }
  return owners;
}

/** The area of a module file (`apps/server/src/modules/<area>/…`), or null outside the modules. */
export function areaOf(filename) {
  const rel = path.relative(MODULES, path.resolve(filename));
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0];
}

export const isSchemaImport = (source) => /\/db\/schema(\/index)?(\.ts)?$|\/db\/schema\/[\w-]+\.ts$/.test(source);

export function readBaseline() {
  try {
    return JSON.parse(readFileSync(BASELINE_FILE, 'utf8'));
  } catch {
    return {};
  }
}

/** The module files the walls concern: every non-test source file, test faces (`testing.ts`) left out. */
function moduleFiles(dir = MODULES) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && entry.name !== 'testing.ts' ? [full] : [];
  });
}

/** Every module file's value imports of another area's tables: [{ file, area, table, owner }]. */
export function crossings() {
  const owners = tableOwners();
  const found = [];
  for (const full of moduleFiles()) {
    const text = readFileSync(full, 'utf8');
    for (const [, names, source] of text.matchAll(/import\s+(?!type\b)\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
      if (!isSchemaImport(source)) continue;
      const area = areaOf(full);
      for (const raw of names.split(',')) {
        const name = raw.trim().replace(/^type\s+/, '');
        if (!name || raw.trim().startsWith('type ')) continue;
        const owner = owners[name.split(/\s+as\s+/)[0]];
        if (owner && owner !== area) found.push({ file: path.relative(ROOT, full), area, table: name, owner });
      }
    }
  }
  return found;
}

/** Every table's SQL name (`pgTable('pledge_financings', …)`) → its owning area. */
export function sqlTableOwners() {
  const owners = {};
  for (const [file, owner] of Object.entries(FILE_OWNERS))
    for (const [, name] of readFileSync(path.join(SCHEMA, file), 'utf8').matchAll(/pgTable\(\s*'(\w+)'/g)) owners[name] = owner;
  return owners;
}

/**
 * Areas that read other areas' tables in SQL by design: the backup copies and verifies the whole database, the
 * files of uploads and contracts included — it is the database's, not an area's.
 */
export const READS_EVERY_TABLE = new Set(['backup']);

/**
 * Raw SQL's reads of another area's table, which the import rule cannot see (`from journal_lines` in a
 * `sql\`…\`` text): [{ file, area, table, owner }], comments left out. What is left is listed in
 * RAW_SQL_BASELINE (which only shrinks); anything else fails scripts/table-walls.test.mjs.
 */
export function rawSqlCrossings() {
  const owners = sqlTableOwners();
  const found = [];
  for (const full of moduleFiles()) {
    const area = areaOf(full);
    if (READS_EVERY_TABLE.has(area)) continue;
    const text = readFileSync(full, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:])\/\/.*$/gm, '$1');
    const seen = new Set();
    for (const [, table] of text.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_]+)"?/gi)) {
      const owner = owners[table];
      if (owner && owner !== area && !seen.has(table)) {
        seen.add(table);
        found.push({ file: path.relative(ROOT, full), area, table, owner });
      }
    }
  }
  return found;
}

/**
 * The raw SQL reads across a wall still in the code: the ledger check proves the ledger's caches against the
 * funds' and the pledge's own records (pending withdrawals, controlled tranches and their targeted payments,
 * margins held) — to become checks those areas contribute. Only ever shrinks.
 */
export const RAW_SQL_BASELINE = [
  'ledger: controlled_tranches',
  'ledger: pledge_financings',
  'ledger: targeted_payments',
  'ledger: withdrawals',
];

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const all = crossings();
  const pairs = new Set(all.map((c) => `${c.area} → ${c.owner}`));
  if (process.argv.includes('--baseline')) {
    const baseline = {};
    for (const c of all) (baseline[c.area] ??= new Set()).add(c.table);
    const sorted = Object.fromEntries(
      Object.keys(baseline)
        .sort()
        .map((a) => [a, [...baseline[a]].sort()]),
    );
    writeFileSync(BASELINE_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
  }
  for (const c of all) console.log(`${c.file}: ${c.table} (${c.owner})`);
  console.log(`${all.length} imports of another area's table, in ${pairs.size} pairs of areas`);
  const raw = rawSqlCrossings();
  for (const c of raw) console.log(`${c.file}: SQL reads ${c.table} (${c.owner})`);
  console.log(`${raw.length} raw SQL reads of another area's table (backup, which copies the whole database, left out)`);
}
