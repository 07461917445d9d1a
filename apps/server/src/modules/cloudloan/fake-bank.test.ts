/**
 * Issue 22, "bank cloud loan through its seam": the whole cloud-loan path against a second bank — an
 * in-test fake that implements BankAdapter and nothing more, with references, decisions and a
 * repayment plan of its own. Everything the portal books (the grant, the agreement, the drawdown, the
 * plan, the debits and repayments with their bank references) must come from the adapter's answers:
 * the fake grants less than asked, at a rate and term nobody entered, and rounds its interest to whole
 * yuan, which no code of the portal does.
 */
import {
  addDays,
  addMonths,
  buildSchedule,
  chinaDate,
  type Cents,
  type IsoDate,
  type Schedule,
  type ScheduleInput,
} from '@factoring/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import { bpmTasks, cloudLoanDrawdowns, loanInstalments, siteConfig, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { ledgerProblems } from '../ledger/testing.ts';
import type { BankAdapter, BankApplication, BankApplicationRef, BankDecision, BankDrawdown, BankRepayment } from './bank-adapter.ts';
import { runStep } from '../../jobs/close-of-business.ts';
import { cloudLoanDebitStep } from './jobs/daily-debit.ts';
import { bankDecisionArrived } from './operations/bank-decision-arrived.ts';
import { CLOUD_LOAN_CONFIG_KEY } from './product.ts';
import { available, GOOD_APPLICATION, newKey, okOf, refusal } from './testing.ts';

/** A bank of its own: its books are these maps; the portal reaches it only through the interface. */
class FakeBank implements BankAdapter {
  readonly name = 'fake-bank';
  readonly applications = new Map<string, { application: BankApplication; decision: BankDecision }>();
  readonly queried: string[] = [];
  readonly draws: BankDrawdown[] = [];
  readonly repayments: BankRepayment[] = [];
  scheduleCalls = 0;
  /** A decision the bank takes the moment an application arrives (a scoring bank), if set. */
  decideOnSubmit: BankDecision | null = null;

  async submitApplication(_tx: Tx, application: BankApplication) {
    const bankRef = `FB-CREDIT-${this.applications.size + 1}`;
    this.applications.set(bankRef, { application, decision: this.decideOnSubmit ?? { state: 'PENDING' } });
    return { bankRef };
  }
  async queryDecision(_tx: Tx, application: BankApplicationRef) {
    this.queried.push(application.bankRef!);
    return this.applications.get(application.bankRef!)?.decision ?? { state: 'PENDING' as const };
  }
  async draw(_tx: Tx, drawdown: BankDrawdown) {
    this.draws.push(drawdown);
    return { bankRef: `FB-LOAN-${this.draws.length}` };
  }
  async repay(_tx: Tx, repayment: BankRepayment) {
    this.repayments.push(repayment);
    return { bankRef: `FB-PAY-${this.repayments.length}` };
  }
  /** The bank's own plan: the domain's, with each period's interest cut to whole yuan. */
  querySchedule(input: ScheduleInput): Schedule {
    this.scheduleCalls += 1;
    return fakePlan(input);
  }
  /** The bank decides in its own books; the portal hears of it by the callback below. */
  decide(bankRef: string, decision: BankDecision) {
    this.applications.get(bankRef)!.decision = decision;
  }
}

function fakePlan(input: ScheduleInput): Schedule {
  const plan = buildSchedule(input);
  const rows = plan.rows.map((r) => {
    const interest = (Math.floor(r.interest / 100) * 100) as Cents;
    return { ...r, interest, payment: (r.principal + interest) as Cents };
  });
  const sum = (k: 'payment' | 'principal' | 'interest') => rows.reduce((s, r) => s + r[k], 0) as Cents;
  return {
    rows,
    totals: { payment: sum('payment'), principal: sum('principal'), interest: sum('interest') },
    shortenedFrom: plan.shortenedFrom,
  };
}

let t: TestApp;
let demo: TestClient;
let operator: TestClient;
let enterpriseId: number;
const bank = new FakeBank();
const today = chinaDate();

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.loginAs('demo');
  operator = await t.loginAs('operator');
  const [me] = await t.database.db.select().from(users).where(eq(users.loginName, 'demo'));
  enterpriseId = me.enterpriseId!;
  // A clean slate for the area (as cloudloan.test.ts), then the second bank: listed with the app's adapters and configured.
  await t.database.db.execute(sql`delete from job_runs where job = 'cloudloan-debits'`);
  await t.database.db.execute(sql`delete from loan_instalments where product = 'CLOUD'`);
  for (const table of ['cloud_loan_repayments', 'cloud_loan_drawdowns', 'cloud_loan_applications'])
    await t.database.db.execute(sql.raw(`delete from ${table}`));
  t.app.bankAdapters.add(bank);
  const [row] = await t.database.db.select().from(siteConfig).where(eq(siteConfig.key, CLOUD_LOAN_CONFIG_KEY));
  const value = { ...((row?.value as object | undefined) ?? {}), bankAdapter: bank.name, bankName: '测试银行（云贷）' };
  await t.database.db
    .insert(siteConfig)
    .values({ key: CLOUD_LOAN_CONFIG_KEY, value })
    .onConflictDoUpdate({ target: siteConfig.key, set: { value } });
});
afterAll(() => t.close());

const apply = (body: Record<string, unknown>) =>
  demo.post('/api/cloudloan/applications', { ...body, idempotencyKey: newKey() }, { json: true });
const money = (extra: Record<string, unknown>) => ({ ...extra, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() });
const applicationOf = (id: number) => demo.get(`/api/cloudloan/applications/${id}`).then((r) => okOf<Record<string, unknown>>(r));
const bankRefOf = (applicationId: number) => [...bank.applications.entries()].find(([, v]) => v.application.id === applicationId)![0];

type Row = { period: number; dueDate: string; payment: number; principal: number; interest: number; remaining: number };
type Detail = {
  status: string;
  bankRef: string | null;
  drawdownNo: string;
  instalments: (Row & { status: string; dueNow: number })[];
  repayments: {
    kind: string;
    period: number | null;
    refNo: string;
    bankRef: string | null;
    principal: number;
    interest: number;
    total: number;
  }[];
  quote: { total: number } | null;
};
const detailOf = async (id: number) => okOf<Detail>(await demo.get(`/api/cloudloan/drawdowns/${id}`));
const rowsOf = (rows: Row[]) =>
  rows.map(({ period, dueDate, payment, principal, interest, remaining }) => ({
    period,
    dueDate,
    payment,
    principal,
    interest,
    remaining,
  }));

describe('a second bank behind the same seam: apply → its decision → agreement → draw → plan → debit → repay → pay-off', () => {
  let applicationId: number;
  let drawdownId: number;
  let plan: Schedule;
  const grant = { amount: 42_000_000, annualRatePpm: 55_000, termMonths: 9, expiryDate: addDays(today, 60) };

  it('the application goes to the configured bank, which is asked for its decision at once (pending); no inbox task', async () => {
    const a = okOf<{ id: number; status: string }>(await apply(GOOD_APPLICATION)); // asks 500,000.00 for 6 months
    applicationId = a.id;
    expect(a.status).toBe('SUBMITTED');
    const ref = bankRefOf(a.id);
    expect(bank.applications.get(ref)!.application).toMatchObject({ amount: 50_000_000, termMonths: 6, enterpriseId });
    expect(bank.queried).toEqual([ref]);
    const tasks = await t.database.db
      .select()
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, 'CLOUD_LOAN_APPLICATION'), eq(bpmTasks.refId, String(a.id))));
    expect(tasks).toEqual([]);
    // The operator does not decide for this bank: not in the grant form's list, and a grant is refused.
    const pending = okOf<{ id: number }[]>(await operator.get('/api/cloudloan/operator/applications'));
    expect(pending.map((p) => p.id)).not.toContain(a.id);
    const refused = refusal(
      await operator.post(
        `/api/cloudloan/operator/applications/${a.id}/grant`,
        { amount: 50_000_000, annualRatePpm: 72_000, termMonths: 6 },
        { json: true },
      ),
    );
    expect(refused.code).toBe('NOT_PENDING');
  });

  it('the bank decides in its own books; the portal learns it only when asked through queryDecision, with the bank’s terms', async () => {
    const ref = bankRefOf(applicationId);
    bank.decide(ref, { state: 'GRANTED', ...grant, decidedBy: null, comment: '授信审批通过' });
    // Nothing is booked until the bank reports and the flow asks.
    expect(await applicationOf(applicationId)).toMatchObject({ status: 'SUBMITTED', grantedAmount: null });
    expect(await bankDecisionArrived(t.database.db, t.app.bankAdapters, bank.name, ref)).toMatchObject({ status: 'GRANTED' });
    expect(bank.queried.at(-1)).toBe(ref);
    expect(await applicationOf(applicationId)).toMatchObject({
      status: 'GRANTED',
      bankName: '测试银行（云贷）',
      grantedAmount: grant.amount,
      grantedRatePpm: grant.annualRatePpm,
      grantedTermMonths: grant.termMonths,
      grantedAt: today,
      expiryDate: grant.expiryDate,
      agreementSigned: false,
    });
    // A repeated report changes nothing.
    expect(await bankDecisionArrived(t.database.db, t.app.bankAdapters, bank.name, ref)).toMatchObject({ status: 'GRANTED' });
    const credit = okOf<{ applicationId: number; grantedAmount: number; annualRatePpm: number; termMonths: number; state: string }[]>(
      await demo.get('/api/cloudloan/credits'),
    ).find((c) => c.applicationId === applicationId);
    expect(credit).toMatchObject({ grantedAmount: 42_000_000, annualRatePpm: 55_000, termMonths: 9, state: 'UNSIGNED' });
  });

  it('the agreement with the bank’s terms is signed; the trial and the preview are the bank’s plan; the drawdown carries its loan reference', async () => {
    const { contractId } = await applicationOf(applicationId);
    okOf(await demo.post(`/api/contracts/${contractId}/sign`, { password: t.encrypt(DEMO_PASSWORD) }));
    const input: ScheduleInput = {
      principal: 30_000_000 as Cents,
      annualRatePpm: 55_000,
      months: 9,
      method: 'EQUAL_INSTALMENT',
      startDate: today,
    };
    plan = fakePlan(input);
    expect(plan.rows.map((r) => r.interest)).not.toEqual(buildSchedule(input).rows.map((r) => r.interest)); // truly the bank's own
    const calls = bank.scheduleCalls;
    const trial = okOf<Schedule>(
      await t.client().get('/api/cloudloan/trial', {
        amount: 30_000_000,
        annualRatePpm: 55_000,
        termMonths: 9,
        method: 'EQUAL_INSTALMENT',
        startDate: today,
      }),
    );
    expect(trial).toEqual(plan);
    const preview = okOf<Schedule>(await demo.get(`/api/cloudloan/credits/${applicationId}/preview`, { amount: 30_000_000 }));
    expect(preview).toEqual(plan);
    expect(
      refusal(await demo.post(`/api/cloudloan/credits/${applicationId}/draw`, money({ amount: 42_000_001 }), { json: true })).code,
    ).toBe('OVER_AVAILABLE');

    const before = await available(t, enterpriseId);
    const drawn = okOf<{ id: number; drawdownNo: string; refNo: string; bankRef: string; instalments: number }>(
      await demo.post(`/api/cloudloan/credits/${applicationId}/draw`, money({ amount: 30_000_000 }), { json: true }),
    );
    drawdownId = drawn.id;
    expect(bank.scheduleCalls).toBe(calls + 3); // trial, preview, drawdown
    expect(drawn).toMatchObject({ bankRef: 'FB-LOAN-1', instalments: 9 });
    expect(bank.draws).toEqual([
      {
        drawdownNo: drawn.drawdownNo,
        applicationNo: (await applicationOf(applicationId)).applicationNo,
        applicationBankRef: bankRefOf(applicationId),
        enterpriseId,
        principal: 30_000_000,
        schedule: input,
      },
    ]);
    expect(await available(t, enterpriseId)).toBe(before + 30_000_000);
    const [row] = await t.database.db.select().from(cloudLoanDrawdowns).where(eq(cloudLoanDrawdowns.id, drawdownId));
    expect(row).toMatchObject({ bankAdapter: bank.name, bankRef: 'FB-LOAN-1', annualRatePpm: 55_000, termMonths: 9 });
    const d = await detailOf(drawdownId);
    expect(d.bankRef).toBe('FB-LOAN-1');
    expect(rowsOf(d.instalments)).toEqual(plan.rows);
    const list = okOf<{ items: { id: number; bankRef: string | null }[] }>(await demo.get('/api/cloudloan/drawdowns'));
    expect(list.items.find((i) => i.id === drawdownId)?.bankRef).toBe('FB-LOAN-1');
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('the daily debit collects the due instalment and reports it to the bank; the repayment carries the bank’s reference', async () => {
    // One due date has come: the loan is moved a month into the past.
    const start = addMonths(today, -1);
    await t.database.db.update(cloudLoanDrawdowns).set({ applyDate: start }).where(eq(cloudLoanDrawdowns.id, drawdownId));
    for (const r of plan.rows)
      await t.database.db
        .update(loanInstalments)
        .set({ dueDate: addMonths(start, r.period) })
        .where(and(eq(loanInstalments.product, 'CLOUD'), eq(loanInstalments.loanId, drawdownId), eq(loanInstalments.period, r.period)));
    const due: IsoDate = addMonths(start, 1);
    const result = await runStep(t.database.db, cloudLoanDebitStep(t.app.bankAdapters), due);
    expect(result).toMatchObject({ skipped: false, debited: 1, debitedTotal: plan.rows[0].payment, overdue: 0 });
    const d = await detailOf(drawdownId);
    expect(d.repayments).toEqual([
      expect.objectContaining({
        kind: 'AUTO_DEBIT',
        period: 1,
        principal: plan.rows[0].principal,
        interest: plan.rows[0].interest,
        bankRef: 'FB-PAY-1',
      }),
    ]);
    expect(bank.repayments).toEqual([
      {
        drawdownNo: d.drawdownNo,
        drawdownBankRef: 'FB-LOAN-1',
        refNo: d.repayments[0].refNo,
        kind: 'AUTO_DEBIT',
        period: 1,
        principal: plan.rows[0].principal,
        interest: plan.rows[0].interest,
        penalty: 0,
        businessDate: due,
      },
    ]);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('an early instalment and the pay-off are reported to the bank and carry its references; the loan is settled', async () => {
    let d = await detailOf(drawdownId);
    const second = d.instalments[1];
    const paid = okOf<{ total: number; bankRef: string | null; status: string }>(
      await demo.post(`/api/cloudloan/drawdowns/${drawdownId}/repay`, money({ period: 2, amount: second.dueNow }), { json: true }),
    );
    expect(paid).toMatchObject({ total: second.payment, bankRef: 'FB-PAY-2', status: 'REPAYING' });
    expect(bank.repayments.at(-1)).toMatchObject({ kind: 'EARLY_INSTALMENT', period: 2, drawdownBankRef: 'FB-LOAN-1' });

    d = await detailOf(drawdownId);
    const done = okOf<{ total: number; bankRef: string | null; status: string }>(
      await demo.post(`/api/cloudloan/drawdowns/${drawdownId}/payoff`, money({ amount: d.quote!.total }), { json: true }),
    );
    expect(done).toMatchObject({ total: d.quote!.total, bankRef: 'FB-PAY-3', status: 'SETTLED' });
    expect(bank.repayments.at(-1)).toMatchObject({ kind: 'PAYOFF', period: null, drawdownBankRef: 'FB-LOAN-1', businessDate: today });
    d = await detailOf(drawdownId);
    expect(d.status).toBe('SETTLED');
    expect(d.repayments.map((r) => [r.kind, r.bankRef])).toEqual([
      ['AUTO_DEBIT', 'FB-PAY-1'],
      ['EARLY_INSTALMENT', 'FB-PAY-2'],
      ['PAYOFF', 'FB-PAY-3'],
    ]);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('the bank may refuse: its reason reaches the enterprise through queryDecision', async () => {
    const a = okOf<{ id: number }>(await apply({ ...GOOD_APPLICATION, amount: 20_000_000 }));
    const ref = bankRefOf(a.id);
    bank.decide(ref, { state: 'REJECTED', reason: '行内评分不足', decidedBy: null });
    expect(await bankDecisionArrived(t.database.db, t.app.bankAdapters, bank.name, ref)).toMatchObject({ status: 'REJECTED' });
    expect(await applicationOf(a.id)).toMatchObject({ status: 'REJECTED', rejectReason: '行内评分不足', grantedAmount: null });
  });

  it('a bank that decides on submission: the application is granted in the same call, on the bank’s terms', async () => {
    bank.decideOnSubmit = {
      state: 'GRANTED',
      amount: 15_000_000,
      annualRatePpm: 61_000,
      termMonths: 12,
      expiryDate: addDays(today, 30),
      decidedBy: null,
      comment: null,
    };
    try {
      const a = okOf<{ id: number; status: string }>(await apply({ ...GOOD_APPLICATION, amount: 20_000_000 }));
      expect(a.status).toBe('GRANTED');
      expect(await applicationOf(a.id)).toMatchObject({
        status: 'GRANTED',
        grantedAmount: 15_000_000,
        grantedRatePpm: 61_000,
        grantedTermMonths: 12,
      });
    } finally {
      bank.decideOnSubmit = null;
    }
  });
});
