import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmTasks, creditLines, financings, financingTranches, invoices } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, createTestApp, type TestApp } from '../../test/harness.ts';
import { ledgerProblems } from '../ledger/testing.ts';
import { chinaToday } from '../../lib/clock.ts';
import { disburseTranche } from './operations/disburse.ts';
import { approveTask, newKey, nextInvoiceNumber, okOf, refusal, roles, verifiedInvoice, type Applied, type Roles } from './testing.ts';

let t: TestApp;
let r: Roles;
beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
});
afterAll(() => t.close());

const apply = (body: Record<string, unknown>, client = r.demo) =>
  client.post(
    '/api/supplyloan/financings',
    { creditLineId: r.supplyLineId, termDays: 60, idempotencyKey: newKey(), ...body },
    { json: true },
  );
type Line = { id: number; limit: number; used: number; reserved: number; available: number };
const lineOf = async () => okOf<Line[]>(await r.demo.get('/api/supplyloan/creditLines')).find((l) => l.id === r.supplyLineId)!;

describe('invoices', () => {
  it('a duplicate invoice (same code and number for the seller) is refused; bad codes are named', async () => {
    const number = nextInvoiceNumber();
    const body = {
      invoiceCode: '044031900111',
      invoiceNumber: number,
      issueDate: '2026-01-05',
      amount: 1_000_000,
      taxAmount: 115_044,
      buyerEnterpriseId: r.buyerEnterpriseId,
    };
    okOf(await r.demo.post('/api/supplyloan/invoices', body));
    expect(refusal(await r.demo.post('/api/supplyloan/invoices', body))).toBe(`发票 044031900111-${number} 已登记，请勿重复登记`);
    const bad = await r.demo.post('/api/supplyloan/invoices', { ...body, invoiceCode: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'invoiceCode', message: expect.stringContaining('发票代码应为10位或12位数字') });
    expect(
      refusal(await r.demo.post('/api/supplyloan/invoices', { ...body, invoiceNumber: nextInvoiceNumber(), taxAmount: 2_000_000 })),
    ).toBe('税额不能大于发票金额');
    expect(
      refusal(
        await r.demo.post('/api/supplyloan/invoices', { ...body, invoiceNumber: nextInvoiceNumber(), buyerEnterpriseId: r.enterpriseId }),
      ),
    ).toBe('购买方必须是供应链平台的核心企业');
  });

  it('REGISTERED → VERIFIED by the operator; rejected ones read 核验未通过', async () => {
    const id = await verifiedInvoice(r, 500_000);
    const list = okOf<{ items: { id: number; status: string; statusLabel: string }[] }>(
      await r.demo.get('/api/supplyloan/invoices', { status: 'VERIFIED', size: 100 }),
    );
    expect(list.items.find((i) => i.id === id)).toMatchObject({ status: 'VERIFIED', statusLabel: '已核验' });
    const rejected = okOf<{ items: { statusLabel: string }[] }>(await r.demo.get('/api/supplyloan/invoices', { status: 'REJECTED' }));
    expect(rejected.items[0].statusLabel).toBe('核验未通过');
  });
});

describe('application rules', () => {
  it('beyond the advance rate: 80 % of 1,000,000.00 is 800,000.00, one cent more is refused', async () => {
    const invoiceId = await verifiedInvoice(r, 100_000_000);
    expect(refusal(await apply({ invoiceIds: [invoiceId], amount: 80_000_001 }))).toBe(
      '融资金额超过可融资额度：应收账款 1,000,000.00 元 × 融资比例 80.00% = 800,000.00 元',
    );
    const ok = okOf<Applied>(await apply({ invoiceIds: [invoiceId], amount: 80_000_000 }));
    expect(ok.status).toBe('SUBMITTED');
    // The same invoice cannot be financed twice.
    expect(refusal(await apply({ invoiceIds: [invoiceId], amount: 1_000 }))).toMatch(
      /^发票 3100231130-\d{8} 已融资，同一张发票不能重复融资$/,
    );
  });

  it('beyond the available credit is refused, naming what is available', async () => {
    const line = await lineOf();
    const invoiceId = await verifiedInvoice(r, line.available * 2);
    expect(refusal(await apply({ invoiceIds: [invoiceId], amount: line.available + 1 }))).toBe(
      `融资金额超过可用授信额度（可用 ${fmt(line.available)} 元）`,
    );
    const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(inv.status).toBe('VERIFIED'); // nothing held by a refused application
  });

  it('a term beyond the platform maximum, an unverified invoice, another enterprise’s invoice or credit line', async () => {
    const invoiceId = await verifiedInvoice(r, 1_000_000);
    expect(refusal(await apply({ invoiceIds: [invoiceId], amount: 100_000, termDays: 181 }))).toBe('融资期限不能超过平台最长期限 180 天');
    const registered = okOf<{ id: number }>(
      await r.demo.post('/api/supplyloan/invoices', {
        invoiceCode: '3100231130',
        invoiceNumber: nextInvoiceNumber(),
        issueDate: '2026-01-05',
        amount: 1_000_000,
        buyerEnterpriseId: r.buyerEnterpriseId,
      }),
    );
    expect(refusal(await apply({ invoiceIds: [registered.id], amount: 100_000 }))).toMatch(/尚未核验通过，不能用于融资$/);
    const other = await t.loginAs('cangchu');
    const theirs = await other.post(
      '/api/supplyloan/financings',
      { creditLineId: r.supplyLineId, invoiceIds: [invoiceId], amount: 100_000, termDays: 30, idempotencyKey: newKey() },
      { json: true },
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('another enterprise’s financing answers 404: detail, quote, repay, cancel, extension', async () => {
    const [mine] = await t.database.db
      .select()
      .from(financings)
      .where(and(eq(financings.enterpriseId, r.enterpriseId), eq(financings.status, 'REPAYING')));
    const gouxiao = await t.loginAs('gouxiao');
    expect((await gouxiao.get(`/api/supplyloan/financings/${mine.id}`)).statusCode).toBe(404);
    expect((await gouxiao.get(`/api/supplyloan/financings/${mine.id}/quote`)).statusCode).toBe(404);
    const repay = await gouxiao.post(
      `/api/supplyloan/financings/${mine.id}/repay`,
      { amount: 100, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
      { json: true },
    );
    expect(repay.statusCode).toBe(404);
    expect((await gouxiao.post(`/api/supplyloan/financings/${mine.id}/cancel`)).statusCode).toBe(404);
    expect(
      (
        await gouxiao.post(`/api/supplyloan/financings/${mine.id}/extension`, {
          newDueDate: '2030-01-01',
          reason: '资金周转',
          idempotencyKey: newKey(),
        })
      ).statusCode,
    ).toBe(404);
    expect((await gouxiao.get('/api/supplyloan/financings/999999')).statusCode).toBe(404);
  });

  it('an operator cannot apply (403) and an uncertified enterprise is refused', async () => {
    expect((await apply({ invoiceIds: [1], amount: 100 }, r.operator)).statusCode).toBe(403);
    const fresh = await t.loginAs('xinqiye');
    expect(
      refusal(
        await fresh.post(
          '/api/supplyloan/financings',
          { creditLineId: 1, invoiceIds: [1], amount: 100, termDays: 30, idempotencyKey: newKey() },
          { json: true },
        ),
      ),
    ).toContain('企业尚未完成实名认证');
  });
});

describe('contract before disbursement; cancellation', () => {
  it('approved but unsigned: no disbursement task, and the disbursement itself refuses an unsigned contract', async () => {
    const invoiceId = await verifiedInvoice(r, 1_000_000);
    const f = okOf<Applied>(await apply({ invoiceIds: [invoiceId], amount: 500_000 }));
    okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', f.id));
    const db = t.database.db;
    const [row] = await db.select().from(financings).where(eq(financings.id, f.id));
    expect(row.status).toBe('APPROVED');
    expect(
      await db
        .select()
        .from(bpmTasks)
        .where(
          and(
            eq(bpmTasks.type, 'FINANCING_DISBURSE'),
            eq(bpmTasks.state, 'PENDING'),
            sql`${bpmTasks.data}->>'financingId' = ${String(f.id)}`,
          ),
        ),
    ).toEqual([]);
    // Even if a tranche were put up for disbursement by mistake, the contract check refuses it.
    await db.update(financings).set({ status: 'CONTRACT_SIGNED' }).where(eq(financings.id, f.id));
    const [tranche] = await db
      .insert(financingTranches)
      .values({
        financingId: f.id,
        enterpriseId: r.enterpriseId,
        seq: 1,
        amount: 500_000,
        termDays: 60,
        interest: 0,
        serviceFee: 0,
        netAmount: 500_000,
      })
      .returning();
    await expect(
      db.transaction((tx) => disburseTranche(tx, tranche.id, { id: null, name: '测试' }, chinaToday(), t.app.receivables)),
    ).rejects.toThrow('融资合同尚未签署，不能放款');
    await db.update(financings).set({ status: 'APPROVED' }).where(eq(financings.id, f.id));
    await db.update(financingTranches).set({ status: 'CANCELLED' }).where(eq(financingTranches.id, tranche.id));
  });

  it('the user cancels before disbursement: credit and invoices are released, the pending review is withdrawn', async () => {
    const before = await lineOf();
    const invoiceId = await verifiedInvoice(r, 1_000_000);
    const f = okOf<Applied>(await apply({ invoiceIds: [invoiceId], amount: 700_000 }));
    expect((await lineOf()).available).toBe(before.available - 700_000);
    okOf(await r.demo.post(`/api/supplyloan/financings/${f.id}/cancel`));
    expect((await lineOf()).available).toBe(before.available);
    const db = t.database.db;
    const [inv] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(inv).toMatchObject({ status: 'VERIFIED', financingId: null });
    const [task] = await db
      .select()
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, 'FINANCING_APPROVAL'), eq(bpmTasks.refId, String(f.id))));
    expect(task).toMatchObject({ state: 'REJECTED', reason: '申请人已取消融资申请' });
    expect(refusal(await r.demo.post(`/api/supplyloan/financings/${f.id}/cancel`))).toBe('当前状态为“已取消”，不能变更为“已取消”');
    // The invoice can be financed again.
    okOf(await apply({ invoiceIds: [invoiceId], amount: 700_000 }));
  });

  it('a disbursed financing cannot be cancelled', async () => {
    const [repaying] = await t.database.db
      .select()
      .from(financings)
      .where(and(eq(financings.enterpriseId, r.enterpriseId), eq(financings.status, 'REPAYING')));
    expect(refusal(await r.demo.post(`/api/supplyloan/financings/${repaying.id}/cancel`))).toBe('该融资已放款，不能取消');
  });
});

describe(`two applications racing for the last credit (${process.env.TEST_DB === 'postgres' ? 'PostgreSQL, parallel transactions' : 'PGlite, serialised'})`, () => {
  it('exactly one wins; available never goes below zero', async () => {
    const db = t.database.db;
    const line = await lineOf();
    // Leave exactly 1,000,000.00 available.
    await db
      .update(creditLines)
      .set({ limit: line.used + line.reserved + 100_000_000 })
      .where(eq(creditLines.id, r.supplyLineId));
    const [a, b] = [await verifiedInvoice(r, 125_000_000), await verifiedInvoice(r, 125_000_000)];
    const answers = await Promise.all([a, b].map((id) => apply({ invoiceIds: [id], amount: 100_000_000 }).then((res) => res.json())));
    const won = answers.filter((x) => x.status === 'OK');
    const lost = answers.filter((x) => x.status === 'ERROR');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].message).toBe('融资金额超过可用授信额度（可用 0.00 元）');
    const [after] = await db.select().from(creditLines).where(eq(creditLines.id, r.supplyLineId));
    expect(after.limit - after.used - after.reserved).toBe(0);
    expect(await ledgerProblems(db)).toEqual([]);
  });

  it('ten at once for a tenth each: all ten fit, an eleventh does not', async () => {
    const db = t.database.db;
    const line = await lineOf();
    await db
      .update(creditLines)
      .set({ limit: line.used + line.reserved + 10_000_000 })
      .where(eq(creditLines.id, r.supplyLineId));
    const ids = [];
    for (let i = 0; i < 11; i++) ids.push(await verifiedInvoice(r, 1_250_000));
    const answers = await Promise.all(ids.map((id) => apply({ invoiceIds: [id], amount: 1_000_000 }).then((res) => res.json())));
    expect(answers.filter((x) => x.status === 'OK')).toHaveLength(10);
    expect(answers.filter((x) => x.status === 'ERROR').map((x) => x.message)).toEqual(['融资金额超过可用授信额度（可用 0.00 元）']);
  });
});

const fmt = (c: number) => (c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
