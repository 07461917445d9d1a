import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildWorkbook, MONEY_FORMAT } from './excel-export.ts';

type Row = { name: string; day: string; at: string; amount: number; fee: number };

/** Writes the workbook as an .xlsx file and reads it back, as Excel would open it. */
async function roundTrip(wb: ExcelJS.Workbook) {
  const back = new ExcelJS.Workbook();
  await back.xlsx.load(await wb.xlsx.writeBuffer());
  return back.worksheets[0];
}

const rows: Row[] = [
  { name: '甲', day: '2026-03-31', at: '2026-03-31T16:30:05.000Z', amount: 123_456_78, fee: 2000 },
  { name: '乙', day: '2026-04-01', at: '2026-04-01T01:00:00.000Z', amount: -10, fee: 1 },
];

describe('the shared Excel export', () => {
  it('writes real date cells, money as #,##0.00 numbers, a totals row and a frozen header', async () => {
    const ws = await roundTrip(
      buildWorkbook<Row>({
        sheetName: '测试',
        preamble: [['标题'], ['借款金额（元）', 100000], []],
        columns: [
          { header: '名称', width: 10, value: (r) => r.name },
          { header: '日期', width: 12, kind: 'date', value: (r) => r.day },
          { header: '时间', width: 20, kind: 'dateTime', value: (r) => r.at },
          { header: '金额（元）', width: 16, kind: 'money', value: (r) => r.amount },
          { header: '手续费（元）', width: 16, kind: 'money', value: (r) => r.fee, total: false },
        ],
        rows,
      }),
    );
    expect(ws.getRow(4).values).toEqual([undefined, '名称', '日期', '时间', '金额（元）', '手续费（元）']);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 4 });
    // The preamble keeps its number as typed (no date format leaks from the column below it).
    expect(ws.getCell('B2').value).toBe(100000);
    expect(ws.getCell('B2').numFmt).toBeUndefined();

    const day = ws.getCell('B5');
    expect(day.value).toBeInstanceOf(Date);
    expect((day.value as Date).toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(day.numFmt).toBe('yyyy-mm-dd');
    // An instant is written as its China wall-clock time: 16:30 UTC on 31 March is 00:30 on 1 April.
    expect((ws.getCell('C5').value as Date).toISOString()).toBe('2026-04-01T00:30:05.000Z');
    expect(ws.getCell('C5').numFmt).toBe('yyyy-mm-dd hh:mm:ss');

    expect(ws.getCell('D5').value).toBe(123456.78);
    expect(ws.getCell('D5').numFmt).toBe(MONEY_FORMAT);
    expect(ws.getCell('D6').value).toBe(-0.1);

    const totals = ws.getRow(7);
    expect(totals.getCell(1).value).toBe('合计');
    expect(totals.getCell(4).value).toEqual({ formula: 'SUM(D5:D6)', result: 123456.68 });
    expect(totals.getCell(4).numFmt).toBe(MONEY_FORMAT);
    expect(totals.getCell(5).value).toBeNull();
    expect(totals.font?.bold).toBe(true);
  });

  it('writes no totals row without money columns, and a zero total for an empty export', async () => {
    const text = await roundTrip(
      buildWorkbook<Row>({ sheetName: 's', preamble: [], columns: [{ header: '名称', width: 10, value: (r) => r.name }], rows }),
    );
    expect(text.rowCount).toBe(3);
    expect(text.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const empty = await roundTrip(
      buildWorkbook<Row>({
        sheetName: 's',
        preamble: [],
        columns: [
          { header: '名称', width: 10, value: (r) => r.name },
          { header: '金额', width: 10, kind: 'money', value: (r) => r.amount },
        ],
        rows: [],
      }),
    );
    expect(empty.getRow(2).values).toEqual([undefined, '合计', 0]);
  });

  it('writes text that begins like a formula as inert text, and negative money as a number (issue 33)', async () => {
    const hostile: Row[] = [{ name: '=HYPERLINK("http://x","点我")', day: '@SUM(1+1)', at: '-2+3', amount: -1234, fee: 0 }];
    const ws = await roundTrip(
      buildWorkbook<Row>({
        sheetName: 's',
        preamble: [['+筛选：=cmd'], ['余额', -5]],
        columns: [
          { header: '名称', width: 10, value: (r) => r.name },
          { header: '日期', width: 12, kind: 'date', value: (r) => r.day },
          { header: '备注', width: 12, value: (r) => r.at },
          { header: '金额', width: 10, kind: 'money', value: (r) => r.amount },
        ],
        rows: hostile,
      }),
    );
    expect(ws.getCell('A1').value).toBe("'+筛选：=cmd");
    expect(ws.getCell('B2').value).toBe(-5);
    expect(ws.getCell('A4').value).toBe(`'=HYPERLINK("http://x","点我")`);
    expect(ws.getCell('B4').value).toBe("'@SUM(1+1)");
    expect(ws.getCell('C4').value).toBe("'-2+3");
    expect(ws.getCell('D4').value).toBe(-12.34);
    expect(ws.getCell('A4').formula).toBeUndefined();
  });
});
