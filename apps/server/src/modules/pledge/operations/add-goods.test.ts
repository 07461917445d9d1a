import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, ledgerAccounts, pledgeMarginCalls, stockMovements, stockPositions, warehouseLocations } from '../../../db/schema/index.ts';
import { chinaDate } from '@factoring/domain';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  body,
  disbursedFinancing,
  newKey,
  okOf,
  password,
  pledgeWorld,
  proven,
  recordPrice,
  refusedWithoutChange,
  stockIn,
  type PledgeWorld,
} from '../testing.ts';

/**
 * Meeting a margin call by adding goods instead of money (issue 14, /pledge/giveGold), on PGlite and
 * PostgreSQL. Worked example: 250,000.00 lent on 100.000 t of coil; the price falls to 3,000.00 →
 * value 300,000.00, LTV 83.3334 %, call 40,000.00. The exposure needs 250,000 ÷ 70 % = 357,142.86
 * of goods = 119.048 t (rounded up), so at least 19.048 t more: 119.048 t × 3,000.00 = 357,144.00,
 * LTV 250,000 ÷ 357,144 = 69.9998 % (69.99977… rounded up). 19.047 t is not enough.
 */
let t: TestApp;
let w: PledgeWorld;
let financingId: number;
let sparePosition: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await pledgeWorld(t);
  const main = await stockIn(w, w.enterpriseId, 'AG-1', '100.000');
  sparePosition = await stockIn(w, w.enterpriseId, 'AG-2', '40.000');
  financingId = await disbursedFinancing(w, main, '100.000', 25_000_000);
}, 240_000);
afterAll(() => t?.close());

const addGoods = (lines: unknown[], key = newKey()) =>
  w.demo.post(`/api/pledge/financings/${financingId}/add-goods`, { lines, idempotencyKey: key }, { json: true });
const position = async (id: number) => (await t.database.db.select().from(stockPositions).where(eq(stockPositions.id, id)))[0]!;
const marginHeld = async () =>
  (
    await t.database.db
      .select({ b: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, `VA:${w.enterpriseId}:MARGIN`))
  )[0]?.b ?? 0;

describe('adding goods instead of a margin top-up', () => {
  it('is refused while there is no margin call', async () => {
    await refusedWithoutChange(w, () => addGoods([{ positionId: sparePosition, quantity: '10.000' }]), 'PLEDGE_NO_MARGIN_CALL');
  });

  it('refuses goods not accepted, other goods, another enterprise’s stock, more than available and too little — nothing changes', async () => {
    await recordPrice(w, 300_000);
    const [call] = await t.database.db
      .select()
      .from(pledgeMarginCalls)
      .where(and(eq(pledgeMarginCalls.financingId, financingId), eq(pledgeMarginCalls.status, 'OPEN')));
    expect(call).toMatchObject({ amount: 4_000_000, ltvPpm: 833_334 });

    const quote = okOf<{
      minimumQuantity: string;
      unitPrice: number;
      pledgedQuantity: string;
      stock: { positionId: number; available: string }[];
    }>(await w.demo.get(`/api/pledge/financings/${financingId}/add-goods`));
    expect(quote).toMatchObject({ minimumQuantity: '19.048', unitPrice: 300_000, pledgedQuantity: '100.000' });
    expect(quote.stock.find((s) => s.positionId === sparePosition)?.available).toBe('40.000');

    // The collateral chart: from the day of the price the financing was valued at, one point a day (the
    // day's last price: 3,850.00 and 3,000.00 were both today, issue 24), with the value lines of the exposure.
    const history = okOf<{
      points: { unitPrice: number; value: number; ltvPpm: number }[];
      warningValue: number;
      liquidationValue: number;
    }>(await w.demo.get(`/api/pledge/financings/${financingId}/value-history`));
    expect(history).toMatchObject({ exposure: 25_000_000, warningValue: 31_250_000, liquidationValue: 27_777_778 });
    expect(history.points.map((p) => [p.unitPrice, p.value, p.ltvPpm])).toEqual([[300_000, 30_000_000, 833_334]]);
    expect((await w.other.get(`/api/pledge/financings/${financingId}/value-history`)).statusCode).toBe(404);

    const db = t.database.db;
    const [ingot] = await db.select().from(goods).where(eq(goods.name, '铝合金锭'));
    const [copper] = await db.select().from(goods).where(eq(goods.name, '电解铜'));
    const ingotPosition = await stockIn(w, w.enterpriseId, 'AG-INGOT', '10', ingot!.id);
    const copperPosition = await stockIn(w, w.enterpriseId, 'AG-CU', '5.000', copper!.id);
    const theirs = await stockIn(w, w.otherEnterpriseId, 'AG-OTHER', '50.000');

    const notAccepted = await refusedWithoutChange(
      w,
      () => addGoods([{ positionId: ingotPosition, quantity: '10' }]),
      'PLEDGE_GOODS_NOT_ACCEPTED',
    );
    expect(notAccepted.message).toBe('平台不接受「铝合金锭」质押，请选择「热轧卷板」');
    const otherGoods = await refusedWithoutChange(
      w,
      () => addGoods([{ positionId: copperPosition, quantity: '5.000' }]),
      'PLEDGE_ADD_GOODS_OTHER_GOODS',
    );
    expect(otherGoods.message).toBe('补充质押的货物须与本笔融资的质押货物「热轧卷板」相同');
    await refusedWithoutChange(w, () => addGoods([{ positionId: theirs, quantity: '20.000' }]), 'POSITION_NOT_FOUND');
    const tooMuch = await refusedWithoutChange(
      w,
      () => addGoods([{ positionId: sparePosition, quantity: '40.001' }]),
      'STOCK_NOT_AVAILABLE',
    );
    expect(tooMuch.message).toContain('补充质押数量超过可用数量 40.000');
    const tooLittle = await refusedWithoutChange(
      w,
      () => addGoods([{ positionId: sparePosition, quantity: '19.047' }]),
      'PLEDGE_ADD_GOODS_NOT_ENOUGH',
    );
    expect(tooLittle.message).toContain('至少需补充 19.048');
    await refusedWithoutChange(w, () => addGoods([]));
    await refusedWithoutChange(w, () => addGoods([{ positionId: sparePosition, quantity: '-1' }]));
    // Another enterprise cannot act on this financing at all.
    await refusedWithoutChange(w, () =>
      w.other.post(
        `/api/pledge/financings/${financingId}/add-goods`,
        { lines: [{ positionId: theirs, quantity: '20.000' }], idempotencyKey: newKey() },
        { json: true },
      ),
    );
    await proven(w);
  });

  it('pledges exactly enough through the quantity ledger, meets the call without moving money, and replays once', async () => {
    const spareBefore = await position(sparePosition);
    const held = await marginHeld();
    const key = newKey();
    const added = okOf<{ addedQuantity: string; pledgedQuantity: string; value: number; ltvPpm: number }>(
      await addGoods([{ positionId: sparePosition, quantity: '19.048' }], key),
    );
    expect(added).toMatchObject({ addedQuantity: '19.048', pledgedQuantity: '119.048', value: 35_714_400, ltvPpm: 699_998 });
    const spareAfter = await position(sparePosition);
    expect(spareAfter.available).toBe('20.952');
    expect(Number(spareAfter.pledged) - Number(spareBefore.pledged)).toBeCloseTo(19.048, 6);
    const moves = await t.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.positionId, sparePosition), like(stockMovements.reference, `PLEDGE:${financingId}`)));
    expect(moves).toHaveLength(1);
    expect(await marginHeld()).toBe(held);

    const [call] = await t.database.db.select().from(pledgeMarginCalls).where(eq(pledgeMarginCalls.financingId, financingId));
    expect(call).toMatchObject({ status: 'MET', paidAmount: 0 });
    const detail = okOf<{
      pledgedQuantity: string;
      openMarginCall: unknown;
      topUpMargin: number;
      risk: string;
      events: { action: string }[];
    }>(await w.demo.get(`/api/pledge/financings/${financingId}`));
    expect(detail).toMatchObject({ pledgedQuantity: '119.048', openMarginCall: null, topUpMargin: 0, risk: 'NORMAL' });
    expect(detail.events.at(-1)?.action).toBe('补充质押货物');

    // The same key answers the first result and pledges nothing twice.
    const replay = body(await addGoods([{ positionId: sparePosition, quantity: '19.048' }], key));
    expect(replay.message).toMatchObject({ addedQuantity: '19.048' });
    expect((await position(sparePosition)).available).toBe('20.952');
    // The call is met: neither more goods nor a money top-up is asked.
    await refusedWithoutChange(w, () => addGoods([{ positionId: sparePosition, quantity: '1.000' }]), 'PLEDGE_NO_MARGIN_CALL');
    await refusedWithoutChange(
      w,
      () =>
        w.demo.post(`/api/pledge/financings/${financingId}/top-up`, { password: password(w), idempotencyKey: newKey() }, { json: true }),
      'PLEDGE_NO_MARGIN_CALL',
    );
    await proven(w);
  });

  it('tells two positions of one batch apart by their location, in the top-up and the apply stock (issue 37)', async () => {
    const db = t.database.db;
    const spare = await position(sparePosition);
    const locations = await db.select().from(warehouseLocations).where(eq(warehouseLocations.warehouseId, w.warehouseId));
    // The same batch AG-2 stocked in at another location of the warehouse that takes coil: a second position.
    let second: { positionId: number; locationId: number } | null = null;
    for (const l of locations.filter((x) => x.id !== spare.locationId)) {
      const r = body<{ positionId: number }>(
        await w.keeper.post(
          '/api/warehouse/stock-in',
          {
            warehouseId: w.warehouseId,
            locationId: l.id,
            depositorId: w.enterpriseId,
            goodsId: w.coilId,
            batchNo: 'AG-2',
            quantity: '5.000',
            occurredOn: chinaDate(),
            documentNo: 'RK-AG-2-B',
            idempotencyKey: newKey(),
          },
          { json: true },
        ),
      );
      if (r.status === 'OK') {
        second = { positionId: r.message.positionId, locationId: l.id };
        break;
      }
    }
    expect(second).not.toBeNull();
    const codeOf = (id: number) => locations.find((l) => l.id === id)!.code;
    const expected = [
      { positionId: sparePosition, locationCode: codeOf(spare.locationId) },
      { positionId: second!.positionId, locationCode: codeOf(second!.locationId) },
    ];
    expect(expected[0]!.locationCode).not.toBe(expected[1]!.locationCode);
    type Row = { positionId: number; batchNo: string; locationCode: string };
    const rowsOf = (rows: Row[]) =>
      rows.filter((r) => r.batchNo === 'AG-2').map(({ positionId, locationCode }) => ({ positionId, locationCode }));
    const quote = okOf<{ stock: Row[] }>(await w.demo.get(`/api/pledge/financings/${financingId}/add-goods`));
    expect(rowsOf(quote.stock)).toEqual(expect.arrayContaining(expected));
    expect(rowsOf(quote.stock)).toHaveLength(2);
    const stock = okOf<Row[]>(await w.demo.get('/api/pledge/stock'));
    expect(rowsOf(stock)).toEqual(expect.arrayContaining(expected));
    expect(rowsOf(stock)).toHaveLength(2);
  });
});
