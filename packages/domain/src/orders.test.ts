import { describe, expect, it } from 'vitest';
import {
  addQuantities,
  applyFulfilment,
  lineTotals,
  orderFreePaymentEntry,
  orderTotals,
  OrderError,
  splitOrderPayment,
  subtractQuantity,
} from './orders.ts';
import type { Cents } from './money.ts';

describe('lineTotals: one half-up rounding per figure, tax is the difference', () => {
  it('prices a whole quantity exactly', () => {
    expect(lineTotals({ quantity: '10', unitPrice: 12_345, taxRatePpm: 130_000 })).toEqual({
      amount: 123_450,
      tax: 16_049,
      total: 139_499,
    });
  });

  it('rounds a fractional quantity once, half up', () => {
    // 2.125 t × ¥3,333.33 = 708,332.625 cents → 708,333; × 1.13 = 800,415.86625 → 800,416
    expect(lineTotals({ quantity: '2.125', unitPrice: 333_333, taxRatePpm: 130_000 })).toEqual({
      amount: 708_333,
      tax: 92_083,
      total: 800_416,
    });
  });

  it('rounds exactly .5 of a cent up', () => {
    // 0.5 × 1 cent = 0.5 → 1; with 0 % tax the total rounds the same way
    expect(lineTotals({ quantity: '0.5', unitPrice: 1, taxRatePpm: 0 })).toEqual({ amount: 1, tax: 0, total: 1 });
    // 1.5 × 3 cents = 4.5 → 5
    expect(lineTotals({ quantity: '1.5', unitPrice: 3, taxRatePpm: 0 }).amount).toBe(5);
  });

  it('does not lose precision where binary floats would (0.1 + 0.2 style products)', () => {
    // 0.3 × 10 cents is exactly 3 (a float gives 2.9999999999999996 before rounding)
    expect(lineTotals({ quantity: '0.3', unitPrice: 10, taxRatePpm: 0 }).amount).toBe(3);
    // 1.005 × 100 cents = 100.5 → 101 (a float computes 100.49999999999999)
    expect(lineTotals({ quantity: '1.005', unitPrice: 100, taxRatePpm: 0 }).amount).toBe(101);
  });

  it('keeps amount + tax = total on every line', () => {
    for (const [q, p, r] of [
      ['3.333', 99_999, 130_000],
      ['0.001', 1, 90_000],
      ['999999.999', 7, 60_000],
    ] as const) {
      const t = lineTotals({ quantity: q, unitPrice: p, taxRatePpm: r });
      expect(t.amount + t.tax).toBe(t.total);
    }
  });

  it.each([
    [{ quantity: '0', unitPrice: 100, taxRatePpm: 0 }, '数量必须大于0'],
    [{ quantity: '-1', unitPrice: 100, taxRatePpm: 0 }, '数量格式不正确'],
    [{ quantity: '1.2345', unitPrice: 100, taxRatePpm: 0 }, '数量格式不正确'],
    [{ quantity: '1', unitPrice: 0, taxRatePpm: 0 }, '单价必须大于0'],
    [{ quantity: '1', unitPrice: -5, taxRatePpm: 0 }, '单价必须大于0'],
    [{ quantity: '1', unitPrice: 1.5, taxRatePpm: 0 }, '单价必须大于0'],
    [{ quantity: '1', unitPrice: 100, taxRatePpm: 170_000 }, '税率不正确'],
  ])('refuses %o', (line, message) => {
    expect(() => lineTotals(line)).toThrow(OrderError);
    expect(() => lineTotals(line)).toThrow(message);
  });
});

describe('orderTotals', () => {
  it('sums the rounded lines (no rounding of the sum)', () => {
    const t = orderTotals([
      { quantity: '0.5', unitPrice: 1, taxRatePpm: 0 },
      { quantity: '0.5', unitPrice: 1, taxRatePpm: 0 },
    ]);
    // each line 0.5 → 1; the sum of exact values would be 1, the sum of lines is 2
    expect(t).toMatchObject({ amount: 2, tax: 0, total: 2 });
    expect(t.lines).toHaveLength(2);
  });

  it('refuses an order without lines', () => {
    expect(() => orderTotals([])).toThrow('订单至少需要一行明细');
  });
});

describe('quantities and fulfilment by line', () => {
  it('adds and subtracts exactly', () => {
    expect(addQuantities('0.1', '0.2')).toBe('0.3');
    expect(subtractQuantity('10', '3.333')).toBe('6.667');
  });

  const lines = [
    { lineId: 1, quantity: '10', fulfilled: '0' },
    { lineId: 2, quantity: '2.5', fulfilled: '1' },
  ];

  it('records a partial movement and says the order is not complete', () => {
    const r = applyFulfilment(lines, [{ lineId: 1, quantity: '4.25' }]);
    expect(r.fulfilled.get(1)).toBe('4.25');
    expect(r.fulfilled.get(2)).toBe('1');
    expect(r.complete).toBe(false);
  });

  it('completes when every line is fully handed over', () => {
    const r = applyFulfilment(lines, [
      { lineId: 1, quantity: '10' },
      { lineId: 2, quantity: '1.5' },
    ]);
    expect(r.complete).toBe(true);
  });

  it('refuses more than a line has left, unknown lines, repeats and nothing at all', () => {
    expect(() => applyFulfilment(lines, [{ lineId: 2, quantity: '1.501' }])).toThrow('超过该行未完成数量 1.5');
    expect(() => applyFulfilment(lines, [{ lineId: 9, quantity: '1' }])).toThrow('明细行不属于该订单');
    expect(() =>
      applyFulfilment(lines, [
        { lineId: 1, quantity: '1' },
        { lineId: 1, quantity: '1' },
      ]),
    ).toThrow('同一明细行不能重复填写');
    expect(() => applyFulfilment(lines, [])).toThrow('请至少填写一行本次数量');
    expect(() => applyFulfilment(lines, [{ lineId: 1, quantity: '0' }])).toThrow('数量必须大于0');
  });
});

describe('splitOrderPayment: controlled funds first, then free funds; fee from free funds', () => {
  it('uses controlled money first', () => {
    expect(splitOrderPayment({ amount: 50_000, outstanding: 100_000, controlled: 80_000, available: 10_000, fee: 2000 })).toEqual({
      fromControlled: 50_000,
      fromFree: 0,
      fee: 2000,
      freeTotal: 2000,
    });
  });

  it('takes the rest from free money', () => {
    expect(splitOrderPayment({ amount: 100_000, outstanding: 100_000, controlled: 30_000, available: 80_000, fee: 2000 })).toEqual({
      fromControlled: 30_000,
      fromFree: 70_000,
      fee: 2000,
      freeTotal: 72_000,
    });
  });

  it('refuses more than the outstanding amount', () => {
    expect(() => splitOrderPayment({ amount: 100_001, outstanding: 100_000, controlled: 1e9, available: 1e9, fee: 0 })).toThrow(
      '支付金额超过订单未付金额（未付 1,000.00 元）',
    );
  });

  it('refuses when free money cannot cover the rest and the fee', () => {
    expect(() => splitOrderPayment({ amount: 100_000, outstanding: 100_000, controlled: 30_000, available: 71_999, fee: 2000 })).toThrow(
      '可用余额不足',
    );
  });
});

describe('orderFreePaymentEntry', () => {
  it('balances the payment and the fee', () => {
    const e = orderFreePaymentEntry({
      enterpriseId: 3,
      amount: 70_000 as Cents,
      fee: 2000 as Cents,
      payee: { name: '甲', accountNo: '123456789' },
      memo: '采购订单 CG1',
    });
    const debit = e.lines.filter((l) => l.side === 'D').reduce((s, l) => s + l.amount, 0);
    const credit = e.lines.filter((l) => l.side === 'C').reduce((s, l) => s + l.amount, 0);
    expect(debit).toBe(72_000);
    expect(credit).toBe(72_000);
  });

  it('carries only the fee when controlled money paid everything', () => {
    const e = orderFreePaymentEntry({
      enterpriseId: 3,
      amount: 0 as Cents,
      fee: 2000 as Cents,
      payee: { name: '甲', accountNo: '123456789' },
      memo: 'x',
    });
    expect(e.lines.map((l) => l.flowType)).toEqual(['TRANSFER_FEE', 'FEE_INCOME']);
  });
});
