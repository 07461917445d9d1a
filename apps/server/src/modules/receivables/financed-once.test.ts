/**
 * Issue 36, "financed once" (PRODUCT §13): the same receivable is refused every time it is financed again —
 * by the same enterprise, by another one, as an order after its invoice or an invoice after its order, or
 * by a racing application — and nothing is booked for the refused one: no financing, no reserved credit,
 * no financed asset, no ledger line. A rejected or cancelled application releases what it held; a settled
 * one never does. The migration's backfill gives what the operations wrote.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { addDays, orderTotals } from '@factoring/domain';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLines, financedAssets, financings } from '../../db/schema/index.ts';
import { chinaToday } from '../../lib/clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ledgerFingerprint } from '../ledger/testing.ts';
import { approveTask, newKey, okOf, refusal, rejectTask, roles, type Applied, type Roles } from '../supplyloan/testing.ts';
import { bureauInvoice, enterpriseOfLogin } from './testing.ts';

let t: TestApp;
let r: Roles;
beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
});
afterAll(() => t?.close());

const today = () => chinaToday();

/** Everything an application books: its financing, the credit it reserves, the assets it holds, the ledger. */
async function booked() {
  const db = t.database.db;
  const [{ n }] = await db.select({ n: count() }).from(financings);
  const [line] = await db
    .select({ reserved: creditLines.reserved, used: creditLines.used })
    .from(creditLines)
    .where(eq(creditLines.id, r.supplyLineId));
  const [{ live }] = await db.select({ live: count() }).from(financedAssets).where(ne(financedAssets.status, 'RELEASED'));
  return { financings: n, reserved: line.reserved, used: line.used, assets: live, ledger: await ledgerFingerprint(db) };
}

/** A 数电票 the bureau knows, registered by the demo supplier and verified by the operator: its id. */
async function verified(amount: number, extra: Record<string, unknown> = {}) {
  const inv = await bureauInvoice(t, { amount, orderNo: extra.orderNo as string | undefined });
  const reg = okOf<{ id: number; verification: { outcome: string } }>(
    await r.demo.post('/api/supplyloan/invoices', { ...inv, ...extra }, { json: true }),
  );
  expect(reg.verification.outcome).toBe('NORMAL');
  okOf(await approveTask(r.operator, 'INVOICE_VERIFY', reg.id, '已查验'));
  return { id: reg.id, ...inv };
}

const applyInvoice = (invoiceIds: number[], amount: number) =>
  r.demo.post(
    '/api/supplyloan/financings',
    { creditLineId: r.supplyLineId, invoiceIds, amount, termDays: 60, idempotencyKey: newKey() },
    { json: true },
  );

const applyOrder = (orderNo: string, orderAmount: number, amount: number, deliveryDate = addDays(today(), 30)) =>
  r.demo.post(
    '/api/supplyloan/orderLoans',
    {
      creditLineId: r.supplyLineId,
      orderNo,
      orderAmount,
      deliveryDate,
      amount,
      termDays: 60,
      idempotencyKey: newKey(),
    },
    { json: true },
  );

describe('the same invoice financed twice', () => {
  it('by the same enterprise: the second application is refused and books nothing', async () => {
    const inv = await verified(50_000_00);
    okOf<Applied>(await applyInvoice([inv.id], 40_000_00));
    const before = await booked();
    expect(refusal(await applyInvoice([inv.id], 40_000_00))).toMatch(/已融资/);
    expect(await booked()).toEqual(before);
  });

  it('by another enterprise: its registration of the same invoice is refused and books nothing', async () => {
    const inv = await verified(30_000_00);
    okOf<Applied>(await applyInvoice([inv.id], 20_000_00));
    const other = await t.loginAs('gouxiao');
    const zhongjian = await t.database.db.execute(sql`select core_enterprise_id as id from platforms where code = 'ZJ-SUPPLY'`);
    const core = Number((zhongjian as unknown as { rows: { id: number }[] }).rows[0].id);
    const before = await booked();
    const [{ n: checksBefore }] = (
      (await t.database.db.execute(sql`select count(*)::int as n from invoice_checks`)) as unknown as { rows: { n: number }[] }
    ).rows;
    const res = await other.post('/api/supplyloan/invoices', { ...inv, id: undefined, buyerEnterpriseId: core }, { json: true });
    expect(refusal(res)).toMatch(/已登记/);
    expect(await booked()).toEqual(before);
    // Refused before the bureau was asked: a duplicate does not spend the invoice's daily checks.
    const [{ n: checksAfter }] = (
      (await t.database.db.execute(sql`select count(*)::int as n from invoice_checks`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(checksAfter).toBe(checksBefore);
  });

  it('an order, then an invoice billing it: the invoice financing is refused and books nothing', async () => {
    const orderNo = `PO-${Date.now()}`;
    okOf<Applied>(await applyOrder(orderNo, 80_000_00, 50_000_00));
    const inv = await verified(80_000_00, { orderNo });
    const list = okOf<{ items: { id: number; financeBlock: string | null }[] }>(await r.demo.get('/api/supplyloan/invoices', { size: 50 }));
    expect(list.items.find((i) => i.id === inv.id)!.financeBlock).toMatch(new RegExp(`所属的订单 ${orderNo} 已在融资申请中`));
    const before = await booked();
    expect(refusal(await applyInvoice([inv.id], 60_000_00))).toMatch(/订单与其发票只能融资一次，该发票不能再融资/);
    expect(await booked()).toEqual(before);
  });

  it('an invoice issued from an order (the order in the bureau’s 备注), then the order: the order loan is refused', async () => {
    const orderNo = `SO-${Date.now()}`;
    // The supplier does not say which order it bills; the bureau's record does.
    const fromOrder = await bureauInvoice(t, { amount: 90_000_00, orderNo });
    const reg = okOf<{ id: number }>(await r.demo.post('/api/supplyloan/invoices', fromOrder, { json: true }));
    okOf(await approveTask(r.operator, 'INVOICE_VERIFY', reg.id));
    okOf<Applied>(await applyInvoice([reg.id], 70_000_00));
    const before = await booked();
    expect(refusal(await applyOrder(orderNo, 90_000_00, 60_000_00))).toMatch(/订单与其发票只能融资一次，该订单不能再申请订单融资/);
    expect(await booked()).toEqual(before);
  });

  it('a purchase/sales order invoiced through the bureau and financed by an order loan: its invoice is refused', async () => {
    // 浙江远航 buys from 上海鑫源 (demo) on the portal; 上海鑫源 confirms, then issues the 数电票 from the order.
    const gx = await t.loginAs('gouxiao');
    const demoCo = await enterpriseOfLogin(t, 'demo');
    const lines = [{ goodsName: '螺纹钢', unit: '吨', quantity: '3', unitPrice: 365_000, taxRatePpm: 130_000 }];
    const deliveryDate = addDays(today(), 20);
    const created = okOf<{ id: number; orderNo: string }>(
      await gx.post(
        '/api/purchase-sales/orders',
        {
          kind: 'PURCHASE',
          counterpartyEnterpriseId: demoCo.id,
          counterpartyName: demoCo.name,
          counterpartyBankName: '',
          counterpartyAccountNo: '',
          deliveryDate,
          lines,
          totalAmount: orderTotals(lines).total,
          idempotencyKey: newKey(),
        },
        { json: true },
      ),
    );
    okOf(await gx.post(`/api/purchase-sales/orders/${created.id}/confirm`, {}, { json: true }));
    okOf(await r.demo.post(`/api/purchase-sales/orders/${created.id}/accept`, {}, { json: true }));
    // The order-loan page's picker (purchase/sales, with the feature switched on for 上海鑫源) offers it until it is financed.
    const op = r.operator;
    const demoUser = okOf<{ items: { id: number; loginName: string }[] }>(
      await op.get('/api/bpm/purchase-sales/users', { keyword: 'demo' }),
    ).items.find((u) => u.loginName === 'demo')!;
    okOf(await op.post(`/api/bpm/purchase-sales/users/${demoUser.id}/feature`, { enabled: true, reason: '订单融资测试' }, { json: true }));
    const offered = async () =>
      okOf<{ orderNo: string }[]>(await r.demo.get('/api/purchase-sales/financeable-orders', { creditLineId: r.supplyLineId })).map(
        (o) => o.orderNo,
      );
    expect(await offered()).toContain(created.orderNo);
    const issued = okOf<{ invoiceCode: string; invoiceNumber: string; issueDate: string; amount: number; taxAmount: number }>(
      await r.demo.post(`/api/purchase-sales/orders/${created.id}/invoice`, { idempotencyKey: newKey() }, { json: true }),
    );
    expect(issued.invoiceNumber).toMatch(/^\d{20}$/);
    expect(
      refusal(await r.demo.post(`/api/purchase-sales/orders/${created.id}/invoice`, { idempotencyKey: newKey() }, { json: true })),
    ).toMatch(/订单已开具发票/);
    // The order loan on the managed sales order, then the invoice: registered without naming its order, the bureau's 备注 names it.
    okOf<Applied>(await applyOrder(created.orderNo, issued.amount, Math.floor(issued.amount * 0.8), deliveryDate));
    const reg = okOf<{ id: number }>(
      await r.demo.post('/api/supplyloan/invoices', { ...issued, buyerEnterpriseId: r.buyerEnterpriseId }, { json: true }),
    );
    okOf(await approveTask(r.operator, 'INVOICE_VERIFY', reg.id));
    expect(await offered()).not.toContain(created.orderNo);
    const before = await booked();
    expect(refusal(await applyInvoice([reg.id], Math.floor(issued.amount * 0.8)))).toMatch(
      new RegExp(`所属的订单 ${created.orderNo} 已在融资申请中`),
    );
    expect(await booked()).toEqual(before);
  });

  it('racing: an order loan and the financing of its invoice at once — exactly one wins', async () => {
    const orderNo = `RACE-${Date.now()}`;
    const inv = await verified(70_000_00, { orderNo });
    const before = await booked();
    const answers = await Promise.all([applyOrder(orderNo, 70_000_00, 50_000_00), applyInvoice([inv.id], 50_000_00)]);
    const won = answers.filter((a) => a.json().status === 'OK');
    const lost = answers.filter((a) => a.json().status === 'ERROR');
    expect([won.length, lost.length]).toEqual([1, 1]);
    expect(lost[0].json().message).toMatch(/订单与其发票只能融资一次/);
    const after = await booked();
    // The winner's application alone: one financing, its credit reserved, its receivable held, no ledger line.
    expect(after.financings).toBe(before.financings + 1);
    expect(after.reserved).toBe(before.reserved + 50_000_00);
    expect(after.assets).toBe(before.assets + 1);
    expect(after.ledger).toBe(before.ledger);
  });

  it('racing: two applications with the same invoice at once — exactly one wins', async () => {
    const inv = await verified(40_000_00);
    const before = await booked();
    const answers = await Promise.all([applyInvoice([inv.id], 30_000_00), applyInvoice([inv.id], 30_000_00)]);
    expect(answers.map((a) => a.json().status).sort()).toEqual(['ERROR', 'OK']);
    const after = await booked();
    expect([after.financings, after.reserved, after.assets]).toEqual([
      before.financings + 1,
      before.reserved + 30_000_00,
      before.assets + 1,
    ]);
  });
});

describe('released and settled', () => {
  it('a rejected application releases its invoice, which may be financed again', async () => {
    const inv = await verified(25_000_00);
    const first = okOf<Applied>(await applyInvoice([inv.id], 20_000_00));
    okOf(await rejectTask(r.operator, 'FINANCING_APPROVAL', first.id, '资料不全'));
    const [held] = await t.database.db
      .select()
      .from(financedAssets)
      .where(and(eq(financedAssets.financingId, first.id), eq(financedAssets.product, 'INVOICE')));
    expect(held.status).toBe('RELEASED');
    okOf<Applied>(await applyInvoice([inv.id], 20_000_00));
  });

  it('a cancelled order loan releases its order', async () => {
    const orderNo = `CX-${Date.now()}`;
    const loan = okOf<Applied>(await applyOrder(orderNo, 40_000_00, 30_000_00));
    okOf(await r.demo.post(`/api/supplyloan/financings/${loan.id}/cancel`, {}));
    okOf<Applied>(await applyOrder(orderNo, 40_000_00, 30_000_00));
  });

  it('a settled order is never financed again, not through an invoice billing it either', async () => {
    // The demo world's order loan, drawn and repaid in its history.
    const [settled] = await t.database.db
      .select()
      .from(financedAssets)
      .where(and(eq(financedAssets.kind, 'ORDER'), eq(financedAssets.status, 'SETTLED')));
    expect(settled).toBeDefined();
    const orderNo = settled.label.replace(/^订单 /, '');
    const before = await booked();
    expect(refusal(await applyOrder(orderNo, 10_000_00, 5_000_00))).toMatch(/已融资并结清|已融资/);
    const inv = await verified(10_000_00, { orderNo });
    const afterRegistering = await booked();
    expect(refusal(await applyInvoice([inv.id], 5_000_00))).toMatch(/已结清的应收账款不能再次融资/);
    expect(await booked()).toEqual(afterRegistering);
    expect(afterRegistering.financings).toBe(before.financings);
  });
});

describe('intake rules (银保监办发〔2019〕205号)', () => {
  it('refuses a bill, a consignment, a future receivable without its contract and an overdue one, registering nothing', async () => {
    for (const [extra, words] of [
      [{ receivableType: 'BILL' }, /票据、有价证券/],
      [{ receivableType: 'CONSIGNMENT' }, /代销/],
      [{ receivableType: 'FUTURE' }, /基础交易合同/],
      [{ dueDate: addDays(today(), -1) }, /逾期应收账款不能保理融资/],
    ] as const) {
      const inv = await bureauInvoice(t, { amount: 12_000_00, issueDate: addDays(today(), -20) });
      expect(refusal(await r.demo.post('/api/supplyloan/invoices', { ...inv, ...extra }, { json: true }))).toMatch(words);
    }
  });

  it('refuses to finance an invoice that fell overdue after it was verified', async () => {
    const inv = await verified(15_000_00, { dueDate: today() });
    await t.database.db.execute(sql`update invoices set due_date = ${addDays(today(), -1)} where id = ${inv.id}`);
    const before = await booked();
    expect(refusal(await applyInvoice([inv.id], 10_000_00))).toMatch(/逾期应收账款不能保理融资/);
    expect(await booked()).toEqual(before);
  });
});

describe('the migrations move live financings in place (0032, and 0035 names their debtors)', () => {
  it('its backfill writes the rows the operations wrote', async () => {
    const db = t.database.db;
    const sqlText = readFileSync(path.resolve('apps/server/drizzle/0032_receivables.sql'), 'utf8');
    const backfill = sqlText
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /INSERT INTO "financed_assets"/.test(s));
    expect(backfill).toHaveLength(2);
    // 0035 (issue 36) names each receivable's debtor and an invoice's due date on the rows 0032 moved in.
    const debtors = readFileSync(path.resolve('apps/server/drizzle/0035_confirmations.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /UPDATE "financed_assets"/.test(s));
    expect(debtors).toHaveLength(2);
    const shape = `select kind, asset_key, status, product, financing_id, financing_no, amount, enterprise_id, seller_key, buyer_key, matures_on,
                          debtor_enterprise_id, due_date
                   from financed_assets where status <> 'RELEASED'
                     -- A financing written off without recourse (0041, after these migrations) keeps its receivable FUNDED
                     -- though settled: no data the backfill met was in that state.
                     and not (product = 'INVOICE' and financing_id in (select financing_id from factoring_collections where kind = 'WRITE_OFF'))
                   order by product, financing_id, asset_key`;
    const rows = async (tx: { execute: typeof db.execute }) => ((await tx.execute(sql.raw(shape))) as unknown as { rows: unknown[] }).rows;
    const written = await rows(db);
    expect(written.length).toBeGreaterThan(5);
    let moved: unknown[] = [];
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from dilutions`);
        await tx.execute(sql`delete from receivable_confirmations`);
        await tx.execute(sql`delete from financed_assets`);
        for (const statement of [...backfill, ...debtors]) await tx.execute(sql.raw(statement.replace(/^--.*$/gm, '')));
        moved = await rows(tx);
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
    expect(moved).toEqual(written);
  });
});
