import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Position } from './api.ts';
import { positionsWorkbook } from './export-stock.ts';

const position = (over: Partial<Position>): Position => ({
  id: 1,
  warehouseId: 1,
  warehouseName: '安储苏州工业园区监管仓',
  locationId: 1,
  locationCode: 'A-01',
  depositorId: 7,
  depositorName: '上海鑫源贸易有限公司',
  goodsId: 1,
  goodsName: '热轧卷板',
  specification: 'Q235B',
  category: '钢材',
  unit: '吨',
  scale: 3,
  batchNo: 'RB-1',
  lastMovedOn: '2026-11-20',
  total: '0.000',
  available: '0.000',
  pledged: '0.000',
  frozen: '0.000',
  updatedAt: '2026-11-20T00:00:00.000Z',
  ...over,
});

describe('the inventory export (issue 24)', () => {
  it('ends with one totals row per unit, its quantities numbers summed exactly', async () => {
    const items = [
      position({ id: 1, total: '1200.500', available: '950.250', pledged: '100.125', frozen: '150.125' }),
      position({ id: 2, total: '0.100', available: '0.100' }),
      position({ id: 3, goodsName: '铝合金锭', unit: '件', scale: 0, total: '4800', available: '4800', pledged: '0', frozen: '0' }),
      position({ id: 4, total: '0.200', available: '0.200' }),
    ];
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(await positionsWorkbook(items, '').xlsx.writeBuffer());
    const ws = back.worksheets[0]!;
    const header = ws.getRow(4);
    expect(header.getCell(8).value).toBe('库存合计');
    const tonnes = ws.getRow(9);
    const pieces = ws.getRow(10);
    expect(tonnes.getCell(1).value).toBe('合计（吨）');
    expect(pieces.getCell(1).value).toBe('合计（件）');
    const result = (cell: ExcelJS.Cell) => (cell.value as { result: number }).result;
    // 1200.5 + 0.1 + 0.2 in floating point would be 1200.8000000000002: the sum is exact decimal.
    expect([8, 9, 10, 11].map((c) => result(tonnes.getCell(c)))).toEqual([1200.8, 950.55, 100.125, 150.125]);
    expect(typeof result(tonnes.getCell(8))).toBe('number');
    expect((tonnes.getCell(8).value as { formula: string }).formula).toBe('SUMIF($G$5:$G$8,"吨",H5:H8)');
    expect(tonnes.getCell(8).numFmt).toBe('#,##0.000');
    expect([8, 9].map((c) => result(pieces.getCell(c)))).toEqual([4800, 4800]);
    expect(pieces.getCell(8).numFmt).toBe('#,##0');
    expect(tonnes.font?.bold).toBe(true);
    // The rows themselves stay numbers too.
    expect(ws.getRow(5).getCell(8).value).toBe(1200.5);
  });
});
