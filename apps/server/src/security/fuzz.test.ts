/**
 * Issue 10: a schema-driven fuzz of the whole API. It reads the OpenAPI document from the real app
 * and, for every operation, as anonymous, merchant and operator, sends wrong types, missing and extra
 * fields, NUL and control characters, huge and fractional numbers, ids at and past the int4 limit
 * and oversize strings. No answer may be a 5xx, and nothing may change: the row count of every
 * business table and the ledger are compared before and after.
 *
 * Requests stay harmless by construction: every id the fuzz does not break is 2^31 − 1 (valid for
 * the column, never present), so a request that gets past validation finds nothing to act on.
 */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerFingerprint, ledgerProblems } from '../modules/ledger/testing.ts';
import { createTestApp, ORIGIN, type TestApp } from '../test/harness.ts';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  minimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  default?: unknown;
};
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body?: JsonSchema;
}

const MAX_INT4 = 2_147_483_647;
/** Never a caller's own session: ending it would only stop the fuzz from reaching the rest. */
const SKIP_WHEN_LOGGED_IN = new Set(['POST /api/logout']);
/** Rows that reading or a refused call may legitimately write: sessions (last seen), proof-of-work challenges. */
const VOLATILE_TABLES = new Set(['sessions', 'registration_challenges', 'reg_challenges', 'rate_limit_counters', '__drizzle_migrations']);

/**
 * Server errors known on 2026-11-23 in routes not yet on the shared text schema (issue 10 hole 6,
 * being applied route by route): a NUL byte in a query string reaches PostgreSQL. Each entry is
 * printed on every run; delete it when its route adopts `textSchema`. Nothing else may answer 5xx.
 */
const PENDING_SHARED_SCHEMAS = new Set<string>([]);

const NUL = 'a\u0000b';
const CONTROL = 'a\u0007\u001bb';
const OVERSIZE = 'x'.repeat(20_000);
/** Values no field of any type should accept (strings with control characters, wrong types, oversize). */
const ANY_FIELD_BAD: unknown[] = [NUL, CONTROL, OVERSIZE, { nested: true }];
// Past Number.MAX_SAFE_INTEGER (2^53 + 1 reads back as 2^53): no integer field may take it.
const UNSAFE_INTEGER = JSON.parse('9007199254740993') as number;
const NUMBER_BAD: unknown[] = [1.5, 1e308, UNSAFE_INTEGER, '0x10', '1e3', true];
const ID_BAD: unknown[] = [-1, MAX_INT4 + 1, 1.5, '0x10', true];
const STRING_BAD: unknown[] = [12345, [1, 2]];
const PATH_BAD = ['0', '-1', '1.5', String(MAX_INT4 + 1), '9007199254740993', '0x10', 'abc', '%00', 'a%00b'];
const QUERY_BAD = [NUL, CONTROL, 'x'.repeat(5000), '1.5', String(MAX_INT4 + 1), '-1', '0x10'];

const isIdName = (name: string) => /(^id$|Id$|Ids$|_id$)/.test(name);
const typeOf = (s: JsonSchema): string | undefined =>
  (Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type) ?? (s.anyOf ?? s.oneOf)?.map(typeOf).find(Boolean);

/** A value that passes the field's schema where that is easy; ids point at nothing. */
function plausible(name: string, s: JsonSchema): unknown {
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return isIdName(name) ? MAX_INT4 : Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return baseBody(s);
    default:
      return isIdName(name) ? String(MAX_INT4) : 'fuzz';
  }
}

function baseBody(s: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of s.required ?? []) out[name] = plausible(name, s.properties?.[name] ?? {});
  return out;
}

function badValuesFor(name: string, s: JsonSchema): unknown[] {
  const type = typeOf(s);
  if (type === 'integer' || type === 'number') return [...(isIdName(name) ? ID_BAD : NUMBER_BAD), ...ANY_FIELD_BAD, null];
  if (type === 'string') return [...STRING_BAD, ...ANY_FIELD_BAD, ...(isIdName(name) ? ['1.5', String(MAX_INT4 + 1)] : []), null];
  return [...ANY_FIELD_BAD, 1.5, null];
}

function operationsOf(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return ops;
}

interface Probe {
  url: string;
  body?: string;
  what: string;
}

/** Every probe of one operation: broken path params, broken query fields, broken bodies. */
function probesOf(op: Operation): Probe[] {
  const fill = (params: Record<string, string>) => op.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? String(MAX_INT4));
  const qs = (q: Record<string, string>) => {
    const s = Object.entries(q)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    return s ? `?${s}` : '';
  };
  const baseQuery: Record<string, string> = {};
  const baseUrl = fill({});
  const base = op.body ? JSON.stringify(baseBody(op.body)) : undefined;
  const probes: Probe[] = [];
  for (const p of op.pathParams)
    for (const v of PATH_BAD) probes.push({ url: fill({ [p]: v }), body: base, what: `path ${p}=${JSON.stringify(v)}` });
  for (const name of Object.keys(op.query)) {
    for (const v of QUERY_BAD)
      probes.push({ url: baseUrl + qs({ ...baseQuery, [name]: v }), body: base, what: `query ${name}=${JSON.stringify(v).slice(0, 40)}` });
    probes.push({ url: `${baseUrl}?${name}=1&${name}=2`, body: base, what: `query ${name} twice` });
  }
  if (op.method !== 'GET' && op.method !== 'HEAD') {
    const b = op.body;
    probes.push({ url: baseUrl, body: '{}', what: 'body {} (fields missing)' });
    probes.push({
      url: baseUrl,
      body: JSON.stringify({ ...(b ? baseBody(b) : {}), unexpectedField: NUL, constructor: { prototype: { polluted: true } } }),
      what: 'body with extra fields',
    });
    probes.push({ url: baseUrl, body: '{"__proto__":{"polluted":true}}', what: 'body __proto__' });
    for (const raw of ['null', '[]', '"text"', '{', '{"a":"\\ud800"}']) probes.push({ url: baseUrl, body: raw, what: `body ${raw}` });
    for (const [name, schema] of Object.entries(b?.properties ?? {})) {
      for (const v of badValuesFor(name, schema)) {
        probes.push({
          url: baseUrl,
          body: JSON.stringify({ ...baseBody(b!), [name]: v }),
          what: `body ${name}=${JSON.stringify(v)?.slice(0, 40)}`,
        });
      }
    }
  }
  return probes;
}

let t: TestApp;
const cookies: Record<string, string | undefined> = {};

/** Row counts of every table but the volatile ones, in one query. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = (
    (await t.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as {
      rows: { tablename: string }[];
    }
  ).rows
    .map((r) => r.tablename)
    .filter((name) => !VOLATILE_TABLES.has(name));
  // The audit trail records an operator's refused attempts (issue 24): those rows are the one change allowed.
  const refused = (name: string) => (name === 'bpm_audit_log' ? ` where outcome is distinct from 'REFUSED'` : '');
  const union = tables.map((name) => `select '${name}' as t, count(*)::int as n from "${name}"${refused(name)}`).join(' union all ');
  const rows = ((await t.database.db.execute(sql.raw(union))) as unknown as { rows: { t: string; n: number }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000000' });
  cookies.merchant = (await t.loginAs('demo')).cookie;
  cookies.operator = (await t.loginAs('operator')).cookie;
  cookies.anonymous = undefined;
}, 120_000);
afterAll(() => t.close());

describe('schema-driven fuzz of every operation', () => {
  it('answers no 5xx and changes nothing, as anonymous, merchant and operator', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ops = operationsOf(doc);
    expect(ops.length).toBeGreaterThan(50);

    const countsBefore = await rowCounts();
    const ledgerBefore = await ledgerFingerprint(t.database.db);
    const serverErrors: string[] = [];
    const pending: string[] = [];
    const statuses = new Map<number, number>();
    const refused = new Set<string>();
    let requests = 0;
    const started = performance.now();

    for (const role of ['anonymous', 'merchant', 'operator'] as const) {
      for (const op of ops) {
        if (role !== 'anonymous' && SKIP_WHEN_LOGGED_IN.has(`${op.method} ${op.path}`)) continue;
        for (const probe of probesOf(op)) {
          // The caller is authenticated and authorised before anything is validated, so once a role
          // gets 401/403 from an operation every other probe would get the same: one is enough.
          if (refused.has(`${role} ${op.method} ${op.path}`)) break;
          const res: LightMyRequestResponse = await t.app.inject({
            method: op.method as 'GET',
            url: probe.url,
            headers: {
              host: 'portal.test',
              'x-requested-with': 'XMLHttpRequest',
              origin: ORIGIN,
              ...(cookies[role] ? { cookie: cookies[role] } : {}),
              ...(probe.body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(probe.body !== undefined ? { payload: probe.body } : {}),
          });
          requests += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) {
            const where = `${op.method} ${op.path} — ${probe.what}`;
            (PENDING_SHARED_SCHEMAS.has(where) ? pending : serverErrors).push(`${role} ${where} → ${res.statusCode}`);
          }
          if ((res.statusCode === 401 || res.statusCode === 403) && res.json().message !== '请求缺少防伪标记')
            refused.add(`${role} ${op.method} ${op.path}`);
        }
      }
      // A session that a probe ended would hide every later answer behind 401.
      if (role !== 'anonymous') {
        const me = await t.app.inject({
          method: 'GET',
          url: '/api/user/current',
          headers: { host: 'portal.test', cookie: cookies[role]! },
        });
        expect(me.json().message.loginUser, `${role} still logged in`).not.toBeNull();
      }
    }

    const seconds = (performance.now() - started) / 1000;
    console.log(
      `fuzz: ${ops.length} operations × 3 roles, ${requests} requests in ${seconds.toFixed(1)} s (${t.database.kind}); ` +
        `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}; server errors ${serverErrors.length}` +
        (pending.length ? `; ${pending.length} known, pending the shared schemas:\n  ${pending.join('\n  ')}` : ''),
    );
    expect.soft(serverErrors).toEqual([]);
    expect(await rowCounts()).toEqual(countsBefore);
    expect(await ledgerFingerprint(t.database.db)).toBe(ledgerBefore);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  }, 180_000);
});
