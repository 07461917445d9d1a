import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Exposure } from './api.ts';
import { exposureWorkbook } from './export-exposure.ts';

const row = (key: string, label: string, principal: number, interest: number, penalty: number, sharePpm: number) => ({
  key,
  label,
  count: 1,
  principal,
  interest,
  penalty,
  total: principal + interest + penalty,
  sharePpm,
});

const exposure: Exposure = {
  asOf: '2026-11-26',
  book: { count: 3, principal: 3_000_001, interest: 2_000, penalty: 33, total: 3_002_034 },
  byProduct: [
    row('INVOICE', '供应链融资（应收账款）', 1_000_000, 1_000, 0, 333_444),
    row('PLEDGE', '货押融资', 2_000_001, 1_000, 33, 666_556),
  ],
  byBorrower: [],
  byDebtor: [],
  byPlatform: [],
  byWarehouse: [],
  byGoods: [],
  bankBook: { count: 0, principal: 0, interest: 0, penalty: 0, total: 0, byProduct: [], byBorrower: [] },
};

describe('the exposure in Excel (issue 27)', () => {
  it('writes money as numbers of yuan with a totals row equal to the book, shares as percentages', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await exposureWorkbook(exposure, 'byProduct').xlsx.writeBuffer());
    const sheet = wb.getWorksheet('风险敞口')!;
    expect(sheet.getRow(5).getCell(3).value).toBe('未偿本金（元）');
    const first = sheet.getRow(6);
    expect(first.getCell(1).value).toBe('供应链融资（应收账款）');
    expect(first.getCell(3).value).toBe(10_000);
    expect(first.getCell(3).numFmt).toBe('#,##0.00');
    expect(first.getCell(7).value).toBeCloseTo(0.333444, 6);
    expect(first.getCell(7).numFmt).toBe('0.00%');
    const totals = sheet.getRow(8);
    expect(totals.getCell(1).value).toBe('合计');
    expect((totals.getCell(6).value as { result: number }).result).toBe(30_020.34);
    expect((totals.getCell(3).value as { result: number }).result).toBe(30_000.01);
    expect(sheet.getRow(2).getCell(2).value).toBe(30_020.34);
  });
});
