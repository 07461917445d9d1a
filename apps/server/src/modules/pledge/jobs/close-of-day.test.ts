import { addDays, chinaDate, penaltyInterest, type Cents } from '@factoring/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanEvents, pledgeFinancings, pledgeMarginCalls } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { atTime } from '../../../lib/clock.ts';
import { factorScope } from '../../../lib/scope.ts';
import { pledgeOwedOn } from '../balance.ts';
import { repayPledge } from '../operations/repay.ts';
import {
  closePledgeDay,
  disbursedFinancing,
  newKey,
  okOf,
  password,
  pledgeWorld,
  proven,
  recordPrice,
  stockIn,
  type PledgeWorld,
} from '../testing.ts';

/**
 * The pledge part of the daily job (issue 14), on PGlite and PostgreSQL, run for business dates
 * ahead of today: a margin call unmet past its deadline defaults the financing and gives the
 * operators one follow-up task; a financing past its due date is overdue and accrues penalty
 * interest once per business day. Worked example: 250,000.00 at 8.4 % a year, penalty × 1.5:
 * 250,000 × 8.4 % × 1.5 ÷ 360 = 87.50 a day → 262.50 for 3 days, 350.00 for 4.
 */
let t: TestApp;
let w: PledgeWorld;
let id: number;
const today = chinaDate();

beforeAll(async () => {
  t = await createTestApp();
  w = await pledgeWorld(t);
  const positionId = await stockIn(w, w.enterpriseId, 'DJ-1', '100.000');
  id = await disbursedFinancing(w, positionId, '100.000', 25_000_000, 30);
}, 240_000);
afterAll(() => t?.close());

const financing = async () => (await t.database.db.select().from(pledgeFinancings).where(eq(pledgeFinancings.id, id)))[0]!;
const calls = () => t.database.db.select().from(pledgeMarginCalls).where(eq(pledgeMarginCalls.financingId, id));
const followUps = async (refId: number) => {
  const list = okOf<{ items: { id: number; refId: string; type: string; subject: string }[] }>(
    await w.op.get('/api/bpm/tasks', { type: 'PLEDGE_MARGIN_DEFAULT', state: 'PENDING', size: 200 }),
  );
  return list.items.filter((i) => i.refId === String(refId));
};
const actions = async (financingId = id) =>
  (
    await t.database.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.product, 'PLEDGE'), eq(loanEvents.loanId, financingId)))
  ).map((e) => e.action);
const row = async (financingId: number) =>
  (await t.database.db.select().from(pledgeFinancings).where(eq(pledgeFinancings.id, financingId)))[0]!;

describe('pledge steps of the close of business', () => {
  it('defaults an unmet margin call only after its deadline, once, and notifies the operators', async () => {
    await recordPrice(w, 300_000);
    const [call] = await calls();
    expect(call).toMatchObject({ status: 'OPEN', amount: 4_000_000, deadline: addDays(today, 3) });

    // On the deadline itself the call is still open.
    await closePledgeDay(t.database.db, addDays(today, 3));
    expect((await calls())[0]!.status).toBe('OPEN');
    expect(await followUps(call!.id)).toHaveLength(0);

    // The day after: DEFAULTED, the financing flagged, one task for the operators.
    await closePledgeDay(t.database.db, addDays(today, 4));
    expect((await calls())[0]!.status).toBe('DEFAULTED');
    expect(await financing()).toMatchObject({ defaulted: true, overdue: false, status: 'DISBURSED' });
    const tasks = await followUps(call!.id);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.subject).toContain((await financing()).financingNo);
    expect(tasks[0]!.subject).toContain('40,000.00');
    expect(await actions()).toContain('补缴保证金逾期');

    // Running again (the same day or later) raises nothing twice.
    await closePledgeDay(t.database.db, addDays(today, 4));
    await closePledgeDay(t.database.db, addDays(today, 5));
    expect(await followUps(call!.id)).toHaveLength(1);
    expect((await actions()).filter((a) => a === '补缴保证金逾期')).toHaveLength(1);

    // The enterprise sees the defaulted call among its alerts, and may still meet it late.
    const alerts = okOf<{ marginCalls: { id: number; status: string }[]; warnings: { id: number; risk: string }[] }>(
      await w.demo.get('/api/pledge/alerts'),
    );
    expect(alerts.marginCalls).toEqual([expect.objectContaining({ id: call!.id, status: 'DEFAULTED', amount: 4_000_000 })]);
    expect(alerts.warnings).toEqual([expect.objectContaining({ id, risk: 'WARNING', ltvPpm: 833_334 })]);
    okOf(await w.demo.post(`/api/pledge/financings/${id}/top-up`, { password: password(w), idempotencyKey: newKey() }, { json: true }));
    expect(await financing()).toMatchObject({ defaulted: false, topUpMargin: 4_000_000 });
    // Topped up to the pledge rate: no warning is left either.
    expect(okOf(await w.demo.get('/api/pledge/alerts'))).toEqual({ marginCalls: [], warnings: [] });
    await proven(w);
  });

  it('marks the financing overdue after its due date and accrues penalty interest once per day', async () => {
    const f = await financing();
    expect(f).toMatchObject({
      outstanding: 25_000_000,
      annualRatePpm: 84_000,
      penaltyMultiplierPpm: 1_500_000,
      dueDate: addDays(today, 30),
    });

    await closePledgeDay(t.database.db, f.dueDate);
    expect(await financing()).toMatchObject({ overdue: false, penaltyOwed: 0 });

    await closePledgeDay(t.database.db, addDays(f.dueDate, 3));
    expect(penaltyInterest(25_000_000 as Cents, 84_000, 1_500_000, 3)).toBe(26_250);
    expect(await financing()).toMatchObject({ overdue: true, penaltyOwed: 26_250, penaltyAccruedTo: addDays(f.dueDate, 3) });

    // Twice on one business day accrues once.
    await closePledgeDay(t.database.db, addDays(f.dueDate, 3));
    expect((await financing()).penaltyOwed).toBe(26_250);

    // The next day adds one day: 87.50.
    await closePledgeDay(t.database.db, addDays(f.dueDate, 4));
    expect(await financing()).toMatchObject({ penaltyOwed: 35_000, penaltyAccruedTo: addDays(f.dueDate, 4) });
    expect((await actions()).filter((a) => a === '逾期计罚息')).toHaveLength(2);
    await proven(w);
  }, 120_000);

  it('a pledge overdue 10 days accrues principal × rate × 1.5 × 10 / 360 rounded once, however often the day is closed (issue 22)', async () => {
    // ¥100.00 left outstanding of a fresh loan, then ten business days past its due date, closed one by one.
    const positionId = await stockIn(w, w.enterpriseId, 'DJ-2', '10.000');
    const small = await disbursedFinancing(w, positionId, '10.000', 2_000_000, 30);
    const repaid = okOf<{ outstanding: number }>(
      await w.demo.post(
        `/api/pledge/financings/${small}/repay`,
        { amount: 1_990_000, password: password(w), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect(repaid.outstanding).toBe(10_000);
    const row = async () => (await t.database.db.select().from(pledgeFinancings).where(eq(pledgeFinancings.id, small)))[0]!;
    const due = (await row()).dueDate!;
    for (let day = 1; day <= 10; day++) await closePledgeDay(t.database.db, addDays(due, day));
    // 100.00 × 8.4 % × 1.5 × 10 / 360 = 0.35 (ten rounded days would book 0.40).
    expect(penaltyInterest(10_000 as Cents, 84_000, 1_500_000, 10)).toBe(35);
    expect(await row()).toMatchObject({ overdue: true, penaltyOwed: 35, penaltyAccruedTo: addDays(due, 10) });
    // What is quoted on that day is what is collected: 100.35 settles it.
    const f = await row();
    expect(pledgeOwedOn(f, addDays(due, 10))).toMatchObject({ principal: 10_000, penalty: 35, total: 10_035 });
    const settled = await atTime(new Date(`${addDays(due, 10)}T04:00:00Z`), () =>
      t.database.db.transaction((tx) => repayPledge(tx, factorScope(), small, { id: null, name: '系统' }, 10_035)),
    );
    expect(settled).toMatchObject({ status: 'SETTLED', penalty: 35, principal: 10_000 });
    await proven(w);
  }, 120_000);

  it('approving the follow-up of a defaulted margin call applies the margin held to the debt, readable in the fund flows', async () => {
    await recordPrice(w, 300_000);
    const positionId = await stockIn(w, w.enterpriseId, 'DJ-3', '100.000');
    const loan = await disbursedFinancing(w, positionId, '100.000', 15_000_000, 90);
    const before = await row(loan);
    expect(before).toMatchObject({ marginPaid: 1_500_000, topUpMargin: 0, outstanding: 15_000_000, defaulted: false });
    // 1,800.00 a tonne: 150,000.00 against 180,000.00 is 83.33 %, a margin call due in three days.
    await recordPrice(w, 180_000);
    const [call] = (await t.database.db.select().from(pledgeMarginCalls).where(eq(pledgeMarginCalls.financingId, loan))).filter(
      (c) => c.status === 'OPEN',
    );
    const balanceOf = async () =>
      okOf<{ margin: number; frozen: number; available: number }>(await w.demo.get('/api/account/v2/queryAccountBalance'));
    const held = await balanceOf();

    await closePledgeDay(t.database.db, addDays(today, 6)); // past the deadline: DEFAULTED
    expect(await row(loan)).toMatchObject({ defaulted: true });
    const [task] = await followUps(call!.id);
    // The drawer shows, live, what approving applies.
    const opened = okOf<{ facts: { label: string; value: string }[] }>(await w.op.get(`/api/bpm/tasks/${task!.id}`));
    expect(opened.facts).toContainEqual({ label: '通过后抵扣（元）', value: '15,000.00' });

    okOf(await w.op.post(`/api/bpm/tasks/${task!.id}/approve`, { comment: '以保证金抵扣' }));
    // 15,000.00 of margin pays principal (no interest or penalty owed): 135,000.00 left, nothing held.
    expect(await row(loan)).toMatchObject({ outstanding: 13_500_000, marginPaid: 0, topUpMargin: 0, status: 'REPAYING' });
    // Principal repaid before the due date gets back its prepaid interest of the days not used, whoever pays it
    // (issue 37 item 10): on the disbursement day 89 of 90, floor(1,500,000 × 84,000 × 89 / 360,000,000) = 31,150.
    expect(await balanceOf()).toMatchObject({
      margin: held.margin - 1_500_000,
      frozen: held.frozen - 1_500_000,
      available: held.available + 31_150,
    });
    const flows = okOf<{ items: { flowType: string; typeLabel: string; direction: string; amount: number; memo: string | null }[] }>(
      await w.demo.get('/api/funds/flows', { page: 1, size: 10 }),
    ).items;
    expect(flows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ flowType: 'MARGIN_APPLY', typeLabel: '保证金抵扣欠款', direction: 'IN', amount: 1_500_000 }),
        expect.objectContaining({ flowType: 'REPAYMENT_PRINCIPAL', direction: 'OUT', amount: 1_500_000 }),
      ]),
    );
    expect(await actions(loan)).toContain('保证金抵扣欠款');
    await proven(w);
  }, 120_000);
});
