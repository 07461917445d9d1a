import { addDays } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLines, financings, financingTranches, jobRuns, platforms } from '../../db/schema/index.ts';
import { DEMO_PLATFORM_CODES } from '../../seed/supplyloan.ts';
import { runStep } from '../../jobs/close-of-business.ts';
import { supplyLoanCloseStep } from './jobs/close-of-day.ts';
import { DEMO_PASSWORD, createTestApp, type TestApp } from '../../test/harness.ts';
import { chinaToday } from '../../lib/clock.ts';
import { virtualAccountBalance } from '../ledger/index.ts';
import { ledgerProblems } from '../ledger/testing.ts';
import { uploadPng } from '../uploads/testing.ts';
import { owedOn } from './pricing.ts';
import { stateOf } from './queries/quote.ts';
import {
  approveTask,
  deposit,
  disbursedFinancing,
  factorBalance,
  newKey,
  okOf,
  refusal,
  rejectTask,
  roles,
  signContract,
  type Applied,
  type Roles,
} from './testing.ts';

let t: TestApp;
let r: Roles;
const today = chinaToday();
beforeAll(async () => {
  t = await createTestApp();
  r = await roles(t);
  await deposit(t, r.enterpriseId, 300_000_000);
});
afterAll(() => t.close());

type Quote = { principal: number; interest: number; penalty: number; total: number; overdueDays: number };
type Detail = {
  status: string;
  overdue: boolean;
  extended: boolean;
  dueDate: string;
  quote: Quote;
  schedule: { id: number; dueDate: string; overdue: boolean; outstanding: number }[];
  history: { action: string }[];
};
const detailOf = async (id: number) => okOf<Detail>(await r.demo.get(`/api/supplyloan/financings/${id}`));
const repay = (id: number, amount: number) =>
  r.demo.post(
    `/api/supplyloan/financings/${id}/repay`,
    { amount, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
    { json: true },
  );

/** Moves a disbursed tranche back in time, as if it had been disbursed `ago` days ago for `term` days. */
async function backdate(trancheId: number, ago: number, term: number) {
  const start = addDays(today, -ago);
  await t.database.db
    .update(financingTranches)
    .set({ startDate: start, interestFrom: start, dueDate: addDays(start, term) })
    .where(eq(financingTranches.id, trancheId));
}

describe('daily job: overdue and penalty interest (worked example)', () => {
  let f: Applied & { trancheId: number };

  it('1,000,000.00 at 7.2 % for 90 days, 10 days overdue: interest 18,000.00, penalty 3,000.00 (× 1.5), idempotent per day', async () => {
    // The demo world has two financings overdue already (江苏安储's, seed/history.ts, and its factored one paid short,
    // seed/factoring-money.ts): the job counts them too.
    const seeded = await t.database.db
      .select({ f: financings, t: financingTranches })
      .from(financingTranches)
      .innerJoin(financings, eq(financings.id, financingTranches.financingId))
      .where(eq(financingTranches.overdue, true));
    expect(seeded).toHaveLength(2);
    const seededPenalty = seeded.reduce((sum, s) => sum + owedOn(stateOf(s.f, s.t), today).penalty, 0);
    f = await disbursedFinancing(t, r, { amount: 100_000_000, termDays: 90 });
    await backdate(f.trancheId, 100, 90); // due 10 days ago
    const first = await runStep(t.database.db, supplyLoanCloseStep, today);
    expect(first).toMatchObject({ skipped: false, newlyOverdue: 1, overdueTranches: 3, penaltyToDate: 300_000 + seededPenalty });
    const d = await detailOf(f.id);
    expect(d.overdue).toBe(true);
    expect(d.quote).toMatchObject({ principal: 100_000_000, interest: 1_800_000, penalty: 300_000, total: 102_100_000, overdueDays: 10 });
    expect(d.history.map((h) => h.action)).toContain('逾期');
    const [tranche] = await t.database.db.select().from(financingTranches).where(eq(financingTranches.id, f.trancheId));
    expect(tranche).toMatchObject({ overdue: true, penaltyToDate: 300_000, penaltyAsOf: today });

    const again = await runStep(t.database.db, supplyLoanCloseStep, today);
    expect(again).toMatchObject({ skipped: true, penaltyToDate: 300_000 + seededPenalty });
    const runs = await t.database.db.select().from(jobRuns).where(eq(jobRuns.runDate, today));
    expect(runs).toHaveLength(1);
    expect((await detailOf(f.id)).quote.penalty).toBe(300_000); // not counted twice
    // Five simultaneous runs of another day: one does the work.
    const tomorrow = addDays(today, 1);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => runStep(t.database.db, supplyLoanCloseStep, tomorrow)));
    expect(parallel.filter((p) => !p.skipped)).toHaveLength(1);
  });

  it('an overdue financing cannot be extended; a partial repayment pays penalty, then interest, then principal', async () => {
    expect(
      refusal(
        await r.demo.post(`/api/supplyloan/financings/${f.id}/extension`, {
          idempotencyKey: newKey(),
          newDueDate: addDays(today, 30),
          reason: '回款延迟',
        }),
      ),
    ).toBe('融资已逾期，不能申请展期');
    const penalty = await factorBalance(t, 'PENALTY_INCOME');
    const interest = await factorBalance(t, 'INTEREST_INCOME');
    const paid = okOf<{ principal: number; interest: number; penalty: number }>(await repay(f.id, 10_000_000));
    expect(paid).toEqual(expect.objectContaining({ penalty: 300_000, interest: 1_800_000, principal: 7_900_000 }));
    expect((await factorBalance(t, 'PENALTY_INCOME')) - penalty).toBe(300_000);
    expect((await factorBalance(t, 'INTEREST_INCOME')) - interest).toBe(1_800_000);
    const d = await detailOf(f.id);
    expect(d).toMatchObject({ status: 'REPAYING', overdue: true, quote: { principal: 92_100_000, interest: 0, penalty: 0 } });
  });

  it('paying the rest clears the overdue flag and settles; the ledger is balanced', async () => {
    const owed = (await detailOf(f.id)).quote.total;
    expect(refusal(await repay(f.id, owed + 1))).toMatch(/^还款金额超过应还总额/);
    expect(okOf<{ status: string }>(await repay(f.id, owed)).status).toBe('SETTLED');
    expect(await detailOf(f.id)).toMatchObject({ status: 'SETTLED', overdue: false });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('extension (展期)', () => {
  it('new due date within the platform maximum; once only; the operator approves and the due date moves', async () => {
    const f = await disbursedFinancing(t, r, { amount: 10_000_000, termDays: 60 });
    const d0 = await detailOf(f.id);
    const due = d0.schedule[0].dueDate;
    expect(
      refusal(
        await r.demo.post(`/api/supplyloan/financings/${f.id}/extension`, {
          idempotencyKey: newKey(),
          newDueDate: due,
          reason: '回款延迟',
        }),
      ),
    ).toBe(`新到期日必须晚于当前到期日 ${due}`);
    expect(
      refusal(
        await r.demo.post(`/api/supplyloan/financings/${f.id}/extension`, {
          idempotencyKey: newKey(),
          newDueDate: addDays(today, 181),
          reason: '回款延迟',
        }),
      ),
    ).toBe('展期后融资期限 181 天，超过平台最长期限 180 天');
    const ext = okOf<{ extensionId: number; extraDays: number; extraInterest: number }>(
      await r.demo.post(`/api/supplyloan/financings/${f.id}/extension`, {
        idempotencyKey: newKey(),
        newDueDate: addDays(today, 90),
        reason: '下游回款延迟30天',
      }),
    );
    // 100,000.00 at 7.2 % (price bracket 31–90 days) for 30 more days = 600.00, accruing in arrears.
    expect(ext).toMatchObject({ extraDays: 30, extraInterest: 60_000 });
    expect(
      refusal(
        await r.demo.post(`/api/supplyloan/financings/${f.id}/extension`, {
          idempotencyKey: newKey(),
          newDueDate: addDays(today, 100),
          reason: '再次展期',
        }),
      ),
    ).toBe('该笔融资已有展期申请在审核中');
    okOf(await approveTask(r.operator, 'EXTENSION', ext.extensionId, '同意展期'));
    const d = await detailOf(f.id);
    expect(d).toMatchObject({ extended: true, dueDate: addDays(today, 90) });
    expect(d.schedule[0].dueDate).toBe(addDays(today, 90));
    expect(
      refusal(
        await r.demo.post(`/api/supplyloan/financings/${f.id}/extension`, {
          idempotencyKey: newKey(),
          newDueDate: addDays(today, 100),
          reason: '再次展期',
        }),
      ),
    ).toBe('该笔融资已展期过一次，不能再次展期');
    const list = okOf<{ items: { status: string }[]; totalCount: number }>(await r.demo.get('/api/supplyloan/extensions'));
    expect(list.items[0].status).toBe('APPROVED');
  });
});

describe('offline repayment voucher (线下还款)', () => {
  it('the voucher waits for the operator; confirmed, it is booked as a receipt and a repayment', async () => {
    const f = await disbursedFinancing(t, r, { amount: 5_000_000, termDays: 30 });
    const uploadId = await uploadPng(t, r.demo, 'VOUCHER');
    const account = await virtualAccountBalance(t.database.db, r.enterpriseId);
    const submitted = okOf<{ repaymentId: number; status: string }>(
      await r.demo.post(`/api/supplyloan/financings/${f.id}/voucher`, {
        idempotencyKey: newKey(),
        amount: 2_000_000,
        voucherUploadId: uploadId,
        payerAccountName: '上海鑫源贸易有限公司',
        payerAccountNo: '310066726018800012345',
      }),
    );
    expect(submitted.status).toBe('PENDING');
    expect(
      refusal(
        await r.demo.post(`/api/supplyloan/financings/${f.id}/voucher`, {
          idempotencyKey: newKey(),
          amount: 1_000,
          voucherUploadId: uploadId,
          payerAccountName: '上海鑫源',
          payerAccountNo: '310066726018800012345',
        }),
      ),
    ).toBe('该融资已有待确认的线下还款凭证，请等待确认后再提交');
    okOf(await approveTask(r.operator, 'REPAYMENT_VOUCHER', submitted.repaymentId, '款项已到账'));
    const after = await virtualAccountBalance(t.database.db, r.enterpriseId);
    expect(after!.available).toBe(account!.available); // in from the bank, straight out as the repayment
    // Repaid on the disbursement day, one day of interest is charged (issue 37 item 10): 50,000.00 × 6.5 % / 360 = 9.03.
    const d = await detailOf(f.id);
    expect(d).toMatchObject({ status: 'REPAYING', quote: { principal: 3_000_903, interest: 0 } });
    // A rejected voucher moves nothing.
    const second = okOf<{ repaymentId: number }>(
      await r.demo.post(`/api/supplyloan/financings/${f.id}/voucher`, {
        idempotencyKey: newKey(),
        amount: 3_000_000,
        voucherUploadId: uploadId,
        payerAccountName: '上海鑫源贸易有限公司',
        payerAccountNo: '310066726018800012345',
      }),
    );
    okOf(await rejectTask(r.operator, 'REPAYMENT_VOUCHER', second.repaymentId, '未查到该笔到账'));
    expect((await detailOf(f.id)).quote.principal).toBe(3_000_903);
    expect(
      refusal(
        await r.demo.post(`/api/supplyloan/financings/${f.id}/voucher`, {
          idempotencyKey: newKey(),
          amount: 3_000_904,
          voucherUploadId: uploadId,
          payerAccountName: '上海鑫源',
          payerAccountNo: '310066726018800012345',
        }),
      ),
    ).toBe('还款金额超过应还总额 30,009.03 元');
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('order loan and drawdowns (订单融资)', () => {
  it('applies against an order, signs, draws in two tranches each with its own due date, repays and settles', async () => {
    const line = okOf<{ id: number; available: number }[]>(await r.demo.get('/api/supplyloan/creditLines')).find(
      (l) => l.id === r.supplyLineId,
    )!;
    const body = {
      creditLineId: r.supplyLineId,
      orderNo: 'PO-2026-0001',
      orderAmount: 50_000_000,
      deliveryDate: addDays(today, 45),
      amount: 40_000_000,
      termDays: 90,
    };
    expect(refusal(await r.demo.post('/api/supplyloan/orderLoans', { idempotencyKey: newKey(), ...body, amount: 40_000_001 }))).toMatch(
      /^融资金额超过可融资额度/,
    );
    const loan = okOf<Applied>(await r.demo.post('/api/supplyloan/orderLoans', { ...body, idempotencyKey: newKey() }));
    expect(refusal(await r.demo.post('/api/supplyloan/orderLoans', { ...body, idempotencyKey: newKey() }))).toBe(
      '订单 PO-2026-0001 已融资，同一订单不能重复融资',
    );
    expect(
      refusal(
        await r.demo.post(`/api/supplyloan/financings/${loan.id}/drawdowns`, { idempotencyKey: newKey(), amount: 100_000, termDays: 30 }),
      ),
    ).toBe('订单融资合同签署后方可提款');
    okOf(await approveTask(r.operator, 'FINANCING_APPROVAL', loan.id));
    okOf(await signContract(t, r.demo, loan.contractId));
    expect((await detailOf(loan.id)).status).toBe('CONTRACT_SIGNED');

    const first = okOf<{ trancheId: number; interest: number; netAmount: number }>(
      await r.demo.post(`/api/supplyloan/financings/${loan.id}/drawdowns`, { idempotencyKey: newKey(), amount: 25_000_000, termDays: 30 }),
    );
    // 250,000.00 at 7.2 % for 30 days = 1,500.00 in arrears; fee 0.5 % = 1,250.00 withheld.
    expect(first).toMatchObject({ interest: 150_000, netAmount: 24_875_000 });
    expect(
      refusal(
        await r.demo.post(`/api/supplyloan/financings/${loan.id}/drawdowns`, {
          idempotencyKey: newKey(),
          amount: 15_000_001,
          termDays: 30,
        }),
      ),
    ).toBe('提款金额超过可提款额度（剩余 150,000.00 元）');
    expect(
      refusal(
        await r.demo.post(`/api/supplyloan/financings/${loan.id}/drawdowns`, { idempotencyKey: newKey(), amount: 100_000, termDays: 91 }),
      ),
    ).toBe('提款期限不能超过融资期限 90 天');
    okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', first.trancheId));
    const second = okOf<{ trancheId: number }>(
      await r.demo.post(`/api/supplyloan/financings/${loan.id}/drawdowns`, { idempotencyKey: newKey(), amount: 15_000_000, termDays: 60 }),
    );
    okOf(await approveTask(r.checker, 'FINANCING_DISBURSE', second.trancheId));
    const d = await detailOf(loan.id);
    expect(d.status).toBe('DISBURSED');
    expect(d.schedule.map((s) => s.dueDate)).toEqual([addDays(today, 30), addDays(today, 60)]);
    const drawdowns = okOf<{ items: unknown[]; totalCount: number }>(
      await r.demo.get('/api/supplyloan/drawdowns', { financingId: loan.id }),
    );
    expect(drawdowns.totalCount).toBe(2);
    const mid = okOf<{ id: number; available: number }[]>(await r.demo.get('/api/supplyloan/creditLines')).find(
      (l) => l.id === r.supplyLineId,
    )!;
    expect(mid.available).toBe(line.available - 40_000_000);
    expect(okOf<{ status: string }>(await repay(loan.id, d.quote.total)).status).toBe('SETTLED');
    const end = okOf<{ id: number; available: number }[]>(await r.demo.get('/api/supplyloan/creditLines')).find(
      (l) => l.id === r.supplyLineId,
    )!;
    expect(end.available).toBe(line.available);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('platform join (平台准入)', () => {
  it('the enterprise applies, the operator grants a one-year credit line with the requested limit', async () => {
    const db = t.database.db;
    const [open] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.open));
    const list = okOf<{ id: number; creditLine: unknown; joinApplication: unknown }[]>(await r.demo.get('/api/supplyloan/platforms'));
    expect(list.find((p) => p.id === open.id)).toMatchObject({ creditLine: null, joinApplication: null });
    const applied = okOf<{ id: number }>(
      await r.demo.post('/api/supplyloan/platforms/join', {
        idempotencyKey: newKey(),
        platformId: open.id,
        requestedLimit: 300_000_000,
        remark: '年采购额约 1,200 万元',
      }),
    );
    expect(
      refusal(
        await r.demo.post('/api/supplyloan/platforms/join', { idempotencyKey: newKey(), platformId: open.id, requestedLimit: 300_000_000 }),
      ),
    ).toBe('该平台的准入申请正在审核中，请勿重复提交');
    okOf(await approveTask(r.operator, 'PLATFORM_JOIN', applied.id, '准入'));
    const [line] = await db
      .select()
      .from(creditLines)
      .where(and(eq(creditLines.platformId, open.id), eq(creditLines.enterpriseId, r.enterpriseId)));
    expect(line).toMatchObject({ limit: 300_000_000, used: 0, status: 'ACTIVE', startDate: today, expiryDate: addDays(today, 365) });
    expect(
      refusal(await r.demo.post('/api/supplyloan/platforms/join', { idempotencyKey: newKey(), platformId: open.id, requestedLimit: 100 })),
    ).toBe('您已加入该平台，授信有效');
    const after = okOf<{ id: number; creditLine: { available: number } }[]>(await r.demo.get('/api/supplyloan/platforms'));
    expect(after.find((p) => p.id === open.id)!.creditLine.available).toBe(300_000_000);
  });
});

describe('factoring repayment list (/user/factorRepayment)', () => {
  it('lists disbursed financings by due date with the amount due today, flagging those due within 7 days', async () => {
    const f = await disbursedFinancing(t, r, { amount: 2_000_000, termDays: 5 });
    const due = okOf<{
      items: { id: number; dueToday: number; nextDueDate: string; dueSoon: boolean }[];
      totals: { count: number; dueSoonCount: number };
    }>(await r.demo.get('/api/supplyloan/due'));
    // Owed today includes the one day charged on the disbursement day: 20,000.00 × 6.5 % / 360 = 3.61.
    expect(due.items[0]).toMatchObject({ id: f.id, dueToday: 2_000_361, nextDueDate: addDays(today, 5), dueSoon: true });
    // Everything else is due later than 7 days from now: listed, not flagged.
    expect(due.items.slice(1).every((i) => !i.dueSoon && i.nextDueDate > addDays(today, 7))).toBe(true);
    expect(due.totals.dueSoonCount).toBe(1);
    const summary = okOf<{ dueSoon: { count: number; amount: number } }>(await r.demo.get('/api/supplyloan/summary'));
    expect(summary.dueSoon).toMatchObject({ count: 1, amount: 2_000_361 });
  });
});

/**
 * Issue 37 item 10, through the lending core: interest deducted upfront is for the agreed term — an
 * early settlement gives back the days not used (actual/360, rounded down) to the free funds; a loan
 * repaid on its disbursement day is charged one day. The quote shows what the repayment books.
 */
describe('early settlement and same-day repayment (issue 37 item 10)', () => {
  /** A financing on the demo supply platform priced in upfront mode (the platform's mode is copied at application). */
  async function upfrontFinancing(amount: number, termDays: number) {
    const db = t.database.db;
    const [platform] = await db.select().from(platforms).where(eq(platforms.code, DEMO_PLATFORM_CODES.supply));
    await db.update(platforms).set({ interestMode: 'UPFRONT' }).where(eq(platforms.id, platform!.id));
    try {
      return await disbursedFinancing(t, r, { amount, termDays });
    } finally {
      await db.update(platforms).set({ interestMode: platform!.interestMode }).where(eq(platforms.id, platform!.id));
    }
  }
  type Repaid = { principal: number; interest: number; penalty: number; interestRefund: number; status: string; refNo: string };
  type Flows = { items: { flowType: string; amount: number; memo: string | null }[] };

  it('¥300,000.00 upfront at 7.2 % for 90 days settled on day 30: the 60 unused days, ¥3,600.00, go back to the free funds', async () => {
    const f = await upfrontFinancing(30_000_000, 90);
    // 300,000.00 × 7.2 % × 90 / 360 = 5,400.00 deducted; fee 0.5 % = 1,500.00; net 293,100.00.
    expect(f).toMatchObject({ interest: 540_000, serviceFee: 150_000, netAmount: 29_310_000 });
    const start = addDays(today, -30);
    await t.database.db
      .update(financingTranches)
      .set({ startDate: start, interestFrom: null, dueDate: addDays(start, 90) })
      .where(eq(financingTranches.id, f.trancheId));
    // floor(30,000,000 × 72,000 × 60 / 360,000,000) = 360,000 cents.
    const refund = Number((30_000_000n * 72_000n * 60n) / 360_000_000n);
    expect(refund).toBe(360_000);
    const page = okOf<{ quote: Quote & { interestRefund: number; tranches: { interestRefund: number }[] } }>(
      await r.demo.get(`/api/supplyloan/financings/${f.id}/quote`),
    );
    expect(page.quote).toMatchObject({ principal: 30_000_000, interest: 0, penalty: 0, total: 30_000_000, interestRefund: refund });
    expect(page.quote.tranches[0]!.interestRefund).toBe(refund);

    const before = await virtualAccountBalance(t.database.db, r.enterpriseId);
    const income = await factorBalance(t, 'INTEREST_INCOME');
    const key = newKey();
    const send = () =>
      r.demo.post(
        `/api/supplyloan/financings/${f.id}/repay`,
        { amount: page.quote.total, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: key },
        { json: true },
      );
    const paid = okOf<Repaid>(await send());
    expect(paid).toMatchObject({ principal: 30_000_000, interest: 0, penalty: 0, interestRefund: refund, status: 'SETTLED' });
    // The same key replays the answer and gives nothing back twice.
    expect(okOf<Repaid>(await send())).toEqual(paid);
    const after = await virtualAccountBalance(t.database.db, r.enterpriseId);
    // Out: the principal; in: the refund and the unspent controlled proceeds released on settlement.
    expect(after!.available - before!.available).toBe(-30_000_000 + refund + 29_310_000);
    expect(income - (await factorBalance(t, 'INTEREST_INCOME'))).toBe(refund);
    const flows = okOf<Flows>(await r.demo.get('/api/funds/flows', { type: 'INTEREST_REFUND', size: 50 }));
    expect(flows.items.filter((i) => i.memo?.startsWith(f.financingNo))).toEqual([
      expect.objectContaining({ flowType: 'INTEREST_REFUND', amount: refund }),
    ]);
    const d = okOf<{
      repayments: { interestRefund: number; allocations: { interestRefund?: number }[] }[];
      history: { note: string | null }[];
    }>(await r.demo.get(`/api/supplyloan/financings/${f.id}`));
    expect(d.repayments).toHaveLength(1);
    expect(d.repayments[0]).toMatchObject({ interestRefund: refund, allocations: [expect.objectContaining({ interestRefund: refund })] });
    expect(d.history.some((h) => h.note?.includes('退还未用天数利息 3,600.00 元'))).toBe(true);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('repaid on the disbursement day: arrears are charged one day (¥60.00), upfront keeps one day and gives back 89', async () => {
    // In arrears (the demo platform's mode), 7.2 % for 90 days: one day on 300,000.00 = 60.00.
    const arrears = await disbursedFinancing(t, r, { amount: 30_000_000, termDays: 90 });
    const q = okOf<{ quote: Quote & { interestRefund: number } }>(await r.demo.get(`/api/supplyloan/financings/${arrears.id}/quote`)).quote;
    expect(q).toMatchObject({ principal: 30_000_000, interest: 6_000, total: 30_006_000, interestRefund: 0 });
    const income = await factorBalance(t, 'INTEREST_INCOME');
    expect(okOf<Repaid>(await repay(arrears.id, 30_006_000))).toMatchObject({ interest: 6_000, interestRefund: 0, status: 'SETTLED' });
    expect((await factorBalance(t, 'INTEREST_INCOME')) - income).toBe(6_000);

    // Upfront: 5,400.00 deducted; floor(30,000,000 × 72,000 × 89 / 360,000,000) = 534,000 back, 60.00 kept.
    const upfront = await upfrontFinancing(30_000_000, 90);
    const u = okOf<{ quote: Quote & { interestRefund: number } }>(await r.demo.get(`/api/supplyloan/financings/${upfront.id}/quote`)).quote;
    expect(u).toMatchObject({ interest: 0, total: 30_000_000, interestRefund: 534_000 });
    const income2 = await factorBalance(t, 'INTEREST_INCOME');
    expect(okOf<Repaid>(await repay(upfront.id, 30_000_000))).toMatchObject({ interestRefund: 534_000, status: 'SETTLED' });
    expect(income2 - (await factorBalance(t, 'INTEREST_INCOME'))).toBe(534_000);
    expect(upfront.interest - 534_000).toBe(6_000);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});
