import { describe, expect, it } from 'vitest';
import { checkPledgeQuantity } from './quantity.ts';

const row = { available: '945.250', scale: 3, unit: '吨' };

describe('checkPledgeQuantity (issue 24)', () => {
  it('accepts a quantity within what is available, as typed', () => {
    expect(checkPledgeQuantity('10', row)).toEqual({ quantity: '10.000', problem: null });
    expect(checkPledgeQuantity('945.25', row)).toEqual({ quantity: '945.250', problem: null });
    expect(checkPledgeQuantity('１２.５', row)).toEqual({ quantity: '12.500', problem: null });
  });

  it('treats an empty row or 0 as not pledged, without a message', () => {
    expect(checkPledgeQuantity('', row)).toEqual({ quantity: null, problem: null });
    expect(checkPledgeQuantity(undefined, row)).toEqual({ quantity: null, problem: null });
    expect(checkPledgeQuantity('0', row)).toEqual({ quantity: null, problem: null });
  });

  it('refuses more than is available and names the most that may be pledged (never clamps)', () => {
    expect(checkPledgeQuantity('1000', row)).toEqual({ quantity: null, problem: '超过可用数量，最多可质押 945.250 吨' });
    expect(checkPledgeQuantity('1,000', row)).toEqual({ quantity: null, problem: '超过可用数量，最多可质押 945.250 吨' });
  });

  it('refuses a negative number or text with what is wrong (never turns it into 0)', () => {
    expect(checkPledgeQuantity('-5', row).problem).toBe('质押数量不能为负数');
    expect(checkPledgeQuantity('abc', row).problem).toBe('质押数量须为数字，例如 10.5');
    expect(checkPledgeQuantity('1.2.3', row).problem).toBe('质押数量须为数字，例如 10.5');
    expect(checkPledgeQuantity('1.2345', row).problem).toBe('质押数量最多 3 位小数');
    expect(checkPledgeQuantity('2.5', { ...row, scale: 0, unit: '件' }).problem).toBe('质押数量必须是整数');
  });
});
