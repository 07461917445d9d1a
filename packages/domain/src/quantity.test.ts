import { describe, expect, it } from 'vitest';
import {
  applyMovement,
  checkSplit,
  countDifference,
  formatQuantity,
  movementDeltas,
  parseQuantity,
  QuantityError,
  sumQuantities,
  MOVEMENT_KINDS,
} from './quantity.ts';
import { receiptLifecycle, stockTakeLifecycle } from './status/warehouse.ts';

const empty = { available: '0.000', pledged: '0.000', frozen: '0.000' };
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof QuantityError) return err.code;
    throw err;
  }
  return 'OK';
};

describe('parseQuantity', () => {
  it('accepts exact decimals up to the unit scale and writes them canonically', () => {
    expect(parseQuantity('12.5', 3)).toBe('12.500');
    expect(parseQuantity('0.001', 3)).toBe('0.001');
    expect(parseQuantity('007', 0)).toBe('7');
    expect(parseQuantity('1.500', 0 + 1)).toBe('1.5');
    expect(parseQuantity(3, 3)).toBe('3.000');
  });
  it('refuses negative, zero, over-precise, non-numeric and huge quantities with a Chinese message', () => {
    expect(codeOf(() => parseQuantity('-1', 3))).toBe('QUANTITY_NOT_POSITIVE');
    expect(codeOf(() => parseQuantity('0', 3))).toBe('QUANTITY_NOT_POSITIVE');
    expect(codeOf(() => parseQuantity('0.000', 3))).toBe('QUANTITY_NOT_POSITIVE');
    expect(codeOf(() => parseQuantity('1.2345', 3))).toBe('QUANTITY_PRECISION');
    expect(codeOf(() => parseQuantity('1.5', 0))).toBe('QUANTITY_PRECISION');
    expect(codeOf(() => parseQuantity('abc', 3))).toBe('QUANTITY_FORMAT');
    expect(codeOf(() => parseQuantity('1e3', 3))).toBe('QUANTITY_FORMAT');
    expect(codeOf(() => parseQuantity('', 3))).toBe('QUANTITY_REQUIRED');
    expect(codeOf(() => parseQuantity('1234567890123', 3))).toBe('QUANTITY_RANGE');
    expect(() => parseQuantity('1.5', 0, '出库数量')).toThrow('出库数量必须是整数');
  });
  it('adds without binary-float error', () => {
    expect(sumQuantities('0.1', '0.2').toFixed(3)).toBe('0.300');
    expect(sumQuantities(...Array.from({ length: 1000 }, () => '0.001')).toFixed(3)).toBe('1.000');
  });
});

describe('movements and buckets', () => {
  it('every kind moves exactly the quantity between its buckets', () => {
    for (const kind of MOVEMENT_KINDS) {
      const d = movementDeltas(kind, '2.500');
      const moved = [d.available, d.pledged, d.frozen].filter((x) => x !== '0.000');
      expect(moved.length).toBeGreaterThan(0);
      expect(moved.every((x) => x === '2.500' || x === '-2.500')).toBe(true);
    }
    expect(movementDeltas('PLEDGE', '1')).toEqual({ available: '-1.000', pledged: '1.000', frozen: '0.000' });
  });
  it('a stock-out takes only from available: pledged and frozen goods cannot leave', () => {
    const p = { available: '5.000', pledged: '10.000', frozen: '3.000' };
    expect(applyMovement(p, 'OUT', '5')).toEqual({ available: '0.000', pledged: '10.000', frozen: '3.000' });
    expect(codeOf(() => applyMovement(p, 'OUT', '5.001'))).toBe('STOCK_NOT_AVAILABLE');
    expect(() => applyMovement(p, 'OUT', '6', '吨')).toThrow('可用库存不足：可用数量 5.000吨，本次需要 6.000吨');
    expect(codeOf(() => applyMovement(p, 'MOVE_OUT', '8'))).toBe('STOCK_NOT_AVAILABLE');
    expect(codeOf(() => applyMovement(p, 'RELEASE', '10.001'))).toBe('STOCK_NOT_PLEDGED');
    expect(codeOf(() => applyMovement(p, 'RECEIPT_CANCEL', '4'))).toBe('STOCK_NOT_FROZEN');
  });
  it('in, pledge, release, freeze, unfreeze return to the start', () => {
    let p = applyMovement(empty, 'IN', '100.250');
    p = applyMovement(p, 'PLEDGE', '40');
    p = applyMovement(p, 'FREEZE', '10.25');
    expect(p).toEqual({ available: '50.000', pledged: '40.000', frozen: '10.250' });
    p = applyMovement(applyMovement(p, 'RELEASE', '40'), 'UNFREEZE', '10.25');
    expect(p).toEqual({ available: '100.250', pledged: '0.000', frozen: '0.000' });
  });
});

describe('receipts and stock-taking', () => {
  it('a split must add up exactly, every part positive', () => {
    expect(() => checkSplit('10.000', ['3.333', '6.667'])).not.toThrow();
    expect(codeOf(() => checkSplit('10.000', ['3.333', '6.666']))).toBe('SPLIT_NOT_BALANCED');
    expect(codeOf(() => checkSplit('10', ['10']))).toBe('SPLIT_PARTS');
    expect(codeOf(() => checkSplit('10', ['10', '0']))).toBe('SPLIT_PARTS');
  });
  it('a shortfall beyond the available quantity is flagged, never taken silently', () => {
    expect(countDifference({ book: '10', counted: '10', available: '2' })).toEqual({
      difference: '0.000',
      kind: null,
      touchesEncumbered: false,
    });
    expect(countDifference({ book: '10', counted: '12.5', available: '2' })).toMatchObject({ difference: '2.500', kind: 'ADJUST_GAIN' });
    expect(countDifference({ book: '10', counted: '9', available: '2' })).toMatchObject({
      difference: '-1.000',
      kind: 'ADJUST_LOSS',
      touchesEncumbered: false,
    });
    expect(countDifference({ book: '10', counted: '7', available: '2' })).toMatchObject({ kind: 'ADJUST_LOSS', touchesEncumbered: true });
  });
  it('receipt and stock-take machines', () => {
    expect(receiptLifecycle.canTransition('LIVE', 'SPLIT')).toBe(true);
    expect(receiptLifecycle.canTransition('SPLIT', 'LIVE')).toBe(false);
    expect(receiptLifecycle.canTransition('PLEDGED', 'CANCELLED')).toBe(false);
    expect(receiptLifecycle.canTransition('CANCEL_PENDING', 'CANCELLED')).toBe(true);
    expect(stockTakeLifecycle.canTransition('APPROVED', 'REJECTED')).toBe(false);
  });
  it('formats with thousands separators and the unit scale', () => {
    expect(formatQuantity('1234567.5', 3)).toBe('1,234,567.500');
    expect(formatQuantity('12', 0)).toBe('12');
    expect(formatQuantity(null, 2)).toBe('0.00');
  });
});
