import ExcelJS from 'exceljs';
import type { FundFlow } from '@factoring/domain';
import { describe, expect, it } from 'vitest';
import { flowsWorkbook } from './export-flows.ts';

const flow = (over: Partial<FundFlow>): FundFlow =>
  ({
    refNo: 'R1',
    typeLabel: '充值',
    direction: 'IN',
    amount: 100_000,
    createdAt: '2026-05-01T02:00:00.000Z',
    counterpartyName: '某公司',
    counterpartyAccount: null,
    memo: null,
    ...over,
  }) as FundFlow;

describe('the fund-flow export', () => {
  it('has date cells, signed amounts with their net total and a frozen header', async () => {
    const back = new ExcelJS.Workbook();
    const wb = flowsWorkbook([flow({}), flow({ refNo: 'R2', direction: 'OUT', amount: 30_050, typeLabel: '提现' })], {
      accountNo: '6222',
      accountName: '上海鑫源贸易有限公司',
      filterText: '',
    });
    await back.xlsx.load(await wb.xlsx.writeBuffer());
    const ws = back.getWorksheet('资金流水')!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    expect((ws.getCell('A5').value as Date).toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect([ws.getCell('E5').value, ws.getCell('E6').value]).toEqual([1000, -300.5]);
    expect(ws.getCell('E7').value).toEqual({ formula: 'SUM(E5:E6)', result: 699.5 });
    expect(ws.getCell('E7').numFmt).toBe('#,##0.00');
  });
});
