import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enterprises, users } from '../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../test/harness.ts';

/**
 * Scoped data access (issue 9): every operation of the OpenAPI document, called by a second
 * certified enterprise (gouxiao) with the demo enterprise's real record ids in its path, query and
 * body, must give nothing of the demo enterprise back and change none of its rows: 4xx, an ERROR
 * answer, or an OK answer without any of the demo enterprise's data. Both databases.
 */
let t: TestApp;
let other: TestClient;
let demoEnterpriseId: number;
let callerEnterpriseId: number;

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** Every table with a column naming an owning enterprise, and that column. */
async function ownedTables(): Promise<{ table: string; column: string; hasId: boolean }[]> {
  const rows = rowsOf(
    await t.database.db.execute(sql`
      select c.table_name, c.column_name,
             exists (select 1 from information_schema.columns i where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id') as has_id
      from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.column_name like '%enterprise_id'
      order by 1, 2`),
  );
  return rows.map((r) => ({ table: String(r.table_name), column: String(r.column_name), hasId: r.has_id === true || r.has_id === 't' }));
}

/**
 * A digest of every row the demo enterprise owns, table by table. A row the caller is a party to as
 * well (an order between the two) is the caller's business too and is left out.
 */
async function demoFingerprint(): Promise<Record<string, string>> {
  const tables = await ownedTables();
  const out: Record<string, string> = {};
  for (const { table, column } of tables) {
    const parties = tables
      .filter((x) => x.table === table)
      .map((x) => sql`coalesce(${sql.identifier(x.column)}, 0) <> ${callerEnterpriseId}`);
    const [r] = rowsOf(
      await t.database.db.execute(
        sql`select count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as digest from ${sql.identifier(table)} x
            where ${sql.identifier(column)} = ${demoEnterpriseId} and ${sql.join(parties, sql` and `)}`,
      ),
    );
    out[`${table}.${column}`] = `${r.n}:${r.digest}`;
  }
  return out;
}

/** A file of the caller's own enterprise is no leak: its own contract (浙江远航's confirmation letters as the debtor, issue 36). */
async function callersOwnFile(url: string): Promise<boolean> {
  const contract = /^\/api\/contracts\/(\d+)\/file$/.exec(url);
  if (!contract) return false;
  const [row] = rowsOf(await t.database.db.execute(sql`select enterprise_id from contracts where id = ${Number(contract[1])}`));
  return Number(row?.enterprise_id) === callerEnterpriseId;
}

/** Ids of the records an enterprise owns or shares (as either party), table by table. */
async function idsOf(enterpriseId: number, limit: number): Promise<Set<number>> {
  const ids = new Set<number>();
  for (const { table, column, hasId } of await ownedTables()) {
    if (!hasId || table.startsWith('journal_')) continue;
    const rows = rowsOf(
      await t.database.db.execute(
        sql`select id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${enterpriseId} order by id desc limit ${limit}`,
      ),
    );
    for (const r of rows) ids.add(Number(r.id));
  }
  return ids;
}

/** Real ids of the demo enterprise's records: the newest few of every table it owns rows in. */
async function demoIds(): Promise<number[]> {
  return [...(await idsOf(demoEnterpriseId, 6))].filter((id) => Number.isSafeInteger(id) && id > 0).sort((a, b) => a - b);
}

/**
 * Strings only the demo enterprise's private records carry: its credit code, its settlement account,
 * its contract numbers, its payees' account numbers and its legal representative's id card. (Its name
 * and virtual account number are not among them: a counterparty sees those on its own orders and flows.)
 */
async function demoMarkers(): Promise<string[]> {
  const [e] = await t.database.db.select({ uscc: enterprises.uscc }).from(enterprises).where(eq(enterprises.id, demoEnterpriseId));
  const column = async (query: ReturnType<typeof sql>) =>
    rowsOf(await t.database.db.execute(query)).map((r) => String(Object.values(r)[0]));
  const markers = [
    e.uscc,
    ...(await column(sql`select account_no from settlement_accounts where enterprise_id = ${demoEnterpriseId}`)),
    ...(await column(sql`select contract_no from contracts where enterprise_id = ${demoEnterpriseId}`)),
    ...(await column(sql`select account_no from payees where enterprise_id = ${demoEnterpriseId}`)),
    ...(await column(
      sql`select legal_id_card from enterprise_authentications where enterprise_id = ${demoEnterpriseId} and legal_id_card is not null`,
    )),
  ];
  return [...new Set(markers.filter((m): m is string => typeof m === 'string' && m.length >= 8))];
}

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: Record<string, { type?: string; items?: unknown }>;
}

/** Calls that would end the caller's own session or count wrong passwords against it are left out. */
const SKIP = /logout|login|Pwd|password|\/reg\/|\/docs|\/bpm\/|\/operator\//i;

async function operations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: { properties?: Operation['body'] } }> };
        }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (SKIP.test(path)) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema?.properties ?? {},
      });
    }
  }
  return ops;
}

const ID_NAME = /(^id$|Id$)/;
const IDS_NAME = /Ids$/;

/** A plausible value for a field, the demo enterprise's id for every id field. */
function valueFor(name: string, spec: { type?: string }, id: number, password: string): unknown {
  if (name === 'password') return password;
  if (name === 'idempotencyKey') return randomUUID();
  if (ID_NAME.test(name)) return id;
  if (IDS_NAME.test(name)) return [id];
  if (/amount|limit|principal/i.test(name)) return 100;
  if (/Date$/.test(name)) return '2030-01-02';
  if (/accountNo$/i.test(name)) return '6222000011112222';
  if (spec.type === 'boolean') return false;
  if (spec.type === 'integer' || spec.type === 'number') return 1;
  if (spec.type === 'array') return [];
  return '测试填写内容';
}

beforeAll(async () => {
  t = await createTestApp();
  other = await t.loginAs('gouxiao');
  const enterpriseOf = async (loginName: string) =>
    (await t.database.db.select({ enterpriseId: users.enterpriseId }).from(users).where(eq(users.loginName, loginName)))[0].enterpriseId!;
  demoEnterpriseId = await enterpriseOf('demo');
  callerEnterpriseId = await enterpriseOf('gouxiao');
});
afterAll(() => t.close());

describe("another enterprise with the demo enterprise's ids", () => {
  it('gets nothing of the demo enterprise back and changes none of its rows, on every operation', async () => {
    const [ids, markers, ops] = await Promise.all([demoIds(), demoMarkers(), operations()]);
    expect(ids.length).toBeGreaterThan(5);
    expect(markers.length).toBeGreaterThanOrEqual(3);
    const withIds = ops.filter(
      (op) =>
        op.path.includes('{id}') ||
        op.query.some((q) => ID_NAME.test(q)) ||
        Object.keys(op.body).some((k) => ID_NAME.test(k) || IDS_NAME.test(k)),
    );
    expect(withIds.length).toBeGreaterThan(10);

    const before = await demoFingerprint();
    const password = t.encrypt(DEMO_PASSWORD);
    const leaks: string[] = [];
    let requests = 0;
    for (const op of withIds) {
      for (const id of ids) {
        const url = op.path.replace('{id}', String(id));
        const query = Object.fromEntries(op.query.filter((q) => ID_NAME.test(q)).map((q) => [q, id]));
        requests++;
        const res =
          op.method === 'GET'
            ? await other.get(url, query)
            : await other.post(url, Object.fromEntries(Object.entries(op.body).map(([k, spec]) => [k, valueFor(k, spec, id, password)])), {
                json: true,
              });
        const text = res.body;
        const json = String(res.headers['content-type'] ?? '').includes('json');
        if (res.statusCode >= 500) leaks.push(`${op.method} ${url}: HTTP ${res.statusCode}`);
        else if (res.statusCode !== 200 || (json && JSON.parse(text).status === 'ERROR')) continue;
        else if (!json) {
          if (!(await callersOwnFile(url))) leaks.push(`${op.method} ${url}: answered a file (${String(res.headers['content-type'])})`);
        } else {
          const found = markers.find((m) => text.includes(m));
          if (found) leaks.push(`${op.method} ${url}: answered the demo enterprise's ${found}`);
        }
      }
    }
    console.info(`cross-enterprise: ${withIds.length} operations × ${ids.length} demo ids = ${requests} requests`);
    expect(leaks).toEqual([]);
    expect(await demoFingerprint()).toEqual(before);
  }, 300_000);
});
