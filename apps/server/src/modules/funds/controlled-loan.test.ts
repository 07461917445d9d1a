import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledTranches, journalLines, pledgeFinancings } from '../../db/schema/index.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from '../../test/harness.ts';
import { ledgerFingerprint, ledgerProblems, newKey } from '../ledger/testing.ts';
import { payablePurchaseOrder, PURCHASE_SALES_API, steel } from '../purchase-sales/testing.ts';
import { disbursedFinancing, pledgeWorld, type PledgeWorld } from '../pledge/testing.ts';

/**
 * Issue 24: controlled loan proceeds repay the loan they came from and are released to free funds
 * when that loan is settled; another party's account numbers and mobiles are masked in every answer.
 */
let t: TestApp;
let w: PledgeWorld;
let gx: TestClient;

type Answer<T> = { status: string; message: T; code?: string };
const body = <T = Record<string, unknown>>(res: { json(): unknown }) => res.json() as Answer<T>;
const okOf = <T = Record<string, unknown>>(res: { statusCode: number; json(): unknown }): T => {
  const b = body<T>(res);
  if (res.statusCode !== 200 || b.status !== 'OK') throw new Error(`expected OK, got ${res.statusCode} ${JSON.stringify(b)}`);
  return b.message;
};
const balance = async (c: TestClient) =>
  okOf<{ available: number; controlled: number; frozen: number }>(await c.get('/api/account/v2/queryAccountBalance'));
const loanFunds = async (c: TestClient, loanRef: string) =>
  okOf<{ available: number; controlled: number }>(await c.get('/api/funds/loan-funds', { loanRef }));
const repay = (id: number, amount: number, source?: 'AVAILABLE' | 'CONTROLLED', key = newKey()) =>
  w.demo.post(
    `/api/pledge/financings/${id}/repay`,
    { amount, ...(source ? { source } : {}), password: t.encrypt(DEMO_PASSWORD), idempotencyKey: key },
    { json: true },
  );
const owedOf = async (id: number) => {
  const f = okOf<{ outstanding: number; interestOwed: number; penaltyOwed: number; interestRefund: number; financingNo: string }>(
    await w.demo.get(`/api/pledge/financings/${id}`),
  );
  return { ...f, total: f.outstanding + f.interestOwed + f.penaltyOwed };
};
/** A masked account: the last four digits only. */
const MASKED = /^\*{4} \d{4}$/;

beforeAll(async () => {
  t = await createTestApp();
  w = await pledgeWorld(t);
  gx = await t.loginAs('gouxiao');
}, 300_000);
afterAll(() => t.close());

describe('controlled funds of a loan (issue 24)', () => {
  it('repay only the loan they came from, and are released to free funds when it is settled', async () => {
    const db = t.database.db;
    const id = await disbursedFinancing(w, w.coilPosition, '100.000', 25_000_000);
    const { financingNo } = await owedOf(id);
    const [tranche] = await db.select().from(controlledTranches).where(eq(controlledTranches.sourceRef, financingNo));
    const net = tranche!.amount;
    expect(net).toBeGreaterThan(1_000_000);

    // What may repay it: the free funds, and this loan's controlled funds only (the demo holds others).
    const before = await balance(w.demo);
    const sources = await loanFunds(w.demo, financingNo);
    expect(sources).toMatchObject({ available: before.available, controlled: net });
    expect(before.controlled).toBeGreaterThan(net);
    // Another enterprise reads nothing of it.
    expect((await loanFunds(gx, financingNo)).controlled).toBe(0);

    // More than this loan's controlled funds hold is refused, whatever other controlled money exists.
    const fingerprint = await ledgerFingerprint(db);
    const tooMuch = body(await repay(id, net + 1, 'CONTROLLED'));
    expect(tooMuch).toMatchObject({ status: 'ERROR', code: 'CONTROLLED_FUNDS_INSUFFICIENT' });
    expect(tooMuch.message).toContain('本笔融资的受控资金余额不足');
    expect(await ledgerFingerprint(db)).toBe(fingerprint);
    // An unknown source is a 400 naming the field.
    expect((await repay(id, 100, 'ELSEWHERE' as 'CONTROLLED')).statusCode).toBe(400);

    // A part repaid from the controlled funds: the free funds move only by the prepaid interest of the days not
    // used that comes back to them (issue 37 item 10): on the disbursement day 89 of 90 days,
    // floor(1,000,000 × 84,000 × 89 / 360,000,000) = 20,766.
    const key = newKey();
    const part = okOf<{ status: string; principal: number; refNo: string; interestRefund: number }>(
      await repay(id, 1_000_000, 'CONTROLLED', key),
    );
    expect(part).toMatchObject({ status: 'REPAYING', interestRefund: 20_766 });
    const afterPart = await balance(w.demo);
    expect(afterPart.available).toBe(before.available + part.interestRefund);
    expect(afterPart.controlled).toBe(before.controlled - 1_000_000);
    expect((await loanFunds(w.demo, financingNo)).controlled).toBe(net - 1_000_000);
    // The same key replays the answer and moves nothing.
    const replayPrint = await ledgerFingerprint(db);
    expect(okOf(await repay(id, 1_000_000, 'CONTROLLED', key))).toMatchObject({ refNo: part.refNo });
    expect(await ledgerFingerprint(db)).toBe(replayPrint);
    // Its fund flows leave the controlled part, typed as a repayment.
    const flows = okOf<{ items: { refNo: string; bucket: string; typeLabel: string; direction: string; amount: number }[] }>(
      await w.demo.get('/api/funds/flows', { page: 1, size: 20 }),
    ).items.filter((f) => f.refNo === part.refNo);
    expect(flows.length).toBeGreaterThan(0);
    for (const f of flows) expect(f).toMatchObject({ bucket: 'CONTROLLED', direction: 'OUT' });
    expect(flows.reduce((s, f) => s + f.amount, 0)).toBe(1_000_000);
    expect(await ledgerProblems(db)).toEqual([]);

    // The rest from the free funds settles it: what is left of its controlled funds becomes free.
    const owed = await owedOf(id);
    const settled = okOf<{ status: string; refNo: string; interestRefund: number }>(await repay(id, owed.total));
    // What the detail showed before paying is what came back: floor(24,000,000 × 84,000 × 89 / 360,000,000).
    expect(settled).toMatchObject({ status: 'SETTLED', interestRefund: owed.interestRefund });
    expect(owed.interestRefund).toBe(498_400);
    const end = await balance(w.demo);
    expect(end.controlled).toBe(afterPart.controlled - (net - 1_000_000));
    // + the margin returned and the refund
    expect(end.available).toBe(afterPart.available - owed.total + (net - 1_000_000) + 2_500_000 + owed.interestRefund);
    expect((await loanFunds(w.demo, financingNo)).controlled).toBe(0);
    const release = await db
      .select()
      .from(journalLines)
      .where(and(eq(journalLines.enterpriseId, w.enterpriseId), eq(journalLines.flowType, 'CONTROLLED_RELEASE')));
    expect(release.map((l) => [l.bucket, l.side, l.amount]).sort()).toEqual(
      [
        ['AVAILABLE', 'C', net - 1_000_000],
        ['CONTROLLED', 'D', net - 1_000_000],
      ].sort(),
    );
    const released = okOf<{ items: { typeLabel: string; direction: string; bucket: string }[] }>(
      await w.demo.get('/api/funds/flows', { type: 'CONTROLLED_RELEASE', page: 1, size: 10 }),
    ).items;
    expect(released.map((f) => `${f.typeLabel}/${f.bucket}/${f.direction}`).sort()).toEqual([
      '受控资金释放/AVAILABLE/IN',
      '受控资金释放/CONTROLLED/OUT',
    ]);
    // The controlled-funds page tells what became of the tranche.
    const list = okOf<{
      items: { sourceRef: string; amount: number; paid: number; repaid: number; released: number; remaining: number }[];
    }>(await w.demo.get('/api/funds/controlled'));
    expect(list.items.find((x) => x.sourceRef === financingNo)).toEqual(
      expect.objectContaining({ amount: net, paid: 0, repaid: 1_000_000, released: net - 1_000_000, remaining: 0 }),
    );
    const [f] = await db.select().from(pledgeFinancings).where(eq(pledgeFinancings.id, id));
    expect(f!.status).toBe('SETTLED');
    const events = okOf<{ events: { action: string; note: string | null }[] }>(await w.demo.get(`/api/pledge/financings/${id}`)).events;
    expect(events.map((e) => e.action)).toContain('受控资金释放');
    expect(await ledgerProblems(db)).toEqual([]);

    // Settled: no repayment of any kind any more, and nothing moves.
    const settledPrint = await ledgerFingerprint(db);
    expect(body(await repay(id, 100, 'CONTROLLED'))).toMatchObject({ status: 'ERROR', code: 'PLEDGE_NOT_REPAYABLE' });
    expect(await ledgerFingerprint(db)).toBe(settledPrint);
  }, 240_000);
});

describe('one masking rule for another party’s numbers (issue 24)', () => {
  it('fund flows, their export and 上下游资金 show counterparties’ accounts masked', async () => {
    const payees = await t.database.db.execute(sql`select account_no from payees where length(account_no) > 8`);
    const full = (payees as unknown as { rows: { account_no: string }[] }).rows.map((r) => r.account_no);
    expect(full.length).toBeGreaterThan(0);
    const answers = {
      flows: okOf<{ items: { counterpartyAccount: string | null }[] }>(await w.demo.get('/api/funds/flows', { page: 1, size: 200 })).items,
      exported: okOf<{ items: { counterpartyAccount: string | null }[] }>(await w.demo.get('/api/funds/flows/export')).items,
      updown: okOf<{ items: { counterpartyAccount: string | null }[] }>(await w.demo.get('/api/funds/flows/counterparties')).items,
    };
    for (const [name, items] of Object.entries(answers)) {
      const accounts = items.map((i) => i.counterpartyAccount).filter((a): a is string => a !== null);
      expect(accounts.length, name).toBeGreaterThan(0);
      for (const a of accounts) expect(a, name).toMatch(MASKED);
      const text = JSON.stringify(items);
      for (const a of full) expect(text, name).not.toContain(a);
    }
  });

  it('a targeted payment and its result page show the payee’s account masked', async () => {
    const payee = okOf<{ items: { id: number }[] }>(await w.demo.get('/api/funds/payees', { status: 'ACTIVE' })).items[0]!;
    const paid = okOf<{ payeeAccountNo: string; refNo: string }>(
      await w.demo.post(
        '/api/funds/targeted-payment',
        { payeeId: payee.id, amount: 10_000, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect(paid.payeeAccountNo).toMatch(MASKED);
    const result = okOf<{ counterpartyAccount: string | null }>(await w.demo.get('/api/funds/result', { refNo: paid.refNo }));
    expect(result.counterpartyAccount).toMatch(MASKED);
    // The owner of the whitelist entry still reads it in full in its own detail.
    expect(okOf<{ accountNo: string }>(await w.demo.get(`/api/funds/payees/${payee.id}`)).accountNo).toMatch(/^\d{10,}$/);
  });

  it('the purchase-order payment page shows the supplier’s account masked', async () => {
    const api = PURCHASE_SALES_API;
    const { order, payees } = await payablePurchaseOrder(gx, [steel('1')]);
    expect(payees.length).toBeGreaterThan(0);
    for (const p of payees) expect(p.accountNo).toMatch(MASKED);
    const paid = okOf<{ payeeAccountNo: string }>(
      await gx.post(
        `${api}/orders/${order.id}/pay`,
        { payeeId: payees[0]!.id, amount: 10_000, password: t.encrypt(DEMO_PASSWORD), idempotencyKey: newKey() },
        { json: true },
      ),
    );
    expect(paid.payeeAccountNo).toMatch(MASKED);
    const after = okOf<{ payments: { payeeAccountNo: string | null }[] }>(await gx.get(`${api}/orders/${order.id}`));
    expect(after.payments[0]!.payeeAccountNo).toMatch(MASKED);
    // (The order's own counterparty fields are the owner's entry: its detail keeps them as typed.)
  });
});
