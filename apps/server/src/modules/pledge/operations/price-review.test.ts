import { chinaDate } from '@factoring/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bpmAuditLog, bpmTasks } from '../../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  approvePrice,
  body,
  disbursedFinancing,
  newKey,
  okOf,
  pledgeWorld,
  proven,
  snapshot,
  stockIn,
  type PledgeWorld,
} from '../testing.ts';

/**
 * Deliberate price moves (issue 21), on PGlite and PostgreSQL: an operator's goods price is first
 * previewed (which financings it pushes past the warning or liquidation line, the margin call it
 * raises), then entered as a PLEDGE_PRICE task — nothing is revalued — and takes effect only when a
 * second operator approves it; the operator who entered it is refused (MAKER_CHECKER), a rejection
 * changes nothing, and the decision's audit row says who entered, who confirmed, and the price
 * before and after. Worked example: 100 t of coil at 3,850.00 for 250,000.00 → LTV 64.9351 %;
 * at 3,000.00 → 83.3334 % > 80 % with a falling price → a margin call of 40,000.00.
 */
let t: TestApp;
let w: PledgeWorld;
let id: number;
let financingNo: string;

type Preview = {
  unitPriceBefore: number | null;
  priceFalling: boolean;
  affected: { financingId: number; financingNo: string; enterpriseName: string; marginCall: unknown }[];
};
const entry = (unitPrice: number, key = newKey()) =>
  w.op.post(
    '/api/bpm/pledge/prices',
    { goodsId: w.coilId, unitPrice, priceDate: chinaDate(), source: '上海钢联' },
    {
      json: true,
      headers: { 'idempotency-key': key },
    },
  );
const detail = async () =>
  okOf<{ ltvPpm: number; value: number; risk: string; openMarginCall: unknown }>(await w.demo.get(`/api/pledge/financings/${id}`));
const currentCoilPrice = async () =>
  okOf<{ goodsId: number; unitPrice: number; history: { recordedByName: string }[] }[]>(await w.op.get('/api/bpm/pledge/prices')).find(
    (g) => g.goodsId === w.coilId,
  )!;

beforeAll(async () => {
  t = await createTestApp();
  w = await pledgeWorld(t);
  const positionId = await stockIn(w, w.enterpriseId, 'PR-1', '100.000');
  id = await disbursedFinancing(w, positionId, '100.000', 25_000_000);
  financingNo = okOf<{ financingNo: string }>(await w.demo.get(`/api/pledge/financings/${id}`)).financingNo;
}, 240_000);
afterAll(() => t?.close());

describe('a goods price entered by one operator (issue 21)', () => {
  it('previews the financings it would push past a line, with the margin call, and changes nothing', async () => {
    const before = await snapshot(w);
    const preview = okOf<Preview & { affected: Record<string, unknown>[] }>(
      await w.op.get('/api/bpm/pledge/prices/preview', { goodsId: w.coilId, unitPrice: 300_000 }),
    );
    expect(preview).toMatchObject({ unitPriceBefore: 385_000, unitPrice: 300_000, priceFalling: true });
    expect(preview.affected.find((a) => a.financingId === id)).toEqual({
      financingId: id,
      financingNo,
      enterpriseName: '上海鑫源贸易有限公司',
      ltvBeforePpm: 649_351,
      ltvAfterPpm: 833_334,
      warningLinePpm: 800_000,
      liquidationLinePpm: 900_000,
      riskBefore: 'NORMAL',
      riskAfter: 'WARNING',
      riskAfterLabel: '超过预警线',
      valueAfter: 30_000_000,
      marginCall: { action: 'RAISE', amount: 4_000_000 },
    });
    // A small move pushes nobody past a line.
    const small = okOf<Preview>(await w.op.get('/api/bpm/pledge/prices/preview', { goodsId: w.coilId, unitPrice: 380_000 }));
    expect(small.affected.find((a) => a.financingId === id)).toBeUndefined();
    expect((await w.op.get('/api/bpm/pledge/prices/preview', { goodsId: 2_147_483_647, unitPrice: 1 })).statusCode).toBe(404);
    expect((await w.demo.get('/api/bpm/pledge/prices/preview', { goodsId: w.coilId, unitPrice: 1 })).statusCode).toBe(403);
    expect(await snapshot(w)).toBe(before);
  });

  it('takes effect only when a second operator approves it; the one who entered it is refused', async () => {
    const before = await snapshot(w);
    const key = newKey();
    const entered = okOf<{ status: string; taskId: number; unitPriceBefore: number; unitPrice: number }>(await entry(300_000, key));
    expect(entered).toMatchObject({ status: 'PENDING_REVIEW', unitPriceBefore: 385_000, unitPrice: 300_000 });
    // Entered is not in effect: no price row, no mark to market, no margin call.
    expect(await snapshot(w)).toBe(before);
    expect(await detail()).toMatchObject({ ltvPpm: 649_351, risk: 'NORMAL', openMarginCall: null });
    expect((await currentCoilPrice()).unitPrice).toBe(385_000);
    // The same key answers the same task; no second one.
    expect(okOf(await entry(300_000, key))).toEqual(entered);
    const pending = await t.database.db
      .select()
      .from(bpmTasks)
      .where(and(eq(bpmTasks.type, 'PLEDGE_PRICE'), eq(bpmTasks.state, 'PENDING')));
    expect(pending).toHaveLength(1);

    // The operator who entered it may neither approve nor claim it.
    for (const call of ['approve', 'claim'])
      expect(body(await w.op.post(`/api/bpm/tasks/${entered.taskId}/${call}`, { comment: '自己通过' }, { json: true }))).toMatchObject({
        status: 'ERROR',
        code: 'MAKER_CHECKER',
      });
    expect(await snapshot(w)).toBe(before);

    // The second operator's drawer shows the same preview, live, in words.
    const task = okOf<{ typeLabel: string; facts: { label: string; value: string }[] }>(
      await w.checker.get(`/api/bpm/tasks/${entered.taskId}`),
    );
    expect(task.typeLabel).toBe('质押货物价格复核');
    expect(task.facts).toContainEqual({ label: '单价变动（现价 → 新价）', value: '¥3,850.00/吨 → ¥3,000.00/吨（下跌）' });
    expect(task.facts).toContainEqual({
      label: `${financingNo}（上海鑫源贸易有限公司）`,
      value: '质押率 64.94% → 83.33%（超过预警线），发出补缴保证金通知 40,000.00 元',
    });

    // Approved by the second operator: in effect, one margin call of 40,000.00.
    okOf(await approvePrice(w.checker, entered.taskId));
    expect(await detail()).toMatchObject({ value: 30_000_000, ltvPpm: 833_334, risk: 'WARNING', openMarginCall: { amount: 4_000_000 } });
    const coil = await currentCoilPrice();
    expect(coil.unitPrice).toBe(300_000);
    expect(coil.history[0]!.recordedByName).toBe('赵审');
    await proven(w);

    // The audit row: who entered, who confirmed, the price before and after.
    const [audit] = await t.database.db
      .select()
      .from(bpmAuditLog)
      .where(and(eq(bpmAuditLog.taskId, entered.taskId), eq(bpmAuditLog.action, 'APPROVE')))
      .orderBy(desc(bpmAuditLog.id));
    expect(audit).toMatchObject({
      actorName: '钱核',
      entityType: 'PLEDGE_PRICE',
      before: { record: { goodsId: w.coilId, unitPrice: 385_000 } },
      after: {
        record: {
          goodsId: w.coilId,
          unitPrice: 300_000,
          enteredBy: { name: '赵审' },
          confirmedBy: { name: '钱核' },
          marginCalls: [{ financingId: id, amount: 4_000_000, ltvPpm: 833_334 }],
        },
      },
    });
    // Decided once: approving again changes nothing.
    const after = await snapshot(w);
    expect(body(await approvePrice(w.checker, entered.taskId)).status).toBe('ERROR');
    expect(await snapshot(w)).toBe(after);
  });

  it('a rejected price never takes effect', async () => {
    const before = await snapshot(w);
    const entered = okOf<{ taskId: number }>(await entry(150_000));
    expect(await snapshot(w)).toBe(before);
    okOf(await w.checker.post(`/api/bpm/tasks/${entered.taskId}/reject`, { reason: '报价来源不可靠' }, { json: true }));
    expect(await snapshot(w)).toBe(before);
    expect((await currentCoilPrice()).unitPrice).toBe(300_000);
    await proven(w);
  });

  it('refuses an entry without an idempotency key, for goods that do not exist, or from a merchant — nothing changes', async () => {
    const tasks = async () => (await t.database.db.select().from(bpmTasks).where(eq(bpmTasks.type, 'PLEDGE_PRICE'))).length;
    const count = await tasks();
    const before = await snapshot(w);
    const noKey = await w.op.post(
      '/api/bpm/pledge/prices',
      { goodsId: w.coilId, unitPrice: 100_000, priceDate: chinaDate(), source: '上海钢联' },
      { json: true },
    );
    expect(body(noKey).message).toContain('幂等键');
    expect(
      (
        await w.op.post(
          '/api/bpm/pledge/prices',
          { goodsId: 2_147_483_647, unitPrice: 100_000, priceDate: chinaDate(), source: '上海钢联', idempotencyKey: newKey() },
          { json: true },
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await w.demo.post(
          '/api/bpm/pledge/prices',
          { goodsId: w.coilId, unitPrice: 100_000, priceDate: chinaDate(), source: '上海钢联', idempotencyKey: newKey() },
          { json: true },
        )
      ).statusCode,
    ).toBe(403);
    expect(await tasks()).toBe(count);
    expect(await snapshot(w)).toBe(before);
  });
});
