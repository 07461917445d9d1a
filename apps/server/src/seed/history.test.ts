import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaDate, compareIsoDates, daysBetween, interestByDays, penaltyInterest, type Cents, type IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestClient } from '../test/harness.ts';
import { checkLedger } from '../modules/ledger/index.ts';
import { okOf } from '../modules/supplyloan/testing.ts';
import { contracts, financings, financingTranches, jobRuns, payees, users, withdrawals } from '../db/schema/index.ts';
import { AVAILABLE_AFTER_HISTORY } from './history-funds.ts';

/** The demo world every API test starts from (test/harness.ts seeds it) and the year behind it (seed/history.ts). */
let t: TestApp;
let demo: TestClient;
let demoEnterpriseId: number;
const today = chinaDate();
const before = (date: IsoDate | string) => compareIsoDates(date.slice(0, 10), today) < 0;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.loginAs('demo');
  const [u] = await t.database.db.select().from(users).where(eq(users.loginName, 'demo'));
  demoEnterpriseId = u.enterpriseId!;
});
afterAll(() => t.close());

describe('the demo world has a year behind it', () => {
  it('the chart shows money in and out in each of the last twelve months', async () => {
    const months = okOf<{ month: string; inflow: number; outflow: number }[]>(await demo.get('/api/funds/flows/monthly'));
    expect(months).toHaveLength(12);
    expect(months.at(-1)!.month).toBe(today.slice(0, 7));
    for (const m of months) {
      expect(m.inflow, `inflow in ${m.month}`).toBeGreaterThan(0);
      expect(m.outflow, `outflow in ${m.month}`).toBeGreaterThan(0);
    }
  });

  it('settled financings were applied, disbursed and repaid on past dates, with the interest (and penalty) of the domain rule for those dates', async () => {
    const db = t.database.db;
    const settled = await db
      .select({ f: financings, t: financingTranches })
      .from(financings)
      .innerJoin(financingTranches, eq(financingTranches.financingId, financings.id))
      .where(and(eq(financings.enterpriseId, demoEnterpriseId), eq(financings.status, 'SETTLED')));
    expect(new Set(settled.map((r) => r.f.id)).size).toBeGreaterThanOrEqual(4);
    expect(settled.some((r) => r.f.kind === 'ORDER')).toBe(true);
    let late = 0;
    for (const { f, t: tranche } of settled) {
      expect(before(f.applyDate)).toBe(true);
      const start = tranche.startDate!;
      const due = tranche.dueDate!;
      const repaid = chinaDate(tranche.settledAt!);
      expect(before(start) && before(repaid)).toBe(true);
      expect(compareIsoDates(f.applyDate, start)).toBeLessThanOrEqual(0);
      const interestDays = daysBetween(start, compareIsoDates(repaid, due) < 0 ? repaid : due);
      expect(tranche.interestPaid, f.financingNo).toBe(interestByDays(tranche.amount as Cents, f.annualRatePpm, interestDays));
      expect(tranche.interestPaid).toBeGreaterThan(0);
      const lateDays = Math.max(0, daysBetween(due, repaid));
      expect(tranche.penaltyPaid, f.financingNo).toBe(
        penaltyInterest(tranche.amount as Cents, f.annualRatePpm, f.penaltyMultiplierPpm, lateDays),
      );
      if (lateDays > 0) late += 1;
    }
    // One went overdue first: the daily job, run for the day after its due date, marked it.
    expect(late).toBeGreaterThanOrEqual(1);
    const pastRuns = await db.select().from(jobRuns).where(eq(jobRuns.job, 'supplyloan-overdue'));
    expect(
      pastRuns.filter((r) => before(r.runDate) && (r.result as { newlyOverdue?: number }).newlyOverdue! > 0).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('an order loan was drawn in two tranches', async () => {
    const [loan] = await t.database.db
      .select()
      .from(financings)
      .where(and(eq(financings.enterpriseId, demoEnterpriseId), eq(financings.kind, 'ORDER')));
    const tranches = await t.database.db.select().from(financingTranches).where(eq(financingTranches.financingId, loan.id));
    expect(tranches.map((x) => x.status)).toEqual(['SETTLED', 'SETTLED']);
    expect(tranches.reduce((s, x) => s + x.amount, 0)).toBe(loan.amount);
  });

  it('one financing is overdue today: penalty interest runs from its due date', async () => {
    const [overdue] = await t.database.db
      .select()
      .from(financings)
      .where(and(eq(financings.overdue, true), inArray(financings.status, ['DISBURSED', 'REPAYING'])))
      // The history's (seeded first); the demo's factoring money adds one paid short, waiting for its buy-back.
      .orderBy(asc(financings.id))
      .limit(1);
    expect(overdue).toBeTruthy();
    expect(before(overdue.dueDate)).toBe(true);
    const owner = await t.loginAs('cangchu');
    const detail = okOf<{ overdue: boolean; quote: { principal: number; penalty: number; overdueDays: number } }>(
      await owner.get(`/api/supplyloan/financings/${overdue.id}`),
    );
    const days = daysBetween(overdue.dueDate, today);
    expect(detail).toMatchObject({ overdue: true, quote: { principal: overdue.amount, overdueDays: days } });
    expect(detail.quote.penalty).toBe(penaltyInterest(overdue.amount as Cents, overdue.annualRatePpm, overdue.penaltyMultiplierPpm, days));
  });

  it('payees were whitelisted, withdrawals paid out and contracts signed in the past', async () => {
    const db = t.database.db;
    const whitelist = await db.select().from(payees).where(eq(payees.enterpriseId, demoEnterpriseId));
    expect(whitelist.filter((p) => p.status === 'ACTIVE' && before(chinaDate(p.reviewedAt!))).length).toBeGreaterThanOrEqual(3);
    const paidOut = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.enterpriseId, demoEnterpriseId), eq(withdrawals.status, 'PAID')));
    expect(paidOut.length).toBeGreaterThanOrEqual(11);
    expect(paidOut.every((w) => before(chinaDate(w.decidedAt!)))).toBe(true);
    const signed = await db
      .select()
      .from(contracts)
      .where(and(eq(contracts.enterpriseId, demoEnterpriseId), eq(contracts.type, 'FINANCING')));
    expect(signed.filter((c) => c.signedAt && before(chinaDate(c.signedAt))).length).toBeGreaterThanOrEqual(4);
  });

  it('ends where the present starts, and the ledger proves it', async () => {
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
    // A year of flows leaves ¥1,050,000.00 free; today's seeded repayment, cloud-loan drawdown and
    // instalment and pledge margin then bring it to ¥1,143,894.31 — the ¥1,144,014.31 the demo had before it
    // had a past, less the 120.00 of interest today's repayment now pays first: repaid on its disbursement
    // day, the 600,000.00 loan is charged one day, 600,000.00 × 7.2 % / 360 (issue 37 item 10).
    expect(AVAILABLE_AFTER_HISTORY).toBe(105_000_000);
    const { available } = okOf<{ available: number }>(await demo.get('/api/account/v2/queryAccountBalance'));
    expect(available).toBe(114_401_431 - 12_000);
  });
});
