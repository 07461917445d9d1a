// Test helpers for the pledge API tests beside pledge.test.ts: real calls through the routes with the
// demo roles, a financing brought to DISBURSED through the real operations, and the snapshot a
// refused request must leave untouched (money ledger, quantity ledger, pledges, release orders).
import { chinaDate, type IsoDate } from '@factoring/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { creditLines, goods, ledgerAccounts, platforms, stockPositions, users } from '../../db/schema/index.ts';
import { DEMO_PLATFORM_CODES } from '../../seed/supplyloan.ts';
import type { Db } from '../../db/client.ts';
import { runStep } from '../../jobs/close-of-business.ts';
import { DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { checkLedger } from '../ledger/index.ts';
import { deposit, newKey } from '../ledger/testing.ts';
import { checkStock } from '../warehouse/index.ts';
import { stockFingerprint, zoneLocationFor } from '../warehouse/testing.ts';
import { pledgeMarginDefaultStep, pledgeOverdueStep } from './jobs/close-of-day.ts';

export { newKey };

/** The pledge's two steps of the close of business for a date, as the daily run takes them. */
export async function closePledgeDay(db: Db, date: IsoDate) {
  const overdue = await runStep(db, pledgeOverdueStep, date);
  const margins = await runStep(db, pledgeMarginDefaultStep, date);
  return { overdue: overdue.overdue, defaults: margins.defaults, skipped: overdue.skipped && margins.skipped };
}

type Response = { statusCode: number; json(): unknown };
export type Answer<T = Record<string, unknown>> = { status: string; message: T; code?: string };
export const body = <T = Record<string, unknown>>(res: Response) => res.json() as Answer<T>;
export const okOf = <T = Record<string, unknown>>(res: Response): T => {
  const b = body<T>(res);
  if (res.statusCode !== 200 || b.status !== 'OK') throw new Error(`expected OK, got ${res.statusCode} ${JSON.stringify(b)}`);
  return b.message;
};

export interface PledgeWorld {
  t: TestApp;
  demo: TestClient;
  op: TestClient;
  /** The second operator (钱核): disburses what `op` approved, approves the prices `op` enters (maker-checker). */
  checker: TestClient;
  keeper: TestClient;
  other: TestClient;
  enterpriseId: number;
  otherEnterpriseId: number;
  lineId: number;
  coilId: number;
  coilPosition: number;
  warehouseId: number;
  locationId: number;
}

/** The demo roles, the demo pledge credit line, the seeded coil position and money to pay margins with. */
export async function pledgeWorld(t: TestApp, margins = 40_000_000): Promise<PledgeWorld> {
  const demo = await t.loginAs('demo');
  const op = await t.loginAs('operator');
  const keeper = await t.loginAs('cangchu');
  const checker = await t.loginAs('fuhe');
  const other = await t.loginAs('gouxiao');
  const db = t.database.db;
  const [me] = await db.select().from(users).where(eq(users.loginName, 'demo'));
  const [them] = await db.select().from(users).where(eq(users.loginName, 'gouxiao'));
  const [platform] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.pledge));
  const [line] = await db
    .select()
    .from(creditLines)
    .where(and(eq(creditLines.platformId, platform!.id), eq(creditLines.enterpriseId, me!.enterpriseId!)));
  const [coil] = await db.select().from(goods).where(eq(goods.name, '热轧卷板'));
  const [pos] = await db
    .select()
    .from(stockPositions)
    .where(and(eq(stockPositions.goodsId, coil!.id), eq(stockPositions.batchNo, 'RB2610-01')));
  await deposit(t, me!.enterpriseId!, margins);
  return {
    t,
    demo,
    op,
    checker,
    keeper,
    other,
    enterpriseId: me!.enterpriseId!,
    otherEnterpriseId: them!.enterpriseId!,
    lineId: line!.id,
    coilId: coil!.id,
    coilPosition: pos!.id,
    warehouseId: pos!.warehouseId,
    locationId: pos!.locationId,
  };
}

export const password = (w: PledgeWorld) => w.t.encrypt(DEMO_PASSWORD);

/** The ledger and the quantity ledger both prove out. */
export async function proven(w: PledgeWorld) {
  expect((await checkLedger(w.t.database.db)).problems).toEqual([]);
  expect((await checkStock(w.t.database.db)).problems).toEqual([]);
}

/** Everything a refused request must leave untouched. */
export async function snapshot(w: PledgeWorld) {
  const db = w.t.database.db;
  const balances = await db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .orderBy(asc(ledgerAccounts.code));
  const rows = await db.execute(
    sql`select (select count(*) from pledge_financings)::int as f,
               (select string_agg(id || ':' || quantity || ':' || released_quantity, ',' order by id) from pledge_items) as i,
               (select string_agg(id || ':' || status || ':' || amount, ',' order by id) from pledge_margin_calls) as c,
               (select string_agg(id || ':' || status || ':' || defaulted || ':' || last_value || ':' || top_up_margin, ',' order by id) from pledge_financings) as s,
               (select string_agg(id || ':' || status || ':' || consumed || ':' || coalesce(receiver::text, '-'), ',' order by id) from release_orders) as r,
               (select count(*) from pledge_sign_persons)::int as sp,
               (select count(*) from pledge_customers)::int as cu`,
  );
  return JSON.stringify({ balances, stock: await stockFingerprint(db), pledges: (rows as unknown as { rows: unknown[] }).rows });
}

/** A refusal: 400 (contract) or an ERROR answer (with `code` when given), and nothing changed. Returns the answer. */
export async function refusedWithoutChange(w: PledgeWorld, call: () => Promise<Response>, code?: string) {
  const before = await snapshot(w);
  const res = await call();
  const b = body(res);
  if (res.statusCode === 200) {
    expect(b.status, JSON.stringify(b)).toBe('ERROR');
    if (code) expect(b.code, JSON.stringify(b)).toBe(code);
  } else expect([400, 404], JSON.stringify(b)).toContain(res.statusCode);
  expect(await snapshot(w)).toBe(before);
  return b;
}

/** Stocks coil in for an enterprise in the demo warehouse (a new batch); answers the position id. */
export async function stockIn(w: PledgeWorld, depositorId: number, batchNo: string, quantity: string, goodsId = w.coilId) {
  const r = okOf<{ positionId: number }>(
    await w.keeper.post(
      '/api/warehouse/stock-in',
      {
        warehouseId: w.warehouseId,
        locationId: goodsId === w.coilId ? w.locationId : await zoneLocationFor(w.t.database.db, w.warehouseId, goodsId),
        depositorId,
        goodsId,
        batchNo,
        quantity,
        occurredOn: chinaDate(),
        documentNo: `RK-${batchNo}`,
        idempotencyKey: newKey(),
      },
      { json: true },
    ),
  );
  return r.positionId;
}

const pendingTask = async (w: PledgeWorld, type: string, refId: number, by: TestClient) => {
  const list = okOf<{ items: { id: number; refId: string }[] }>(await by.get('/api/bpm/tasks', { type, state: 'PENDING', size: 200 }));
  const task = list.items.find((i) => i.refId === String(refId));
  if (!task) throw new Error(`no pending ${type} for ${refId}`);
  return task.id;
};
export const approveTask = async (w: PledgeWorld, type: string, refId: number, by = w.op) =>
  okOf(await by.post(`/api/bpm/tasks/${await pendingTask(w, type, refId, by)}/approve`, { comment: '同意' }));

/** `maker` enters a goods price (cents a unit, with an idempotency key): a PLEDGE_PRICE task, nothing revalued yet. Answers the task id. */
export const enterPrice = async (maker: TestClient, goodsId: number, unitPrice: number, priceDate = chinaDate()) =>
  okOf<{ taskId: number }>(
    await maker.post(
      '/api/bpm/pledge/prices',
      { goodsId, unitPrice, priceDate, source: '测试报价', idempotencyKey: newKey() },
      { json: true },
    ),
  ).taskId;

/** `checker` — another operator — approves an entered price: it takes effect (price list, mark to market). */
export const approvePrice = (checker: TestClient, taskId: number) =>
  checker.post(`/api/bpm/tasks/${taskId}/approve`, { comment: '已核对报价' }, { json: true });

/** A price through four eyes: `maker` enters it, `checker` approves it. Answers the task id. */
export async function priceThroughReview(
  maker: TestClient,
  checker: TestClient,
  goodsId: number,
  unitPrice: number,
  priceDate = chinaDate(),
) {
  const taskId = await enterPrice(maker, goodsId, unitPrice, priceDate);
  okOf(await approvePrice(checker, taskId));
  return taskId;
}

/** A coil price (cents a tonne) in effect: the operator enters it, the second operator approves it. */
export const recordPrice = (w: PledgeWorld, unitPrice: number, priceDate = chinaDate()) =>
  priceThroughReview(w.op, w.checker, w.coilId, unitPrice, priceDate);

/**
 * A financing on `positionId` brought to DISBURSED through the real operations: apply, margin from
 * the account (password), operator approval and disbursement. Answers its id.
 */
export async function disbursedFinancing(w: PledgeWorld, positionId: number, quantity: string, amount: number, termDays = 90) {
  const applied = okOf<{ id: number }>(
    await w.demo.post(
      '/api/pledge/financings',
      { idempotencyKey: newKey(), creditLineId: w.lineId, lines: [{ positionId, quantity }], amount, termDays },
      { json: true },
    ),
  );
  okOf(
    await w.demo.post(`/api/pledge/financings/${applied.id}/margin`, { password: password(w), idempotencyKey: newKey() }, { json: true }),
  );
  // Contracts may have to be signed before approval (another part of issue 14): sign whatever waits.
  await signPending(w);
  await approveTask(w, 'PLEDGE_APPROVAL', applied.id);
  await signPending(w);
  await approveTask(w, 'PLEDGE_DISBURSE', applied.id, w.checker);
  return applied.id;
}

/** Signs every contract of the demo enterprise still to sign (pledge contract, margin agreement), if any. */
async function signPending(w: PledgeWorld) {
  const res = await w.demo.get('/api/contracts', { status: 'TO_SIGN', page: 1, size: 50 });
  if (res.statusCode !== 200) return;
  const list = body<{ items?: { id: number; status: string }[] }>(res).message;
  for (const c of list.items ?? []) {
    if (c.status !== 'TO_SIGN') continue;
    await w.demo.post(`/api/contracts/${c.id}/sign`, { password: password(w) }, { json: true });
  }
}
