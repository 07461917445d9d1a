import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLines, invoices, platforms } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, createTestApp, type TestApp } from '../../test/harness.ts';
import { virtualAccountBalance } from '../ledger/index.ts';
import { ledgerProblems } from '../ledger/testing.ts';
import { chinaToday } from '../../lib/clock.ts';
import {
  deposit,
  disbursedFinancing,
  factorBalance,
  newKey,
  okOf,
  refusal,
  roles,
  signContract,
  verifiedInvoice,
  approveTask,
  clearAssignment,
  type Applied,
  type Roles,
} from './testing.ts';

let t: TestApp;
let r: Roles;
beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  await deposit(t, r.enterpriseId, 200_000_000); // ¥2,000,000.00 from the bank, to repay with
});
afterAll(() => t.close());

type Line = { id: number; limit: number; used: number; reserved: number; available: number };
const lineOf = async () => okOf<Line[]>(await r.demo.get('/api/supplyloan/creditLines')).find((l) => l.id === r.supplyLineId)!;
const balance = async () => (await virtualAccountBalance(t.database.db, r.enterpriseId))!;
type Detail = {
  status: string;
  overdue: boolean;
  quote: { principal: number; interest: number; penalty: number; total: number };
  schedule: { dueDate: string; outstanding: number }[];
  repayments: unknown[];
  contracts: { status: string }[];
  history: { action: string }[];
  actions: Record<string, boolean>;
};
const detailOf = async (id: number) => okOf<Detail>(await r.demo.get(`/api/supplyloan/financings/${id}`));

describe('worked example in arrears through the API: 1,000,000.00 at 7.2 % for 90 days', () => {
  let applied: Applied;
  let before: Line;

  it('the live trial: interest 18,000.00, fee 5,000.00, net 995,000.00, due in 90 days', async () => {
    const invoiceId = await verifiedInvoice(r, 125_000_000);
    const trial = okOf<Record<string, unknown>>(
      await r.demo.post(
        '/api/supplyloan/trial',
        { creditLineId: r.supplyLineId, amount: 100_000_000, termDays: 90, invoiceIds: [invoiceId] },
        { json: true },
      ),
    );
    expect(trial).toMatchObject({
      interest: 1_800_000,
      serviceFee: 500_000,
      netDisbursed: 99_500_000,
      dueAtMaturity: 101_800_000,
      annualRatePpm: 72_000,
      interestMode: 'ARREARS',
      maxAmount: 100_000_000,
    });
    before = await lineOf();
    applied = okOf<Applied>(
      await r.demo.post(
        '/api/supplyloan/financings',
        {
          idempotencyKey: newKey(),
          creditLineId: r.supplyLineId,
          invoiceIds: [invoiceId],
          amount: 100_000_000,
          termDays: 90,
          purpose: '支付货款',
        },
        { json: true },
      ),
    );
    expect(applied).toMatchObject({ interest: 1_800_000, serviceFee: 500_000, netAmount: 99_500_000, status: 'SUBMITTED' });
    expect(applied.financingNo).toMatch(/^RZ\d{8}\d{6}$/);
    // Submitting holds the credit: available drops at once (the race for the last credit is decided here).
    expect(await lineOf()).toMatchObject({ reserved: before.reserved + 100_000_000, available: before.available - 100_000_000 });
    const [inv] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(inv.status).toBe('FINANCED');
  });

  it('the contract is generated on submit; signing it twice is refused', async () => {
    const d = await detailOf(applied.id);
    expect(d.contracts).toHaveLength(1);
    expect(d.contracts[0].status).toBe('TO_SIGN');
    expect(d.actions).toMatchObject({ cancel: true, signContract: true, repay: false });
    okOf(await signContract(t, r.demo, applied.contractId));
    expect(refusal(await signContract(t, r.demo, applied.contractId))).toBe('该合同已签署，请勿重复签署');
    expect((await detailOf(applied.id)).status).toBe('SUBMITTED'); // signed early: approval moves it on
  });

  it('approval with the contract signed goes on to CONTRACT_SIGNED and asks for disbursement', async () => {
    okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', applied.id, '资料齐全'));
    const d = await detailOf(applied.id);
    expect(d.status).toBe('CONTRACT_SIGNED');
    // Issue 36: approving registers the assignment at the registry (中登网) and searches.
    expect(d.history.map((h) => h.action)).toEqual(['提交融资申请', '签署融资合同', '审核通过', '应收账款转让登记', '融资合同已签署']);
  });

  it('disbursement: net 995,000.00 into controlled funds, the credit line booked as used, the ledger balanced', async () => {
    const account = await balance();
    const receivable = await factorBalance(t, 'RECEIVABLE_PRINCIPAL');
    const fees = await factorBalance(t, 'FEE_INCOME');
    // Issue 36: the debtor confirmed the invoice and acknowledged the notice of assignment.
    await clearAssignment(t, r, applied.id);
    const d0 = okOf<{ schedule: { id: number }[] }>(await r.demo.get(`/api/supplyloan/financings/${applied.id}`));
    okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', d0.schedule[0].id, '放款'));
    const after = await balance();
    expect(after.controlled - account.controlled).toBe(99_500_000);
    expect(after.available).toBe(account.available);
    expect(await lineOf()).toMatchObject({
      used: before.used + 100_000_000,
      reserved: before.reserved,
      available: before.available - 100_000_000,
    });
    // The factor's books: the receivable is the whole principal; the fee withheld is income.
    expect((await factorBalance(t, 'RECEIVABLE_PRINCIPAL')) - receivable).toBe(100_000_000);
    expect((await factorBalance(t, 'FEE_INCOME')) - fees).toBe(500_000);
    const d = await detailOf(applied.id);
    expect(d.status).toBe('DISBURSED');
    expect(d.schedule[0].dueDate).toBe(addDaysIso(chinaToday(), 90));
    // Day 0: a loan repaid on its disbursement day is charged one day (issue 37 item 10): 1,000,000.00 × 7.2 % / 360 = 200.00.
    expect(d.quote).toMatchObject({ principal: 100_000_000, interest: 20_000, penalty: 0, total: 100_020_000 });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('repaying more than is owed is refused; a wrong password moves nothing', async () => {
    expect(
      refusal(
        await r.demo.post(
          `/api/supplyloan/financings/${applied.id}/repay`,
          { amount: 100_020_001, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
          { json: true },
        ),
      ),
    ).toBe('还款金额超过应还总额 1,000,200.00 元');
    expect(
      refusal(
        await r.demo.post(
          `/api/supplyloan/financings/${applied.id}/repay`,
          { amount: 100, password: t.encrypt('wrong-password1'), idempotencyKey: newKey() },
          { json: true },
        ),
      ),
    ).toBe('登录密码不正确，本次操作未执行');
    expect(
      refusal(
        await r.demo.post(
          `/api/supplyloan/financings/${applied.id}/repay`,
          { amount: 100, password: t.encrypt(DEMO_PASSWORD) },
          { json: true },
        ),
      ),
    ).toContain('幂等键');
  });

  it('a partial repayment of 300,000.00 restores the credit by the principal; the same key repeated moves nothing twice', async () => {
    const account = await balance();
    const key = newKey();
    const body = { amount: 30_000_000, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: key };
    const first = okOf<{ principal: number; status: string; refNo: string }>(
      await r.demo.post(`/api/supplyloan/financings/${applied.id}/repay`, body, { json: true }),
    );
    const again = okOf<{ refNo: string }>(await r.demo.post(`/api/supplyloan/financings/${applied.id}/repay`, body, { json: true }));
    // Interest first: the one day charged on the disbursement day, then principal.
    expect(first).toMatchObject({ principal: 29_980_000, interest: 20_000, penalty: 0, status: 'REPAYING' });
    expect(again.refNo).toBe(first.refNo);
    expect(account.available - (await balance()).available).toBe(30_000_000);
    expect(await lineOf()).toMatchObject({ used: before.used + 70_020_000 });
    expect((await detailOf(applied.id)).status).toBe('REPAYING');
  });

  it('repaying the rest settles: status SETTLED, invoice SETTLED, credit available as before the application', async () => {
    // The day already charged is not charged again the same day.
    const owed = (await detailOf(applied.id)).quote.total;
    expect(owed).toBe(70_020_000);
    const done = okOf<{ status: string }>(
      await r.demo.post(
        `/api/supplyloan/financings/${applied.id}/repay`,
        { amount: owed, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect(done.status).toBe('SETTLED');
    const d = await detailOf(applied.id);
    expect(d).toMatchObject({ status: 'SETTLED', actions: { repay: false, cancel: false } });
    expect(d.repayments).toHaveLength(2);
    expect(await lineOf()).toMatchObject({ used: before.used, reserved: before.reserved, available: before.available });
    expect(
      refusal(
        await r.demo.post(
          `/api/supplyloan/financings/${applied.id}/repay`,
          { amount: 1, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
          { json: true },
        ),
      ),
    ).toBe('该融资当前不在还款期');
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('worked example upfront (预收息): 1,000,000.00 at 7.2 % for 90 days', () => {
  it('disburses net 977,000.00; interest 18,000.00 and fee 5,000.00 are income at once; 1,000,000.00 is owed', async () => {
    const db = t.database.db;
    const [supply] = await db.select().from(platforms).where(eq(platforms.id, r.supplyPlatformId));
    const [upfront] = await db
      .insert(platforms)
      .values({
        ...supply,
        id: undefined,
        code: 'TEST-UPFRONT',
        name: '预收息测试平台',
        interestMode: 'UPFRONT',
        priceList: [],
        annualRatePpm: 72_000,
        serviceFeeRatePpm: 5_000,
      })
      .returning();
    const [line] = await db
      .insert(creditLines)
      .values({
        enterpriseId: r.enterpriseId,
        platformId: upfront.id,
        limit: 200_000_000,
        startDate: chinaToday(),
        expiryDate: addDaysIso(chinaToday(), 365),
      })
      .returning();
    const account = await balance();
    const interestIncome = await factorBalance(t, 'INTEREST_INCOME');
    const feeIncome = await factorBalance(t, 'FEE_INCOME');
    const receivable = await factorBalance(t, 'RECEIVABLE_PRINCIPAL');
    const f = await disbursedFinancing(t, r, { amount: 100_000_000, termDays: 90, creditLineId: line.id });
    expect(f).toMatchObject({ interest: 1_800_000, serviceFee: 500_000, netAmount: 97_700_000 });
    expect((await balance()).controlled - account.controlled).toBe(97_700_000);
    expect((await factorBalance(t, 'INTEREST_INCOME')) - interestIncome).toBe(1_800_000);
    expect((await factorBalance(t, 'FEE_INCOME')) - feeIncome).toBe(500_000);
    expect((await factorBalance(t, 'RECEIVABLE_PRINCIPAL')) - receivable).toBe(100_000_000);
    expect((await detailOf(f.id)).quote).toMatchObject({ principal: 100_000_000, interest: 0, total: 100_000_000 });
    // Paid off early, only the principal is due (the interest was taken upfront) and the interest of the days
    // not used comes back: on the disbursement day one day is kept, 89 of 90 go back (issue 37 item 10).
    const income = await factorBalance(t, 'INTEREST_INCOME');
    const paid = okOf<{ interestRefund: number }>(
      await r.demo.post(
        `/api/supplyloan/financings/${f.id}/repay`,
        { amount: 100_000_000, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect(paid.interestRefund).toBe(1_780_000); // floor(100,000,000 × 72,000 × 89 / 360,000,000)
    expect(income - (await factorBalance(t, 'INTEREST_INCOME'))).toBe(1_780_000);
    expect((await factorBalance(t, 'INTEREST_INCOME')) - interestIncome).toBe(20_000); // one day kept: 200.00
    expect((await detailOf(f.id)).status).toBe('SETTLED');
    expect((await factorBalance(t, 'RECEIVABLE_PRINCIPAL')) - receivable).toBe(0);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('lists', () => {
  it('my financings: filters by status and platform with totals; the due list and the summary', async () => {
    const all = okOf<{
      items: { status: string; amount: number; outstanding: number }[];
      totalCount: number;
      totals: { amount: number; outstanding: number };
    }>(await r.demo.get('/api/supplyloan/financings', { page: 1, size: 50 }));
    expect(all.totalCount).toBeGreaterThanOrEqual(5);
    expect(all.totals.amount).toBe(all.items.reduce((s, i) => s + i.amount, 0));
    expect(all.totals.outstanding).toBe(all.items.reduce((s, i) => s + i.outstanding, 0));
    expect(all.totals.outstanding).toBe(50_000_000); // only the seeded repaying financing is still owed
    const settled = okOf<{ items: { status: string }[]; totalCount: number }>(
      await r.demo.get('/api/supplyloan/financings', { status: 'SETTLED' }),
    );
    expect(settled.items.every((i) => i.status === 'SETTLED')).toBe(true);
    const byPlatform = okOf<{ totalCount: number; totals: { amount: number; outstanding: number } }>(
      await r.demo.get('/api/supplyloan/financings', { platformId: r.supplyPlatformId, status: 'REPAYING' }),
    );
    expect(byPlatform.totals).toMatchObject({ amount: 60_000_000, outstanding: 50_000_000 }); // the seeded repaying financing
    const summary = okOf<{ creditLines: { count: number }; contractsToSign: number }>(await r.demo.get('/api/supplyloan/summary'));
    expect(summary.creditLines.count).toBeGreaterThanOrEqual(2);
    expect(summary.contractsToSign).toBe(1); // the seeded submitted financing
    // Another enterprise lists none of 上海鑫源's (浙江远航 has its own on the 中建材 platform since issue 36's demo).
    const gouxiao = await t.loginAs('gouxiao');
    const theirs = okOf<{ items: { financingNo: string }[] }>(await gouxiao.get('/api/supplyloan/financings', { size: 50 })).items;
    const mine = new Set(
      okOf<{ items: { financingNo: string }[] }>(await r.demo.get('/api/supplyloan/financings', { size: 200 })).items.map(
        (i) => i.financingNo,
      ),
    );
    expect(theirs.filter((f) => mine.has(f.financingNo))).toEqual([]);
  });
});

function addDaysIso(iso: string, days: number) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
