import { addMonths, buildSchedule, chinaDate, parsePercent, parseYuan, type IsoDate } from '@factoring/domain';
import type { LoanHistoryEvent } from '@factoring/domain/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmTasks, cloudLoanApplications, cloudLoanDrawdowns, loanInstalments, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { ledgerFingerprint, ledgerProblems } from '../ledger/testing.ts';
import { runStep } from '../../jobs/close-of-business.ts';
import { cloudLoanDebitStep } from './jobs/daily-debit.ts';
import { available, badRequest, deposit, drainTo, GOOD_APPLICATION, newKey, okOf, refusal } from './testing.ts';

let t: TestApp;
let demo: TestClient;
let operator: TestClient;
let enterpriseId: number;
let otherEnterpriseId: number;
const today = chinaDate();

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.loginAs('demo');
  operator = await t.loginAs('operator');
  const [me] = await t.database.db.select().from(users).where(eq(users.loginName, 'demo'));
  const [other] = await t.database.db.select().from(users).where(eq(users.loginName, 'gouxiao'));
  enterpriseId = me.enterpriseId!;
  otherEnterpriseId = other.enterpriseId!;
  // The demo world holds cloud-loan history of its own (seed/cloudloan.ts); this file starts the area from a clean
  // slate so its counts and job dates are its own (the seeded ledger entries stay, balanced).
  await t.database.db.execute(sql`delete from job_runs where job = 'cloudloan-debits'`);
  await t.database.db.execute(sql`delete from loan_instalments where product = 'CLOUD'`);
  for (const table of ['cloud_loan_repayments', 'cloud_loan_drawdowns', 'cloud_loan_applications'])
    await t.database.db.execute(sql.raw(`delete from ${table}`));
});
afterAll(() => t.close());

type Schedule = {
  rows: { period: number; dueDate: string; payment: number; principal: number; interest: number; remaining: number }[];
  totals: Record<string, number>;
  shortenedFrom: number | null;
};
type Detail = {
  status: string;
  bankRef: string | null;
  overdue: boolean;
  outstandingPrincipal: number;
  instalments: (Schedule['rows'][number] & { status: string; overdue: boolean; penalty: number; dueNow: number })[];
  repayments: {
    kind: string;
    principal: number;
    interest: number;
    penalty: number;
    total: number;
    refNo: string;
    bankRef: string | null;
  }[];
  quote: { principal: number; interest: number; penalty: number; total: number } | null;
  history: LoanHistoryEvent[];
};

const trial = (q: Record<string, string | number>) => t.client().get('/api/cloudloan/trial', q);
const apply = (body: Record<string, unknown>) =>
  demo.post('/api/cloudloan/applications', { ...body, idempotencyKey: newKey() }, { json: true });
const eligibility = async () =>
  okOf<{ allowed: boolean; code: string | null; reason: string | null }>(await demo.get('/api/cloudloan/eligibility'));
const detailOf = async (id: number) => okOf<Detail>(await demo.get(`/api/cloudloan/drawdowns/${id}`));
const money = (extra: Record<string, unknown>) => ({ ...extra, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() });
const applicationCount = async () => (await t.database.db.select().from(cloudLoanApplications)).length;

async function expectBalancedLedger() {
  expect(await ledgerProblems(t.database.db)).toEqual([]);
}

describe('repayment trial (PRODUCT §2 check values through the API)', () => {
  it('1,000,000.00 at 4.9 % over 36 months: 29,926.02 a month, first interest 4,083.33; equal principal first payment 31,861.11', async () => {
    const q = { amount: 100_000_000, annualRatePpm: 49_000, termMonths: 36, startDate: '2024-01-31' };
    const ei = okOf<Schedule>(await trial({ ...q, method: 'EQUAL_INSTALMENT' }));
    expect(ei.rows).toHaveLength(36);
    expect(ei.rows[0]).toMatchObject({ payment: 2_992_602, interest: 408_333, dueDate: '2024-02-29' });
    expect(ei.totals).toEqual({ payment: 107_733_671, principal: 100_000_000, interest: 7_733_671 });
    const ep = okOf<Schedule>(await trial({ ...q, method: 'EQUAL_PRINCIPAL' }));
    expect(ep.rows[0].payment).toBe(3_186_111);
  });

  it('half cents round up: 180.00 at 4.9 % → 0.74; 4,618,200.00 at 20.53 % → 79,009.71', async () => {
    expect(
      okOf<Schedule>(
        await trial({ amount: 18_000, annualRatePpm: 49_000, termMonths: 3, method: 'INTEREST_FIRST', startDate: '2026-01-15' }),
      ).rows[0].interest,
    ).toBe(74);
    expect(
      okOf<Schedule>(
        await trial({ amount: 461_820_000, annualRatePpm: 205_300, termMonths: 12, method: 'EQUAL_INSTALMENT', startDate: '2026-01-15' }),
      ).rows[0].interest,
    ).toBe(7_900_971);
  });

  it.each([
    [{ annualRatePpm: 0 }, '年利率必须大于 0'],
    [{ annualRatePpm: 360_001 }, '年利率不能超过 36%'],
    [{ method: 'MONTHLY' }, '还款方式不正确'],
    [{ startDate: '2026-02-30' }, '起息日格式不正确'],
    // The product's terms, 3 to 36 months (issue 24: the trial priced 37 months), the application's own rule.
    [{ termMonths: 37 }, '借款期限应为 3 到 36 个月'],
    [{ termMonths: 2 }, '借款期限应为 3 到 36 个月'],
    [{ termMonths: 360 }, '借款期限应为 3 到 36 个月'],
    [{ termMonths: '12.5' }, '借款期限须为整数个月'],
    [{ amount: '12.5' }, '借款金额必须是以分为单位的整数'],
  ])('refuses %j with a 400 naming the field', async (override, text) => {
    const res = await trial({
      amount: 100_000,
      annualRatePpm: 49_000,
      termMonths: 12,
      method: 'EQUAL_INSTALMENT',
      startDate: '2026-01-15',
      ...override,
    });
    expect(badRequest(res)).toContain(text);
  });
});

describe('apply → grant → draw → daily debits → early repayment → pay-off → settled', () => {
  let applicationId: number;
  let drawdownId: number;
  let preview: Schedule;

  it('the enterprise is eligible; the menu answer is the same rule', async () => {
    expect(await eligibility()).toEqual({ allowed: true, reason: null, code: null });
    expect(okOf<boolean>(await demo.get('/api/slccbprecredit/isAllowCcbLoan'))).toBe(true);
  });

  it('bad applications are refused and change nothing', async () => {
    const before = await applicationCount();
    expect(refusal(await apply({ ...GOOD_APPLICATION, amount: 300_000_001 })).code).toBe('AMOUNT_OVER_MAX');
    expect(refusal(await apply({ ...GOOD_APPLICATION, amount: 999_999 })).code).toBe('AMOUNT_UNDER_MIN');
    expect(badRequest(await apply({ ...GOOD_APPLICATION, termMonths: 2 }))).toContain('借款期限应为 3 到 36 个月');
    expect(badRequest(await apply({ ...GOOD_APPLICATION, termMonths: 37 }))).toContain('借款期限应为 3 到 36 个月');
    expect(badRequest(await apply({ ...GOOD_APPLICATION, method: 'BALLOON' }))).toContain('还款方式不正确');
    expect(badRequest(await apply({ ...GOOD_APPLICATION, creditEnquiryConsent: false }))).toContain('请授权银行查询企业征信');
    expect(badRequest(await apply({ ...GOOD_APPLICATION, contactPhone: '12345' }))).toContain('联系电话');
    expect(await applicationCount()).toBe(before);
  });

  it('applies; while it is pending the enterprise is not eligible, and a second application (direct call) is refused', async () => {
    const a = okOf<{ id: number; applicationNo: string; status: string }>(await apply(GOOD_APPLICATION));
    expect(a).toMatchObject({ status: 'SUBMITTED', applicationNo: expect.stringMatching(/^YD\d{14}$/) });
    applicationId = a.id;
    expect(await eligibility()).toMatchObject({ allowed: false, code: 'APPLICATION_PENDING' });
    expect(okOf<boolean>(await demo.get('/api/slccbprecredit/isAllowCcbLoan'))).toBe(false);
    const before = await applicationCount();
    expect(refusal(await apply(GOOD_APPLICATION)).code).toBe('APPLICATION_PENDING');
    expect(await applicationCount()).toBe(before);
  });

  it('while it is pending the product page, the trial and the loan pages stay in the menu (issue 24)', async () => {
    const menus = okOf<{ route: string | null; mpid: number | null }[]>(await demo.get('/api/menus'));
    const inSider = menus.filter((m) => m.mpid !== -1).map((m) => m.route);
    expect(inSider).toEqual(expect.arrayContaining(['/supplyloan/ccbft', '/supplyloan/ccbftTrialPayment']));
    expect(menus.map((m) => m.route)).toContain('/supplyloan/myfinancing/cloudComponent/CloudLoanTab');
    // The product page reads the application's state from the list.
    const list = okOf<{ items: { applicationNo: string; status: string; statusLabel: string }[] }>(
      await demo.get('/api/cloudloan/applications', { page: 1, size: 1 }),
    );
    expect(list.items[0]).toMatchObject({ status: 'SUBMITTED', statusLabel: '银行审批中' });
  });

  it('the operator grants for the bank: 500,000.00 at 7.2 % for 6 months; the agreement is drawn up', async () => {
    expect(
      badRequest(
        await operator.post(
          `/api/cloudloan/operator/applications/${applicationId}/grant`,
          { amount: 50_000_000, annualRatePpm: 0, termMonths: 6 },
          { json: true },
        ),
      ),
    ).toContain('授信年利率必须大于 0');
    expect(
      badRequest(
        await operator.post(
          `/api/cloudloan/operator/applications/${applicationId}/grant`,
          { amount: 50_000_000, annualRatePpm: 400_000, termMonths: 6 },
          { json: true },
        ),
      ),
    ).toContain('不能超过 36%');
    expect(
      (
        await demo.post(
          `/api/cloudloan/operator/applications/${applicationId}/grant`,
          { amount: 50_000_000, annualRatePpm: 72_000, termMonths: 6 },
          { json: true },
        )
      ).statusCode,
    ).toBe(403);
    okOf(
      await operator.post(
        `/api/cloudloan/operator/applications/${applicationId}/grant`,
        { amount: 50_000_000, annualRatePpm: 72_000, termMonths: 6, validityDays: 90, comment: '经营稳定' },
        { json: true },
      ),
    );
    const app = okOf<{
      status: string;
      grantedAmount: number;
      grantedRatePpm: number;
      expiryDate: string;
      contractId: number;
      agreementSigned: boolean;
    }>(await demo.get(`/api/cloudloan/applications/${applicationId}`));
    expect(app).toMatchObject({ status: 'GRANTED', grantedAmount: 50_000_000, grantedRatePpm: 72_000, agreementSigned: false });
    const contracts = okOf<{ items: { id: number; type: string }[] }>(await demo.get('/api/contracts', { size: 50 }));
    expect(contracts.items.find((c) => c.id === app.contractId)?.type).toBe('CLOUD_LOAN');
    expect(await eligibility()).toEqual({ allowed: true, reason: null, code: null });
  });

  it('no drawdown before the agreement is signed; none beyond the grant; the preview is the booked plan, row by row', async () => {
    const fp = await ledgerFingerprint(t.database.db);
    expect(
      refusal(await demo.post(`/api/cloudloan/credits/${applicationId}/draw`, money({ amount: 30_000_000 }), { json: true })).code,
    ).toBe('AGREEMENT_UNSIGNED');
    const { contractId } = okOf<{ contractId: number }>(await demo.get(`/api/cloudloan/applications/${applicationId}`));
    okOf(await demo.post(`/api/contracts/${contractId}/sign`, { password: t.encrypt(DEMO_PASSWORD) }));
    expect(
      refusal(await demo.post(`/api/cloudloan/credits/${applicationId}/draw`, money({ amount: 50_000_001 }), { json: true })).code,
    ).toBe('OVER_AVAILABLE');
    expect(refusal(await demo.get(`/api/cloudloan/credits/${applicationId}/preview`, { amount: 50_000_001 })).code).toBe('OVER_AVAILABLE');
    expect(await ledgerFingerprint(t.database.db)).toBe(fp);

    preview = okOf<Schedule>(await demo.get(`/api/cloudloan/credits/${applicationId}/preview`, { amount: 30_000_000 }));
    // The same domain function with the same inputs, computed here independently of the server.
    expect(preview).toEqual(
      buildSchedule({
        principal: parseYuan('300,000.00'),
        annualRatePpm: parsePercent('7.2'),
        months: 6,
        method: 'EQUAL_INSTALMENT',
        startDate: today,
      }),
    );
    const before = await available(t, enterpriseId);
    const drawn = okOf<{ id: number; refNo: string; instalments: number }>(
      await demo.post(`/api/cloudloan/credits/${applicationId}/draw`, money({ amount: 30_000_000 }), { json: true }),
    );
    drawdownId = drawn.id;
    expect(await available(t, enterpriseId)).toBe(before + 30_000_000); // free funds
    const booked = await detailOf(drawdownId);
    expect(
      booked.instalments.map(({ period, dueDate, payment, principal, interest, remaining }) => ({
        period,
        dueDate,
        payment,
        principal,
        interest,
        remaining,
      })),
    ).toEqual(preview.rows);
    expect(booked).toMatchObject({ status: 'DRAWN', outstandingPrincipal: 30_000_000 });
    expect(booked.bankRef).toMatch(/^LOAN-YDTK\d{14}$/); // the built-in bank's loan reference, through its adapter
    const credits = okOf<{ applicationId: number; drawnAmount: number; availableAmount: number; state: string }[]>(
      await demo.get('/api/cloudloan/credits'),
    );
    expect(credits.find((c) => c.applicationId === applicationId)).toMatchObject({
      drawnAmount: 30_000_000,
      availableAmount: 20_000_000,
      state: 'VALID',
    });
    await expectBalancedLedger();
  });

  /** Shifts the loan 3 months into the past so that three due dates have come. */
  async function backdate(months: number) {
    const start = addMonths(today, -months);
    await t.database.db.update(cloudLoanDrawdowns).set({ applyDate: start }).where(eq(cloudLoanDrawdowns.id, drawdownId));
    for (const row of preview.rows) {
      await t.database.db
        .update(loanInstalments)
        .set({ dueDate: addMonths(start, row.period) })
        .where(
          sql`${loanInstalments.product} = 'CLOUD' and ${loanInstalments.loanId} = ${drawdownId} and ${loanInstalments.period} = ${row.period}`,
        );
    }
    return start;
  }

  it('the daily job debits due instalments, marks one overdue with penalty when the balance is short, and catches up', async () => {
    const start = await backdate(3);
    const due = (p: number): IsoDate => addMonths(start, p);
    // Due date 1: enough money.
    const r1 = await runStep(t.database.db, cloudLoanDebitStep(t.app.bankAdapters), due(1));
    expect(r1).toMatchObject({ skipped: false, debited: 1, debitedTotal: preview.rows[0].payment, overdue: 0 });
    expect((await runStep(t.database.db, cloudLoanDebitStep(t.app.bankAdapters), due(1))).skipped).toBe(true); // once per date
    let d = await detailOf(drawdownId);
    // Read today, instalment 2 (backdated a month) is already past its due date: by the dates the loan is overdue (issue 33).
    expect(d).toMatchObject({ status: 'REPAYING', overdue: true, outstandingPrincipal: 30_000_000 - preview.rows[0].principal });
    await expectBalancedLedger();

    // Due date 2: the account has been emptied (a real transfer out): overdue, later instalments wait.
    const moved = await drainTo(t, enterpriseId, otherEnterpriseId, 100);
    const r2 = await runStep(t.database.db, cloudLoanDebitStep(t.app.bankAdapters), due(2));
    expect(r2).toMatchObject({ debited: 0, overdue: 1, penaltyToDate: 0 });
    d = await detailOf(drawdownId);
    expect(d.overdue).toBe(true);
    expect(d.instalments[1]).toMatchObject({ status: 'PENDING', overdue: true });
    expect(await eligibility()).toMatchObject({ allowed: false, code: 'IN_ARREARS' });
    await expectBalancedLedger();

    // Five days later the money is back: instalment 2 with 5 days of penalty on its principal (× 1.5).
    await deposit(t, enterpriseId, moved);
    const later = addMonths(start, 2).replace(/\d\d$/, (dd) => String(Number(dd)).padStart(2, '0'));
    const fiveDaysLate = new Date(Date.parse(`${later}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
    const penalty = Math.floor((preview.rows[1].principal * 72_000 * 1_500_000 * 5) / (1_000_000 * 1_000_000 * 360) + 0.5);
    const r3 = await runStep(t.database.db, cloudLoanDebitStep(t.app.bankAdapters), fiveDaysLate);
    expect(r3).toMatchObject({ debited: 1, debitedTotal: preview.rows[1].payment + penalty, overdue: 0 });
    d = await detailOf(drawdownId);
    expect(d.overdue).toBe(false);
    expect(d.repayments.at(-1)).toMatchObject({ kind: 'AUTO_DEBIT', penalty });
    expect(d.repayments.at(-1)!.bankRef).toBe(`AUTO_DEBIT-${d.repayments.at(-1)!.refNo}`);
    await expectBalancedLedger();

    // Today: instalment 3 falls due (the job catches up on it).
    const r4 = await runStep(t.database.db, cloudLoanDebitStep(t.app.bankAdapters), today);
    expect(r4).toMatchObject({ debited: 1, overdue: 0 });
    expect((await detailOf(drawdownId)).instalments.filter((i) => i.status === 'PAID')).toHaveLength(3);
    await expectBalancedLedger();
  });

  it('repays instalment 4 early; an amount beyond what it takes is refused and changes nothing', async () => {
    const d = await detailOf(drawdownId);
    const fourth = d.instalments[3];
    const fp = await ledgerFingerprint(t.database.db);
    const over = refusal(
      await demo.post(`/api/cloudloan/drawdowns/${drawdownId}/repay`, money({ period: 4, amount: fourth.dueNow + 1 }), { json: true }),
    );
    expect(over.code).toBe('OVER_OWED');
    expect(over.message).toMatch(/^还款金额超过该期应还金额/);
    expect(
      refusal(
        await demo.post(`/api/cloudloan/drawdowns/${drawdownId}/repay`, money({ period: 5, amount: d.instalments[4].dueNow }), {
          json: true,
        }),
      ).code,
    ).toBe('OUT_OF_ORDER');
    expect(await ledgerFingerprint(t.database.db)).toBe(fp);
    const paid = okOf<{ total: number; status: string }>(
      await demo.post(`/api/cloudloan/drawdowns/${drawdownId}/repay`, money({ period: 4, amount: fourth.dueNow }), { json: true }),
    );
    expect(paid).toMatchObject({ total: fourth.payment, status: 'REPAYING' });
    await expectBalancedLedger();
  });

  it('pays the rest off at the quote (remaining principal + interest to the day); settled; the ledger balances', async () => {
    const d = await detailOf(drawdownId);
    const remaining = d.instalments.filter((i) => i.status === 'PENDING').reduce((s, i) => s + i.principal, 0);
    expect(d.quote).toMatchObject({ principal: remaining, penalty: 0 });
    expect(d.quote!.total).toBe(d.quote!.principal + d.quote!.interest);
    const fp = await ledgerFingerprint(t.database.db);
    expect(
      refusal(await demo.post(`/api/cloudloan/drawdowns/${drawdownId}/payoff`, money({ amount: d.quote!.total + 1 }), { json: true })).code,
    ).toBe('OVER_OWED');
    expect(await ledgerFingerprint(t.database.db)).toBe(fp);
    const done = okOf<{ status: string; principal: number }>(
      await demo.post(`/api/cloudloan/drawdowns/${drawdownId}/payoff`, money({ amount: d.quote!.total }), { json: true }),
    );
    expect(done).toMatchObject({ status: 'SETTLED', principal: remaining });
    const settled = await detailOf(drawdownId);
    expect(settled).toMatchObject({ status: 'SETTLED', overdue: false, outstandingPrincipal: 0, quote: null });
    expect(settled.instalments.map((i) => i.status)).toEqual(['PAID', 'PAID', 'PAID', 'PAID', 'CLOSED', 'CLOSED']);
    expect(refusal(await demo.post(`/api/cloudloan/drawdowns/${drawdownId}/payoff`, money({ amount: 1 }), { json: true })).code).toBe(
      'SETTLED',
    );
    const totals = okOf<{ repaidPrincipal: number; settledLoans: number }>(await demo.get('/api/cloudloan/totals'));
    expect(totals).toMatchObject({ repaidPrincipal: 30_000_000, settledLoans: 1 });
    await expectBalancedLedger();
  });

  it('the loan keeps one history in the lending core’s store: drawn, each repayment, overdue once, repaying, settled (issue 35)', async () => {
    const { history } = await detailOf(drawdownId);
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.actorName])).toEqual([
      ['提款', null, 'DRAWN', expect.any(String)],
      ['到期自动扣款', null, null, '系统'],
      ['还款中', 'DRAWN', 'REPAYING', '系统'],
      ['逾期', null, null, '系统'],
      ['到期自动扣款', null, null, '系统'],
      ['到期自动扣款', null, null, '系统'],
      ['提前还当期', null, null, expect.any(String)],
      ['提前结清', null, null, expect.any(String)],
      ['结清', 'REPAYING', 'SETTLED', expect.any(String)],
    ]);
    expect(history.every((h) => h.financingId === drawdownId)).toBe(true);
    expect(history[0].note).toMatch(/^.+放款 ¥300,000\.00，6 期，到期日 \d{4}-\d{2}-\d{2}$/);
    expect(history[4].note).toMatch(/^第 2 期，本金 ¥[\d,]+\.\d\d，利息 ¥[\d,]+\.\d\d，罚息 ¥[1-9][\d,]*\.\d\d（.+）$/);
  });

  it('no drawdown after the credit expires', async () => {
    await t.database.db
      .update(cloudLoanApplications)
      .set({ expiryDate: addMonths(today, -1) })
      .where(eq(cloudLoanApplications.id, applicationId));
    const fp = await ledgerFingerprint(t.database.db);
    expect(
      refusal(await demo.post(`/api/cloudloan/credits/${applicationId}/draw`, money({ amount: 1_000_000 }), { json: true })).code,
    ).toBe('CREDIT_EXPIRED');
    expect(await ledgerFingerprint(t.database.db)).toBe(fp);
  });

  it('the bank may refuse, with a reason the enterprise sees', async () => {
    const a = okOf<{ id: number }>(await apply({ ...GOOD_APPLICATION, amount: 20_000_000 }));
    expect(
      badRequest(await operator.post(`/api/cloudloan/operator/applications/${a.id}/reject`, { reason: '' }, { json: true })),
    ).toContain('拒绝原因');
    okOf(await operator.post(`/api/cloudloan/operator/applications/${a.id}/reject`, { reason: '近一年纳税额不足' }, { json: true }));
    expect(okOf(await demo.get(`/api/cloudloan/applications/${a.id}`))).toMatchObject({
      status: 'REJECTED',
      rejectReason: '近一年纳税额不足',
    });
    expect(
      refusal(
        await operator.post(
          `/api/cloudloan/operator/applications/${a.id}/grant`,
          { amount: 20_000_000, annualRatePpm: 72_000, termMonths: 6 },
          { json: true },
        ),
      ).code,
    ).toBe('NOT_PENDING');
  });

  it('the inbox’s plain approval grants what was asked at the product’s reference rate; the decision is kept in the bank’s task', async () => {
    const a = okOf<{ id: number }>(await apply({ ...GOOD_APPLICATION, amount: 20_000_000, termMonths: 9 }));
    const [task] = await t.database.db
      .select()
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, 'CLOUD_LOAN_APPLICATION'), eq(bpmTasks.refId, String(a.id))));
    okOf(await operator.post(`/api/bpm/tasks/${task.id}/approve`, { comment: '同意' }, { json: true }));
    expect(okOf(await demo.get(`/api/cloudloan/applications/${a.id}`))).toMatchObject({
      status: 'GRANTED',
      grantedAmount: 20_000_000,
      grantedRatePpm: 72_000,
      grantedTermMonths: 9,
    });
    const [decided] = await t.database.db.select().from(bpmTasks).where(eq(bpmTasks.id, task.id));
    expect(decided).toMatchObject({
      state: 'APPROVED',
      data: { decision: { state: 'GRANTED', amount: 20_000_000, annualRatePpm: 72_000 } },
    });
  });
});
