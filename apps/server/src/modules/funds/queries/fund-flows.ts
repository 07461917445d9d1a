import type { FundFlow } from '@factoring/domain';
import type { FlowFilters } from '@factoring/domain/contract';
import { inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  FLOW_TYPE_LABELS,
  USER_FLOW_TYPES,
  addDays,
  addMonths,
  chinaDate,
  chinaStartOfDay,
  maskBankAccount,
  type FlowType,
} from '@factoring/domain';
import type { Db } from '../../../db/client.ts';
import { columnsOf, hotRows, isoOfMs, preparedRows, timestampMs, type HotRow } from '../../../db/hot-rows.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../../lib/paging.ts';
import { ownedBySql, type EnterpriseScope } from '../../../lib/scope.ts';
import * as clock from '../../../lib/clock.ts';
import { chinaMonthSql } from '../../../lib/china-time-sql.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { settlementAccountDirectory } from '../../certification/index.ts';
import { journalLineDirectory, ledgerAccountDirectory, refNoOf } from '../../ledger/index.ts';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

const NEWEST_FIRST = sql.raw('created_at desc nulls last, id desc nulls last');
/** The exact reverse of NEWEST_FIRST, so the same index serves it scanned backwards. */
const OLDEST_FIRST = sql.raw('created_at asc nulls first, id asc nulls first');
/** Spelled as the partial index's predicate, literally, so the planner matches it (FLOW_BUCKETS). */
const FLOW_PARTS = sql.raw(`bucket in ('AVAILABLE', 'CONTROLLED')`);

/**
 * The enterprise's fund flows are the ledger lines on its available and controlled parts: the frozen
 * and margin parts' lines are internal (each mirrors a line on the available part, so a withdrawal or a
 * margin shows once). The partial index journal_lines_flows serves every list below; the literal
 * predicate `bucket in ('AVAILABLE', 'CONTROLLED')` lets the planner match it, and the order is spelled
 * exactly as the index is built (`desc nulls last`; plain `desc` means nulls first and would not use it).
 */
function whereOf(scope: EnterpriseScope, f: FlowFilters): { where: SQL; filtered: boolean } {
  const parts: SQL[] = [ownedBySql(scope, sql.raw('enterprise_id')), FLOW_PARTS];
  let filtered = false;
  if (f.type) {
    const types = f.type
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    for (const t of types) if (!(USER_FLOW_TYPES as readonly string[]).includes(t)) throw new BusinessError(`资金流水类型不正确：${t}`);
    if (types.length) {
      parts.push(
        sql`flow_type in (${sql.join(
          types.map((t) => sql`${t}`),
          sql`, `,
        )})`,
      );
      filtered = true;
    }
  }
  if (f.direction) {
    parts.push(sql`side = ${f.direction === 'IN' ? 'C' : 'D'}`);
    filtered = true;
  }
  if (f.startDate && f.endDate && f.startDate > f.endDate) throw new BusinessError('开始日期不能晚于结束日期');
  if (f.startDate) {
    parts.push(sql`created_at >= ${chinaStartOfDay(f.startDate).toISOString()}::timestamptz`);
    filtered = true;
  }
  if (f.endDate) {
    parts.push(sql`created_at < ${chinaStartOfDay(addDays(f.endDate, 1)).toISOString()}::timestamptz`);
    filtered = true;
  }
  return { where: sql.join(parts, sql` and `), filtered };
}

/** The columns of a fund flow; rows are read as arrays in this order (db/hot-rows.ts). */
const FLOW_FIELDS = {
  id: journalLineDirectory.id,
  entryId: journalLineDirectory.entryId,
  flowType: journalLineDirectory.flowType,
  side: journalLineDirectory.side,
  amount: journalLineDirectory.amount,
  bucket: journalLineDirectory.bucket,
  counterpartyName: journalLineDirectory.counterpartyName,
  counterpartyAccount: journalLineDirectory.counterpartyAccount,
  memo: journalLineDirectory.memo,
  createdAt: journalLineDirectory.createdAt,
};
const AT = columnsOf(FLOW_FIELDS);

/**
 * A counterparty's account as every answer shows it (issue 24, one rule with the whitelist): its last four
 * digits only — in the list, the Excel export (built from the export answer) and 上下游资金.
 */
const maskedAccount = (v: unknown): string | null => (typeof v === 'string' && v ? maskBankAccount(v) : null);

function toFlow(r: HotRow): FundFlow {
  const entryId = Number(r[AT.entryId]);
  const createdAt = timestampMs(r[AT.createdAt]);
  const flowType = r[AT.flowType] as string;
  return {
    id: Number(r[AT.id]),
    entryId,
    refNo: refNoOf(entryId, new Date(createdAt)),
    createdAt: isoOfMs(createdAt),
    flowType,
    typeLabel: FLOW_TYPE_LABELS[flowType as FlowType] ?? flowType,
    direction: r[AT.side] === 'C' ? 'IN' : 'OUT',
    amount: Number(r[AT.amount]),
    bucket: r[AT.bucket] as FundFlow['bucket'],
    counterpartyName: r[AT.counterpartyName] as string | null,
    counterpartyAccount: maskedAccount(r[AT.counterpartyAccount]),
    memo: r[AT.memo] as string | null,
  };
}

/**
 * How deep (in rows from the nearer end of the list) a page may reach. Pages are read from whichever
 * end is nearer, skipping rows on the index alone, so the first and the last page cost the same; the
 * middle of a list of millions is refused with a message rather than scanned (issue 11).
 */
export const MAX_PAGE_DEPTH = 300_000;

/** The rows of one page: the page's ids are found on the index alone, then only those rows are read. */
function pageOf(db: Db, where: SQL, fromOldest: boolean, take: number | Placeholder, skip: number | Placeholder) {
  const ids = db
    .select({ id: journalLineDirectory.id })
    .from(journalLineDirectory)
    .where(where)
    .orderBy(fromOldest ? OLDEST_FIRST : NEWEST_FIRST)
    .limit(take)
    .offset(skip);
  return db.select(FLOW_FIELDS).from(journalLineDirectory).where(inArray(journalLineDirectory.id, ids)).orderBy(NEWEST_FIRST);
}

/** An enterprise's line count from the cached counts on its available and controlled accounts. */
const cachedTotal = (db: Db, enterpriseId: Placeholder) =>
  db
    .select({ n: sql<number>`coalesce(sum(${ledgerAccountDirectory.lineCount}), 0)::bigint` })
    .from(ledgerAccountDirectory)
    .where(
      sql`${ledgerAccountDirectory.enterpriseId} = ${enterpriseId} and ${ledgerAccountDirectory.bucket} in ('AVAILABLE', 'CONTROLLED')`,
    );

type PageValues = { enterpriseId: number; take: number; skip: number };
interface PreparedList {
  total(values: { enterpriseId: number }): Promise<HotRow[]>;
  newest(values: PageValues): Promise<HotRow[]>;
  oldest(values: PageValues): Promise<HotRow[]>;
}
const preparedLists = new WeakMap<Db, PreparedList>();

/**
 * The unfiltered list — what every visit to the page asks for — as prepared statements, built once
 * per database (issue 11, the lean request path): no query building per request, and PostgreSQL
 * parses each statement once per connection. The enterprise is a parameter filled from the caller's
 * scope on every call.
 */
function preparedListOf(db: Db): PreparedList {
  let p = preparedLists.get(db);
  if (!p) {
    const enterpriseId = sql.placeholder('enterpriseId');
    const own = sql`enterprise_id = ${enterpriseId} and ${FLOW_PARTS}`;
    const take = sql.placeholder('take');
    const skip = sql.placeholder('skip');
    p = {
      total: preparedRows(db, 'fund_flows_total', cachedTotal(db, enterpriseId)),
      newest: preparedRows(db, 'fund_flows_page_newest', pageOf(db, own, false, take, skip)),
      oldest: preparedRows(db, 'fund_flows_page_oldest', pageOf(db, own, true, take, skip)),
    };
    preparedLists.set(db, p);
  }
  return p;
}

/**
 * One page of the enterprise's fund flows, newest first. The total of an unfiltered list comes from
 * the accounts' cached line counts (kept in the posting transaction), so it costs the same at a
 * million lines as at ten thousand; a filtered total counts over the index. Knowing the total first
 * lets a page in the older half be read from the oldest end; the skipped rows are walked on the
 * index only (`id in (…)`), and only the page's own rows are read from the table.
 */
export async function listFundFlows(
  db: Db,
  scope: EnterpriseScope,
  q: PageQuery & FlowFilters,
): Promise<{ items: FundFlow[]; totalCount: number }> {
  const filtered = Boolean(q.type || q.direction || q.startDate || q.endDate);
  const where = filtered ? whereOf(scope, q).where : undefined;
  const enterpriseId = scope.enterpriseId;
  const [c] = where
    ? await hotRows(
        db,
        db
          .select({ n: sql<number>`count(*)::bigint` })
          .from(journalLineDirectory)
          .where(where),
      )
    : await preparedListOf(db).total({ enterpriseId });
  const totalCount = Number(c?.[0] ?? 0);
  const offset = offsetOf(q);
  if (offset >= totalCount) return { items: [], totalCount };
  const fromOldest = offset > totalCount - offset - q.size;
  const skip = fromOldest ? Math.max(0, totalCount - offset - q.size) : offset;
  const take = fromOldest ? Math.min(q.size, totalCount - offset) : q.size;
  if (skip > MAX_PAGE_DEPTH) {
    throw new BusinessError(`流水较多，仅可查看最新或最早的 ${Math.floor(MAX_PAGE_DEPTH / q.size)} 页；其余请按日期筛选后查看`);
  }
  const rows = where
    ? await hotRows(db, pageOf(db, where, fromOldest, take, skip))
    : await (fromOldest ? preparedListOf(db).oldest : preparedListOf(db).newest)({ enterpriseId, take, skip });
  return { items: rows.map(toFlow), totalCount };
}

/** Every flow matching the filters for the Excel export, newest first, up to `limit` rows. */
export async function exportFundFlows(
  db: Db,
  scope: EnterpriseScope,
  f: FlowFilters,
  limit = 20_000,
): Promise<{ items: FundFlow[]; truncated: boolean }> {
  const { where } = whereOf(scope, f);
  const rows = await hotRows(
    db,
    db
      .select(FLOW_FIELDS)
      .from(journalLineDirectory)
      .where(where)
      .orderBy(NEWEST_FIRST)
      .limit(limit + 1),
  );
  return { items: rows.slice(0, limit).map(toFlow), truncated: rows.length > limit };
}

export interface MonthlyFlow {
  month: string;
  inflow: number;
  outflow: number;
}

/** Inflow and outflow per calendar month (China time) for the last `months` months, oldest first, empty months as zero. */
export async function monthlyFundFlows(db: Db, scope: EnterpriseScope, months = 12, now = clock.now()): Promise<MonthlyFlow[]> {
  const firstOfMonth = `${chinaDate(now).slice(0, 7)}-01`;
  const keys: string[] = [];
  for (let i = months - 1; i >= 0; i--) keys.push(addMonths(firstOfMonth, -i).slice(0, 7));
  const from = chinaStartOfDay(`${keys[0]}-01`);
  const rows = rowsOf(
    await db.execute(sql`
      select ${chinaMonthSql(sql.raw('created_at'))} as month,
             coalesce(sum(amount) filter (where side = 'C'), 0)::bigint as inflow,
             coalesce(sum(amount) filter (where side = 'D'), 0)::bigint as outflow
      from ${journalLineDirectory}
      where ${ownedBySql(scope, sql.raw('enterprise_id'))} and ${FLOW_PARTS} and created_at >= ${from.toISOString()}::timestamptz
      group by 1`),
  );
  const byMonth = new Map(rows.map((r) => [String(r.month), r]));
  return keys.map((month) => ({
    month,
    inflow: Number(byMonth.get(month)?.inflow ?? 0),
    outflow: Number(byMonth.get(month)?.outflow ?? 0),
  }));
}

export interface CounterpartyFlow {
  counterpartyName: string;
  counterpartyAccount: string | null;
  relation: 'UPSTREAM' | 'DOWNSTREAM';
  inflow: number;
  outflow: number;
  count: number;
  lastAt: string;
}

/**
 * Flows grouped by counterparty. A counterparty on the enterprise's payee whitelist takes its stated
 * relation; otherwise one the enterprise mostly pays is upstream (a supplier) and one that mostly pays
 * the enterprise is downstream (a customer). Fees and the opening balance have no counterparty; the
 * enterprise's own accounts (withdrawals, top-ups from its own bank account) and 平台内转账 are not trade
 * partners and are left out.
 */
export async function counterpartyFlows(
  db: Db,
  scope: EnterpriseScope,
  f: Pick<FlowFilters, 'startDate' | 'endDate'> & { relation?: 'UPSTREAM' | 'DOWNSTREAM' | '' },
): Promise<{ items: CounterpartyFlow[]; totals: { inflow: number; outflow: number; count: number } }> {
  const { where } = whereOf(scope, { startDate: f.startDate, endDate: f.endDate });
  const rows = rowsOf(
    await db.execute(sql`
      select g.counterparty_name, g.counterparty_account, g.inflow, g.outflow, g.n, g.last_at, p.relation
      from (
        select counterparty_name, counterparty_account,
               coalesce(sum(amount) filter (where side = 'C'), 0)::bigint as inflow,
               coalesce(sum(amount) filter (where side = 'D'), 0)::bigint as outflow,
               count(*)::bigint as n, max(created_at) as last_at
        from ${journalLineDirectory}
        where ${where} and counterparty_name is not null
          -- Not trade partners: withdrawals to the own settlement account and 平台内转账 between platform enterprises,
          and flow_type not in ('WITHDRAWAL', 'TRANSFER_IN', 'TRANSFER_OUT')
          -- nor money from or to the enterprise's own bank accounts (by its name or a settlement account it bound).
          and not exists (
            select 1 from ${enterpriseDirectory}
            where ${enterpriseDirectory.id} = ${journalLineDirectory.enterpriseId}
              and replace(${enterpriseDirectory.name}, ' ', '') = replace(${journalLineDirectory.counterpartyName}, ' ', '')
          )
          and not exists (
            select 1 from ${settlementAccountDirectory}
            where ${settlementAccountDirectory.enterpriseId} = ${journalLineDirectory.enterpriseId}
              and ${settlementAccountDirectory.accountNo} = ${journalLineDirectory.counterpartyAccount}
          )
        group by counterparty_name, counterparty_account
      ) g
      left join lateral (
        select relation from payees
        where ${ownedBySql(scope, sql.raw('enterprise_id'))} and account_no = g.counterparty_account and status in ('ACTIVE', 'DISABLED')
        order by id desc limit 1
      ) p on true
      order by g.outflow + g.inflow desc, g.counterparty_name`),
  );
  const items: CounterpartyFlow[] = rows.map((r) => {
    const inflow = Number(r.inflow);
    const outflow = Number(r.outflow);
    return {
      counterpartyName: String(r.counterparty_name),
      counterpartyAccount: maskedAccount(r.counterparty_account),
      relation: (r.relation as 'UPSTREAM' | 'DOWNSTREAM' | null) ?? (outflow >= inflow ? 'UPSTREAM' : 'DOWNSTREAM'),
      inflow,
      outflow,
      count: Number(r.n),
      lastAt: new Date(r.last_at as string | Date).toISOString(),
    };
  });
  const shown = f.relation ? items.filter((i) => i.relation === f.relation) : items;
  return {
    items: shown,
    totals: {
      inflow: shown.reduce((s, i) => s + i.inflow, 0),
      outflow: shown.reduce((s, i) => s + i.outflow, 0),
      count: shown.reduce((s, i) => s + i.count, 0),
    },
  };
}
