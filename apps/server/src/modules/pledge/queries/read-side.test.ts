import { addDays, chinaDate } from '@factoring/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { newKey, okOf, pledgeWorld, recordPrice, stockIn, type PledgeWorld } from '../testing.ts';

/**
 * What the enterprise reads of its pledges is true today (issue 24), on PGlite and PostgreSQL:
 * an application not yet disbursed is valued at the current price like a disbursed one; the price
 * history has one point a day (the day's last price); the trial names the due date from the term
 * before an amount is typed.
 *
 * Worked example: 10.000 t of coil at 3,850.00 = 38,500.00, applied for 26,000.00 → LTV
 * 26,000 ÷ 38,500 = 67.5325 % (rounded up). Price 3,000.00 → 30,000.00, LTV 86.6667 % (past the
 * 80 % warning line). A second price the same day, 3,200.00 → 32,000.00, LTV 81.2500 %.
 */
let t: TestApp;
let w: PledgeWorld;
let positionId: number;

type Summary = { id: number; status: string; unitPrice: number; value: number; ltvPpm: number; risk: string };
const detail = async (id: number) =>
  okOf<Summary & { prices: { priceDate: string; unitPrice: number }[] }>(await w.demo.get(`/api/pledge/financings/${id}`));
const listed = async (id: number) =>
  okOf<{ items: Summary[] }>(await w.demo.get('/api/pledge/financings', { page: 1, size: 50 })).items.find((f) => f.id === id)!;

beforeAll(async () => {
  t = await createTestApp();
  w = await pledgeWorld(t);
  positionId = await stockIn(w, w.enterpriseId, 'RS-1', '100.000');
}, 240_000);
afterAll(async () => t?.close());

describe('pledge read side', () => {
  it('values an application not yet disbursed at the current price, in the list and the detail', async () => {
    const applied = okOf<{ id: number; status: string }>(
      await w.demo.post(
        '/api/pledge/financings',
        { idempotencyKey: newKey(), creditLineId: w.lineId, lines: [{ positionId, quantity: '10.000' }], amount: 2_600_000, termDays: 90 },
        { json: true },
      ),
    );
    expect(applied.status).toBe('MARGIN_PENDING');
    expect(await detail(applied.id)).toMatchObject({ unitPrice: 385_000, value: 3_850_000, ltvPpm: 675_325, risk: 'NORMAL' });

    await recordPrice(w, 300_000);
    // Before issue 24 the application kept 38,500.00 and 67.53 % after the fall.
    expect(await detail(applied.id)).toMatchObject({ unitPrice: 300_000, value: 3_000_000, ltvPpm: 866_667, risk: 'WARNING' });
    expect(await listed(applied.id)).toMatchObject({ unitPrice: 300_000, value: 3_000_000, ltvPpm: 866_667, risk: 'WARNING' });

    // Cancelled, it keeps the price it was last valued at: nothing follows the market any more.
    okOf(await w.demo.post(`/api/pledge/financings/${applied.id}/cancel`, {}, { json: true }));
    await recordPrice(w, 385_000);
    expect(await detail(applied.id)).toMatchObject({ status: 'CANCELLED', unitPrice: 385_000 });
  });

  it('shows one price a day — the last one of the day — in the chart and the detail', async () => {
    const applied = okOf<{ id: number }>(
      await w.demo.post(
        '/api/pledge/financings',
        { idempotencyKey: newKey(), creditLineId: w.lineId, lines: [{ positionId, quantity: '10.000' }], amount: 2_600_000, termDays: 90 },
        { json: true },
      ),
    );
    const today = chinaDate();
    await recordPrice(w, 300_000);
    await recordPrice(w, 320_000);
    const history = okOf<{ points: { priceDate: string; unitPrice: number; value: number }[] }>(
      await w.demo.get(`/api/pledge/financings/${applied.id}/value-history`),
    );
    const dates = history.points.map((p) => p.priceDate);
    expect(new Set(dates).size).toBe(dates.length);
    expect([...dates].sort()).toEqual(dates);
    expect(history.points.at(-1)).toEqual({ priceDate: today, unitPrice: 320_000, value: 3_200_000, ltvPpm: 812_500 });

    const d = await detail(applied.id);
    const days = d.prices.map((p) => p.priceDate);
    expect(new Set(days).size).toBe(days.length);
    expect(d.prices.filter((p) => p.priceDate === today)).toEqual([{ priceDate: today, unitPrice: 320_000 }]);
    expect(d).toMatchObject({ unitPrice: 320_000, value: 3_200_000, ltvPpm: 812_500 });
    await recordPrice(w, 385_000);
  });

  it('names the due date from the term before an amount is typed', async () => {
    const trial = okOf<{ dueDate: string; interest: number }>(
      await w.demo.post(
        '/api/pledge/trial',
        { creditLineId: w.lineId, lines: [{ positionId, quantity: '5.000' }], amount: 0, termDays: 60 },
        { json: true },
      ),
    );
    expect(trial).toMatchObject({ dueDate: addDays(chinaDate(), 60), interest: 0 });
  });
});
