import { addDays, chinaDate } from '@factoring/domain';
import {
  AGING_BUCKETS,
  type AgingAnswer,
  type CollateralAnswer,
  type ExposureAnswer,
  type RatiosAnswer,
  type RiskFinancing,
} from '@factoring/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atTime } from '../../lib/clock.ts';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.ts';
import { disbursedFinancing as disbursedPledge, pledgeWorld, stockIn, type PledgeWorld } from '../pledge/testing.ts';
import {
  disbursedFinancing,
  newKey,
  okOf,
  pendingTask,
  roles,
  signContract,
  verifiedInvoice,
  type Applied,
  type Roles,
} from '../supplyloan/testing.ts';

// Issue 27, the risk desk's read-only slice, on PGlite and PostgreSQL: exposure computed from the
// products' own loan records equals what each loan's own page shows; shares add to 100 %; aging
// follows the server clock across 89 / 90 / 91 days past due (non-performing only past 90); the
// collateral watch values pledges at today's price; enterprises and warehouses are refused.

let t: TestApp;
let r: Roles;
let w: PledgeWorld;
let op: TestClient;
let supplyId: number;
let supplyDue: string;
let pledgeId: number;

beforeAll(async () => {
  t = await createTestApp();
  // One session per user: the pledge world logs everyone in, then the supply roles log in again; the pledge world uses those.
  w = await pledgeWorld(t);
  r = await roles(t);
  Object.assign(w, { demo: r.demo, op: r.operator, checker: r.checker });
  op = r.operator;
  const supply = await disbursedFinancing(t, r, { amount: 1_000_000, termDays: 30 });
  supplyId = supply.id;
  supplyDue = supply.dueDate;
  const positionId = await stockIn(w, w.enterpriseId, 'RISK-1', '100.000');
  pledgeId = await disbursedPledge(w, positionId, '100.000', 25_000_000, 30);
}, 300_000);
afterAll(async () => t?.close());

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
/** The default specific reserve per bucket (0 %, 2 %, 5 %, 25 %, 50 %), ppm. */
const RATES = { CURRENT: 0, D1_30: 20_000, D31_60: 50_000, D61_90: 250_000, D90_PLUS: 500_000 } as const;
/** 1 % of the factoring balance plus each bucket's principal at its rate, each rounded up to the cent. */
const reserveOf = (a: AgingAnswer) =>
  Math.ceil(a.factoringBalance / 100) + sum(AGING_BUCKETS.map((b) => Math.ceil((a.total.buckets[b] * RATES[b]) / 1_000_000)));

describe('risk desk: exposure', () => {
  it('adds up to what every loan owes on its own page, by product, borrower, debtor and platform, shares to 100 %', async () => {
    const e = okOf<ExposureAnswer>(await op.get('/api/bpm/risk/exposure'));
    expect(e.asOf).toBe(chinaDate());

    // Every live financing of the factor's book, through the drill-down of the products.
    const rows: RiskFinancing[] = [];
    for (const p of e.byProduct)
      rows.push(...okOf<RiskFinancing[]>(await op.get('/api/bpm/risk/exposure/financings', { dimension: 'product', key: p.key })));
    expect(rows.length).toBe(e.book.count);
    expect(sum(rows.map((x) => x.principal))).toBe(e.book.principal);
    expect(sum(rows.map((x) => x.total))).toBe(e.book.total);
    expect(e.book.total).toBe(e.book.principal + e.book.interest + e.book.penalty);

    // Each supply loan: what the borrower's repayment page quotes today.
    for (const x of rows.filter((x) => x.product === 'INVOICE' || x.product === 'ORDER')) {
      const owner = x.borrowerId === w.enterpriseId ? r.demo : null;
      if (!owner) continue;
      const q = okOf<{ quote: { principal: number; interest: number; penalty: number; total: number } }>(
        await owner.get(`/api/supplyloan/financings/${x.id}/quote`),
      ).quote;
      expect({ principal: x.principal, interest: x.interest, penalty: x.penalty, total: x.total }).toEqual({
        principal: q.principal,
        interest: q.interest,
        penalty: q.penalty,
        total: q.total,
      });
    }
    const mine = rows.find((x) => x.product === 'INVOICE' && x.id === supplyId)!;
    expect(mine.principal).toBe(1_000_000);

    // Each pledge: the pledge detail's principal outstanding and interest owed.
    for (const x of rows.filter((x) => x.product === 'PLEDGE' && x.borrowerId === w.enterpriseId)) {
      const d = okOf<{ outstanding: number; interestOwed: number }>(await w.demo.get(`/api/pledge/financings/${x.id}`));
      expect(x.principal).toBe(d.outstanding);
      expect(x.interest).toBe(d.interestOwed);
    }
    const pledge = rows.find((x) => x.product === 'PLEDGE' && x.id === pledgeId)!;
    expect(pledge.principal).toBe(25_000_000);
    expect(pledge.goodsName).toBe('热轧卷板');

    // Groupings: each adds to the book, its shares to exactly 100 %.
    for (const grouping of [e.byProduct, e.byBorrower, e.byPlatform]) {
      expect(sum(grouping.map((g) => g.total))).toBe(e.book.total);
      expect(sum(grouping.map((g) => g.principal))).toBe(e.book.principal);
      expect(sum(grouping.map((g) => g.sharePpm))).toBe(1_000_000);
    }
    // Debtors: every supply loan's platform has a core enterprise; a goods pledge has no debtor.
    const receivables = rows.filter((x) => x.product === 'INVOICE' || x.product === 'ORDER');
    expect(sum(e.byDebtor.map((g) => g.total))).toBe(sum(receivables.map((x) => x.total)));
    expect(rows.filter((x) => x.product === 'PLEDGE').every((x) => x.debtorId === null && x.debtorName === null)).toBe(true);
    // Warehouses and goods: pledges only, adding to the pledge product.
    const pledgeRow = e.byProduct.find((p) => p.key === 'PLEDGE')!;
    expect(sum(e.byWarehouse.map((g) => g.total))).toBe(pledgeRow.total);
    expect(sum(e.byGoods.map((g) => g.total))).toBe(pledgeRow.total);

    // Drill-down of a borrower: its financings add to its row.
    const borrower = e.byBorrower.find((b) => b.key === String(w.enterpriseId))!;
    const behind = okOf<RiskFinancing[]>(await op.get('/api/bpm/risk/exposure/financings', { dimension: 'borrower', key: borrower.key }));
    expect(sum(behind.map((x) => x.total))).toBe(borrower.total);
    expect(behind.map((x) => x.id)).toEqual(expect.arrayContaining([supplyId, pledgeId]));
  });

  it('refuses enterprises and warehouses (403), and a bad drill-down with a Chinese message (400)', async () => {
    for (const who of [r.demo, w.other, w.keeper]) {
      for (const url of ['/api/bpm/risk/exposure', '/api/bpm/risk/aging', '/api/bpm/risk/collateral']) {
        expect((await who.get(url)).statusCode).toBe(403);
      }
      expect((await who.get('/api/bpm/risk/exposure/financings', { dimension: 'product', key: 'PLEDGE' })).statusCode).toBe(403);
    }
    const bad = await op.get('/api/bpm/risk/exposure/financings', { dimension: 'nowhere', key: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('risk desk: one debtor concentration', () => {
  const pct = (ppm: number) => `${(ppm / 10_000).toFixed(2)}%`;

  it('is the same figure in the exposure view, the ratios and the limit check, goods pledges counted under no debtor', async () => {
    const e = okOf<ExposureAnswer>(await op.get('/api/bpm/risk/exposure'));
    const ratios = okOf<RatiosAnswer>(await op.get('/api/bpm/risk/ratios'));
    const row = e.byDebtor.find((d) => d.label.startsWith('浙江远航'))!;
    expect(row).toBeDefined();
    // No goods pledge behind the debtor's row.
    const behind = okOf<RiskFinancing[]>(await op.get('/api/bpm/risk/exposure/financings', { dimension: 'debtor', key: row.key }));
    expect(behind.length).toBeGreaterThan(0);
    expect(behind.every((x) => x.product === 'INVOICE' || x.product === 'ORDER')).toBe(true);
    expect(sum(behind.map((x) => x.principal))).toBe(row.principal);

    // The ratios view: its biggest debtor is this one, its principal over the risk assets (the book's principal).
    const check = ratios.checks.find((c) => c.key === 'DEBTOR')!;
    expect(check.subject).toBe(row.label);
    expect(ratios.riskAssets).toBe(e.book.principal);
    const share = Math.round((row.principal * 1_000_000) / e.book.principal);
    expect(check.value).toBe(share);
    expect(check.words).toContain(`占风险资产 ${pct(share)}`);
    // The exposure row's share is of the same principal (split by largest remainder: within 1 ppm of the rounding).
    expect(Math.abs(row.sharePpm - share)).toBeLessThanOrEqual(1);
    expect(pct(row.sharePpm)).toBe(pct(check.value));

    // The limit check of an approval adding ¥10,000.00 to this debtor: the same figures plus the addition.
    const amount = 1_000_000;
    const invoiceId = await verifiedInvoice(r, Math.ceil(amount / 0.8));
    const applied = okOf<Applied>(
      await r.demo.post(
        '/api/supplyloan/financings',
        { creditLineId: r.supplyLineId, invoiceIds: [invoiceId], amount, termDays: 30, idempotencyKey: newKey() },
        { json: true },
      ),
    );
    okOf(await signContract(t, r.demo, applied.contractId));
    const taskId = await pendingTask(op, 'FINANCING_APPROVAL', applied.id);
    const detail = okOf<{ facts: { label: string; value: string }[] }>(await op.get(`/api/bpm/tasks/${taskId}`));
    const after = Math.round(((row.principal + amount) * 1_000_000) / (e.book.principal + amount));
    const fact = detail.facts.find((x) => x.label === '审批后·单一债务人占风险资产')!.value;
    expect(fact).toContain(`债务人 ${row.label} 占风险资产 ${pct(after)}`);
    await op.post(`/api/bpm/tasks/${taskId}/reject`, { reason: '测试：不审批' });
  });
});

describe('risk desk: aging', () => {
  // The second operator logs in on the day the clock is moved to (a session of today would have expired by then).
  const agingAt = async (day: string) =>
    atTime(new Date(`${day}T04:00:00Z`), async () => okOf<AgingAnswer>(await (await t.loginAs('fuhe')).get('/api/bpm/risk/aging')));

  it('is current today, and shows the reserve of 1 % of the factoring balance plus each bucket at its rate', async () => {
    const a = okOf<AgingAnswer>(await op.get('/api/bpm/risk/aging'));
    expect(a.asOf).toBe(chinaDate());
    // The seeded world may hold loans already late; the two made here are current.
    expect(a.pastDue.some((x) => (x.product === 'INVOICE' && x.id === supplyId) || (x.product === 'PLEDGE' && x.id === pledgeId))).toBe(
      false,
    );
    expect(a.total.buckets.CURRENT).toBeGreaterThanOrEqual(26_000_000);
    expect(sum(Object.values(a.total.buckets))).toBe(a.total.total);
    expect(a.nonPerformingRatioPpm).toBe(Math.round((a.total.nonPerforming * 1_000_000) / a.total.total));
    expect(a.factoringBalance).toBe(a.total.total);
    expect(a.generalReserve).toBe(Math.ceil(a.factoringBalance / 100));
    expect(a.requiredReserve).toBe(reserveOf(a));
    expect(a.reserveRatePpm).toBe(10_000);
    expect(sum(a.byProduct.map((p) => p.total))).toBe(a.total.total);
    expect(sum(a.byBorrower.map((p) => p.total))).toBe(a.total.total);
  });

  it('follows the server clock: 89 and 90 days past due are 61–90, 91 is 90+ and non-performing', async () => {
    const at89 = await agingAt(addDays(supplyDue, 89));
    const at90 = await agingAt(addDays(supplyDue, 90));
    const at91 = await agingAt(addDays(supplyDue, 91));
    const row = (a: AgingAnswer) => a.pastDue.find((x) => x.product === 'INVOICE' && x.id === supplyId)!;

    expect(row(at89)).toMatchObject({ daysPastDue: 89, bucket: 'D61_90', nonPerforming: false });
    expect(row(at90)).toMatchObject({ daysPastDue: 90, bucket: 'D61_90', nonPerforming: false });
    expect(row(at91)).toMatchObject({ daysPastDue: 91, bucket: 'D90_PLUS', nonPerforming: true });
    expect(at90.total.nonPerformingCount).toBe(at90.pastDue.filter((x) => x.nonPerforming && x.product !== 'CLOUD').length);
    expect(at91.total.nonPerforming).toBeGreaterThanOrEqual(1_000_000);
    expect(at91.byProduct.find((p) => p.key === 'INVOICE')!.buckets.D90_PLUS).toBeGreaterThanOrEqual(1_000_000);
    const borrower91 = at91.byBorrower.find((b) => b.key === String(w.enterpriseId))!;
    expect(borrower91.nonPerformingCount).toBeGreaterThanOrEqual(1);
    // Each answer's buckets add to its balance, and the reserve follows it: the loan's 25 % turns 50 % at 91 days.
    for (const a of [at89, at90, at91]) {
      expect(sum(Object.values(a.total.buckets))).toBe(a.total.total);
      expect(a.requiredReserve).toBe(reserveOf(a));
    }
    expect(at91.reserveByBucket.find((l) => l.bucket === 'D90_PLUS')!.reserve).toBeGreaterThanOrEqual(500_000);
    // The penalty grows with the days: the quote of day 91 is the supply loan's own quote that day.
    expect(row(at91).penalty).toBeGreaterThan(row(at89).penalty);
  });
});

describe('risk desk: collateral watch', () => {
  it('values each live pledge at today\u2019s price with its lines, by goods and LTV band', async () => {
    const c = okOf<CollateralAnswer>(await op.get('/api/bpm/risk/collateral'));
    const mine = c.financings.find((f) => f.id === pledgeId)!;
    const d = okOf<{ value: number; ltvPpm: number; risk: string; unitPrice: number }>(
      await w.demo.get(`/api/pledge/financings/${pledgeId}`),
    );
    expect(mine).toMatchObject({ value: d.value, ltvPpm: d.ltvPpm, risk: d.risk, unitPrice: d.unitPrice, outstanding: 25_000_000 });
    expect(mine.valueAtWarning).not.toBeNull();
    expect(sum(c.ltvBands.map((b) => b.count))).toBe(c.financings.length);
    expect(sum(c.byRisk.map((b) => b.count))).toBe(c.financings.length);
    expect(sum(c.byGoods.map((g) => g.value))).toBe(sum(c.financings.map((f) => f.value)));
    expect(Array.isArray(c.marginCalls)).toBe(true);
  });
});
