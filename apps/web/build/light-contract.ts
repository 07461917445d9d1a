// The API contract as the browser needs it (issue 24's first-load budget).
//
// An operation of the contract (packages/domain/src/contract) is built from zod schemas, and the web's
// typed client reads only its method, path, tag and body type (apps/web/src/lib/api-client.ts): the
// server validates. Bundled as written, every page that calls the API carried zod and its area's
// schemas — 26 KB on the wire on every logged-in page.
//
// So in the web build an area module of the contract, imported through `@factoring/domain/contract`,
// is replaced by what it is to the client: the module is evaluated once at build time (the very objects
// the server registers) and re-emitted with each operation reduced to the fields the client reads, and
// its plain constants (labels, limits, patterns) as literals. Schemas are not in it: a form that
// validates in the browser imports them from `@factoring/domain/contract/schemas`, the contract as
// written, which only that form's chunk then carries. A schema imported from the light barrel is a
// missing export, and the build fails. Types are untouched: the type checker reads the source.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** What the client reads of an operation (api-client.ts `send`, `keyOf`); the answer only when it is a file. */
const CLIENT_FIELDS = ['method', 'path', 'tag', 'bodyType'] as const;

/** The id suffix of a contract module as written (imported through the schemas entry). */
export const FULL = '?full-contract';

type Operation = Record<string, unknown>;

const isOperation = (value: unknown): value is Operation =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Operation).method === 'string' &&
  typeof (value as Operation).path === 'string';

/** An export made only of operations (`authApi = { login: endpoint(...), ... }`). */
const isOperationGroup = (value: unknown): value is Record<string, Operation> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).length > 0 &&
  Object.values(value).every(isOperation);

/** One operation as the client needs it. */
export function lightOperation(operation: Operation): Record<string, unknown> {
  const light: Record<string, unknown> = {};
  for (const field of CLIENT_FIELDS) if (operation[field] !== undefined) light[field] = operation[field];
  const answer = operation.answer;
  if (typeof answer === 'object' && answer !== null && 'binary' in answer) light.answer = { binary: answer.binary };
  return light;
}

/** A constant as source text, or undefined when it is not plain data (a schema, a function, a class instance). */
export function literal(value: unknown): string | undefined {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return JSON.stringify(value);
  if (value instanceof RegExp) return value.toString();
  if (Array.isArray(value)) {
    const items = value.map(literal);
    return items.every((i) => i !== undefined) ? `[${items.join(',')}]` : undefined;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return undefined;
    const entries = Object.entries(value).map(([k, v]) => [k, literal(v)] as const);
    return entries.every(([, v]) => v !== undefined) ? `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}` : undefined;
  }
  return undefined;
}

/** The module that replaces an area module of the contract, from that module's evaluated exports. */
export function lightModule(exports: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [name, value] of Object.entries(exports)) {
    if (name === 'default') continue;
    const text = isOperationGroup(value)
      ? JSON.stringify(Object.fromEntries(Object.entries(value).map(([key, op]) => [key, lightOperation(op)])))
      : literal(value);
    if (text !== undefined) lines.push(`export const ${name} = ${text};`);
  }
  return lines.join('\n');
}

/**
 * The Vite plugin. `contractDir` is packages/domain/src/contract; `evaluate` runs a module there in
 * the build's Node (tsx).
 */
export function lightContract(contractDir: string, evaluate: (file: string) => Promise<Record<string, unknown>>): Plugin {
  const schemasEntry = path.join(contractDir, 'schemas.ts');
  /** A module of the contract: a file of the folder, or of an area's own folder (`supplyloan/platforms.ts`). */
  const inContract = (id: string) => {
    const relative = path.relative(contractDir, id.replace(FULL, ''));
    return !relative.startsWith('..') && !path.isAbsolute(relative);
  };
  const isFull = (id: string) => id.endsWith(FULL) || id === schemasEntry;
  const barrel = path.join(contractDir, 'index.ts');
  /**
   * The barrel with each name re-exported from its module by name, not `export *` (which kept every area).
   * An area is a module of the folder (`./auth.ts`) or a folder's index (`./supplyloan/index.ts`).
   */
  async function lightBarrel(file: string) {
    const source = await readFile(file, 'utf8');
    const lines: string[] = [];
    for (const m of source.matchAll(/^export \* from '(\.\/[\w-]+(?:\/index)?\.ts)';$/gm)) {
      const module = path.join(contractDir, m[1]);
      const exports = await evaluate(module);
      const names = Object.values(exports).some(isOperationGroup)
        ? Object.keys(exports).filter(
            (name) => name !== 'default' && (isOperationGroup(exports[name]) || literal(exports[name]) !== undefined),
          )
        : Object.keys(exports).filter((name) => name !== 'default');
      if (names.length) lines.push(`export { ${names.join(', ')} } from ${JSON.stringify(m[1])};`);
    }
    return { code: lines.join('\n'), moduleType: 'js' as const, moduleSideEffects: false };
  }
  return {
    name: 'factoring:light-contract',
    apply: 'build',
    enforce: 'pre',
    // Inside the contract as written, every import of the contract stays as written.
    async resolveId(source, importer) {
      if (!importer || !isFull(importer) || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer.replace(FULL, ''), { skipSelf: true });
      if (!resolved || !inContract(resolved.id) || resolved.id.endsWith(FULL)) return null;
      return resolved.id + FULL;
    },
    async load(id) {
      if (!inContract(id) || id.endsWith('.test.ts')) return null;
      if (isFull(id)) return null;
      if (id === barrel) return lightBarrel(id);
      const exports = await evaluate(id);
      if (!Object.values(exports).some(isOperationGroup)) return null;
      return { code: lightModule(exports), moduleType: 'js', moduleSideEffects: false };
    },
  };
}

/** Evaluates a contract module with tsx (the build runs in plain Node). */
export async function evaluateWithTsx(file: string): Promise<Record<string, unknown>> {
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport(pathToFileURL(file).href, import.meta.url)) as Record<string, unknown>;
}
