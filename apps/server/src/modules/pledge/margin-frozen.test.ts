import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pledgeFinancings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { checkLedger } from '../ledger/index.ts';
import { approveTask, body, newKey, okOf, password, pledgeWorld, proven, stockIn, type PledgeWorld } from './testing.ts';

/**
 * Issue 22, defect 3: a pledge margin paid from the account stays the enterprise's money, shown as
 * frozen (PRODUCT §5, §8) — the account summary's total does not drop by the margin, a fund-flow row
 * names it, and settlement (or cancellation) returns it to the available part. The ledger proves out
 * after every step, including that the margins held agree with the live financings' margins.
 *
 * Worked example: 100.000 t of coil, ¥250,000.00 financed at a 10 % margin rate → margin ¥25,000.00.
 */
let t: TestApp;
let w: PledgeWorld;

type Balance = { balance: number; available: number; frozen: number; controlled: number; margin: number };
type Flow = { refNo: string; flowType: string; typeLabel: string; direction: 'IN' | 'OUT'; amount: number; memo: string | null };

const MARGIN = 2_500_000;

const balanceNow = async () => okOf<Balance>(await w.demo.get('/api/account/v2/queryAccountBalance'));
const flowsOf = async (refNo: string) =>
  okOf<{ items: Flow[] }>(await w.demo.get('/api/funds/flows', { page: 1, size: 50 })).items.filter((f) => f.refNo === refNo);
const financing = async (id: number) => (await t.database.db.select().from(pledgeFinancings).where(eq(pledgeFinancings.id, id)))[0]!;

async function applyFor(amount: number, batchNo: string) {
  const position = await stockIn(w, w.enterpriseId, batchNo, '100.000');
  return okOf<{ id: number; margin: number }>(
    await w.demo.post(
      '/api/pledge/financings',
      { idempotencyKey: newKey(), creditLineId: w.lineId, lines: [{ positionId: position, quantity: '100.000' }], amount, termDays: 90 },
      { json: true },
    ),
  );
}
const payMargin = async (id: number) =>
  okOf<{ refNo: string; amount: number }>(
    await w.demo.post(`/api/pledge/financings/${id}/margin`, { password: password(w), idempotencyKey: newKey() }, { json: true }),
  );

/** Signs whatever contract of the demo enterprise waits for signing (pledge contract, margin agreement). */
async function signPending() {
  const list = body<{ items?: { id: number; status: string }[] }>(
    await w.demo.get('/api/contracts', { status: 'TO_SIGN', page: 1, size: 50 }),
  ).message;
  for (const c of list.items ?? [])
    if (c.status === 'TO_SIGN') okOf(await w.demo.post(`/api/contracts/${c.id}/sign`, { password: password(w) }, { json: true }));
}

beforeAll(async () => {
  t = await createTestApp();
  w = await pledgeWorld(t);
}, 240_000);
afterAll(() => t?.close());

describe('a pledge margin is the enterprise’s frozen money (issue 22, defect 3)', () => {
  it('shows as frozen while the financing lives, with a readable fund-flow row, and returns to available at settlement', async () => {
    await proven(w);
    const before = await balanceNow();
    expect(before.balance).toBe(before.available + before.frozen + before.controlled);

    const applied = await applyFor(25_000_000, 'MF-1');
    expect(applied.margin).toBe(MARGIN);
    const { financingNo } = await financing(applied.id);
    const paid = await payMargin(applied.id);

    // Paid: out of the available part into the frozen part; the account's total is unchanged.
    const held = await balanceNow();
    expect(held).toMatchObject({
      available: before.available - MARGIN,
      frozen: before.frozen + MARGIN,
      margin: before.margin + MARGIN,
      controlled: before.controlled,
      balance: before.balance,
    });
    expect(held.balance).toBe(held.available + held.frozen + held.controlled);
    // One fund-flow row for the movement (not one per part), naming the margin and the financing.
    const holdRows = await flowsOf(paid.refNo);
    expect(holdRows).toEqual([
      expect.objectContaining({ flowType: 'MARGIN_HOLD', typeLabel: '缴纳保证金', direction: 'OUT', amount: MARGIN }),
    ]);
    expect(holdRows[0]!.memo).toContain(financingNo);
    await proven(w);

    // Approved and disbursed: the margin stays frozen beside the controlled funds the loan brought.
    await signPending();
    await approveTask(w, 'PLEDGE_APPROVAL', applied.id);
    await signPending();
    await approveTask(w, 'PLEDGE_DISBURSE', applied.id, w.checker);
    const live = await financing(applied.id);
    expect(live.status).toBe('DISBURSED');
    const disbursed = await balanceNow();
    expect(disbursed).toMatchObject({
      frozen: before.frozen + MARGIN,
      margin: before.margin + MARGIN,
      available: before.available - MARGIN,
    });
    await proven(w);

    // Repaying everything settles: the margin goes back to available, frozen comes back down.
    const owed = live.outstanding + live.interestOwed + live.penaltyOwed;
    // Settled on its disbursement day, the prepaid interest of 89 of its 90 days comes back (issue 37 item 10),
    // as the detail said before paying: floor(25,000,000 × 84,000 × 89 / 360,000,000) = 519,166.
    const shown = okOf<{ interestRefund: number }>(await w.demo.get(`/api/pledge/financings/${applied.id}`));
    expect(shown.interestRefund).toBe(519_166);
    const settled = okOf<{ status: string; refNo: string; interestRefund: number }>(
      await w.demo.post(
        `/api/pledge/financings/${applied.id}/repay`,
        { amount: owed, password: password(w), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect(settled).toMatchObject({ status: 'SETTLED', interestRefund: shown.interestRefund });
    const after = await balanceNow();
    expect(after).toMatchObject({
      frozen: before.frozen,
      margin: before.margin,
      // The controlled funds it disbursed, unspent, are free funds once it is settled (issue 24).
      available: disbursed.available - owed + MARGIN + (disbursed.controlled - before.controlled) + shown.interestRefund,
      controlled: before.controlled,
    });
    const release = okOf<{ items: Flow[] }>(await w.demo.get('/api/funds/flows', { type: 'MARGIN_RELEASE', page: 1, size: 5 })).items[0];
    expect(release).toMatchObject({ flowType: 'MARGIN_RELEASE', typeLabel: '退还保证金', direction: 'IN', amount: MARGIN });
    expect(release!.memo).toContain(financingNo);
    await proven(w);
  });

  it('a cancelled application unfreezes the margin it had paid', async () => {
    const applied = await applyFor(10_000_000, 'MF-2');
    const before = await balanceNow();
    await payMargin(applied.id);
    expect(await balanceNow()).toMatchObject({ frozen: before.frozen + applied.margin, balance: before.balance });
    await proven(w);
    okOf(await w.demo.post(`/api/pledge/financings/${applied.id}/cancel`, {}, { json: true }));
    expect(await balanceNow()).toMatchObject({
      frozen: before.frozen,
      margin: before.margin,
      available: before.available,
      balance: before.balance,
    });
    await proven(w);
  });

  it('ledger:check finds margins held that do not agree with the live financings', async () => {
    const applied = await applyFor(10_000_000, 'MF-3');
    await payMargin(applied.id);
    await proven(w);
    // The financing's own record says less was paid than the ledger holds for it (written around the operations).
    await t.database.db
      .update(pledgeFinancings)
      .set({ marginPaid: applied.margin - 1 })
      .where(eq(pledgeFinancings.id, applied.id));
    expect((await checkLedger(t.database.db)).problems).toEqual([expect.stringContaining('保证金')]);
    await t.database.db.update(pledgeFinancings).set({ marginPaid: applied.margin }).where(eq(pledgeFinancings.id, applied.id));
    await proven(w);
  });
});
