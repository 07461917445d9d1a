import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ClientError } from '../../../lib/envelope.ts';
import { demoStatementCsv } from '../demo-format.ts';
import { DEMO_COLUMNS, DEMO_META } from '../formats.ts';
import { parseCamt053 } from './camt053.ts';
import { parseTableStatement } from './table.ts';
import { camt053 } from '../testing.ts';

// Reading statement files (issue 26): pure parsing, no database.

const demoMapping = { columns: { ...DEMO_COLUMNS }, creditMarkers: [], meta: { ...DEMO_META } };
const icbcLike = {
  columns: {
    date: '交易日期',
    time: '交易时间',
    debit: '借方发生额',
    credit: '贷方发生额',
    balance: '余额',
    counterpartyName: '对方户名',
    counterpartyAccount: '对方账号',
    memo: '摘要',
    remark: '附言',
    serialNo: '流水号',
  },
  creditMarkers: [],
  meta: { accountNo: '账号', openingBalance: '期初余额' },
};

async function refusal(work: () => Promise<unknown> | unknown): Promise<string> {
  try {
    await work();
  } catch (err) {
    expect(err).toBeInstanceOf(ClientError);
    expect((err as ClientError).statusCode).toBe(400);
    return (err as Error).message;
  }
  throw new Error('expected a 400');
}

const demo = (lines: Parameters<typeof demoStatementCsv>[0]['lines'], opening = 1_000_000) =>
  demoStatementCsv({
    accountNo: '1001244319300088886',
    accountName: '鑫链',
    openingBalance: opening,
    periodStart: '2026-01-05',
    periodEnd: '2026-01-05',
    lines,
  });

const line = (over: Partial<Parameters<typeof demoStatementCsv>[0]['lines'][number]> = {}) => ({
  date: '2026-01-05',
  time: '10:00:00',
  direction: 'CREDIT' as const,
  amount: 10_000,
  counterpartyName: '杭州钢联建材有限公司',
  counterpartyAccount: '33050161672700000318',
  serialNo: 'X1',
  ...over,
});

describe('the demo bank CSV', () => {
  it('reads account, balances and lines in cents', async () => {
    const s = await parseTableStatement(
      demo([line(), line({ direction: 'DEBIT', amount: 2_500, serialNo: 'X2', remark: '手续费' })]),
      demoMapping,
    );
    expect(s).toMatchObject({
      accountNo: '1001244319300088886',
      openingBalance: 1_000_000,
      closingBalance: 1_007_500,
      periodStart: '2026-01-05',
    });
    expect(s.lines.map((l) => [l.direction, l.amount, l.balance, l.time, l.serialNo])).toEqual([
      ['CREDIT', 10_000, 1_010_000, '10:00:00', 'X1'],
      ['DEBIT', 2_500, 1_007_500, '10:00:00', 'X2'],
    ]);
  });

  it('refuses a balance that does not follow (a changed amount), naming the row', async () => {
    const text = demo([line(), line({ serialNo: 'X2' })])
      .toString('utf8')
      .replace(',100.00,10100.00,', ',100.01,10100.00,');
    expect(await refusal(() => parseTableStatement(Buffer.from(text), demoMapping))).toMatch(/第 7 行余额与上一行不连续.*文件可能被修改/);
  });

  it('refuses a closing balance that does not add up', async () => {
    const text = demo([line()]).toString('utf8').replace('期末余额:,10100.00', '期末余额:,10100.01');
    expect(await refusal(() => parseTableStatement(Buffer.from(text), demoMapping))).toMatch(/与期末余额 ¥10,100.01 不符/);
  });

  it('refuses amounts and dates it cannot read, and a file of another layout', async () => {
    const bad = demo([line()]).toString('utf8').replace(',,100.00,', ',,1O0.00,');
    expect(await refusal(() => parseTableStatement(Buffer.from(bad), demoMapping))).toMatch(/第 7 行贷方发生额“1O0.00”不是正确的金额/);
    const both = demo([line()]).toString('utf8').replace(',,100.00,', ',5.00,100.00,');
    expect(await refusal(() => parseTableStatement(Buffer.from(both), demoMapping))).toMatch(/有且只有一项/);
    const date = demo([line()]).toString('utf8').replace('2026-01-05,10:00:00', '2026-02-30,10:00:00');
    expect(await refusal(() => parseTableStatement(Buffer.from(date), demoMapping))).toMatch(/交易日期“2026-02-30”格式不正确/);
    expect(await refusal(() => parseTableStatement(Buffer.from('a,b,c\r\n1,2,3\r\n'), demoMapping))).toMatch(/找不到表头/);
    expect(await refusal(() => parseTableStatement(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), demoMapping))).toMatch(
      /不支持 .xls/,
    );
  });
});

describe('an Excel (.xlsx) export', () => {
  it('reads date cells, number cells and text the same as the CSV', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('明细');
    sheet.addRow(['账号:', '1001244319300088886']);
    sheet.addRow(['期初余额:', 100]);
    sheet.addRow(['交易日期', '交易时间', '借方发生额', '贷方发生额', '余额', '对方户名', '对方账号', '摘要', '附言', '流水号']);
    sheet.addRow([
      new Date(Date.UTC(2026, 0, 5)),
      '09:30:00',
      null,
      1234.56,
      1334.56,
      '杭州钢联建材有限公司',
      '33050161672700000318',
      '网银转账',
      '货款',
      'XL1',
    ]);
    sheet.addRow([new Date(Date.UTC(2026, 0, 5)), '10:00:00', 0.56, null, 1334, '演示银行', null, '手续费', null, 'XL2']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const s = await parseTableStatement(bytes, icbcLike);
    expect(s).toMatchObject({
      accountNo: '1001244319300088886',
      openingBalance: 10_000,
      closingBalance: 133_400,
      periodStart: '2026-01-05',
    });
    expect(s.lines.map((l) => [l.direction, l.amount, l.balance, l.serialNo])).toEqual([
      ['CREDIT', 123_456, 133_456, 'XL1'],
      ['DEBIT', 56, 133_400, 'XL2'],
    ]);
  });
});

describe("another bank's export by its column mapping", () => {
  it('reads GB18030, ="…" account cells, thousands separators, newest-first order and a totals row', async () => {
    const s = await parseTableStatement(readFileSync(new URL('./fixtures/gbk-statement.csv', import.meta.url)), icbcLike);
    expect(s.accountNo).toBe('1001244319300088886');
    expect(s.openingBalance).toBe(999_950);
    expect(s.closingBalance).toBe(960_000);
    expect(s.lines.map((l) => [l.serialNo, l.bookDate, l.direction, l.amount])).toEqual([
      ['S001', '2026-01-05', 'CREDIT', 10_000],
      ['S002', '2026-01-05', 'CREDIT', 50_050],
      ['S003', '2026-01-06', 'DEBIT', 100_000],
    ]);
    expect(s.lines[1].counterpartyName).toBe('杭州钢联建材有限公司');
  });

  it('reads one signed amount column, or an amount with a direction column', async () => {
    const signed = '交易日期,金额,余额,对方户名\r\n20260105,-3.00,97.00,甲\r\n20260105,10.5,107.50,乙\r\n';
    const s = await parseTableStatement(Buffer.from(signed), {
      columns: { date: '交易日期', amount: '金额', balance: '余额', counterpartyName: '对方户名' },
      creditMarkers: [],
      meta: null,
    });
    expect(s.lines.map((l) => [l.direction, l.amount])).toEqual([
      ['DEBIT', 300],
      ['CREDIT', 1_050],
    ]);
    expect(s.openingBalance).toBe(10_000);
    const marked = '交易日期,借贷,发生额,余额\r\n2026-01-05,贷,10.00,110.00\r\n2026-01-05,借,5.00,105.00\r\n';
    const m = await parseTableStatement(Buffer.from(marked), {
      columns: { date: '交易日期', amount: '发生额', direction: '借贷', balance: '余额' },
      creditMarkers: ['贷'],
      meta: null,
    });
    expect(m.lines.map((l) => l.direction)).toEqual(['CREDIT', 'DEBIT']);
  });
});

describe('ISO 20022 camt.053', () => {
  const xml = (over: { closing?: number } = {}) =>
    camt053({
      accountNo: '1001244319300088886',
      opening: 1_000_000,
      closing: over.closing,
      entries: [
        {
          ref: 'C1',
          date: '2026-01-05',
          time: '09:00:00',
          direction: 'CREDIT',
          amount: 12_345,
          name: '杭州钢联建材有限公司',
          account: '33050161672700000318',
          remark: '622200000000011 货款',
        },
        {
          ref: 'C2',
          date: '2026-01-05',
          time: '15:00:00',
          direction: 'DEBIT',
          amount: 345,
          name: '江苏沙钢物资贸易有限公司',
          account: '478358209315',
          remark: 'FK0001',
        },
      ],
    });

  it('reads balances and booked entries', () => {
    const s = parseCamt053(xml());
    expect(s).toMatchObject({ accountNo: '1001244319300088886', openingBalance: 1_000_000, closingBalance: 1_012_000 });
    expect(s.lines.map((l) => [l.serialNo, l.direction, l.amount, l.time, l.counterpartyName, l.remark])).toEqual([
      ['C1', 'CREDIT', 12_345, '09:00:00', '杭州钢联建材有限公司', '622200000000011 货款'],
      ['C2', 'DEBIT', 345, '15:00:00', '江苏沙钢物资贸易有限公司', 'FK0001'],
    ]);
  });

  it('refuses XML that is broken or does not add up', async () => {
    expect(await refusal(() => parseCamt053(Buffer.from(xml().toString('utf8').replace('</Stmt>', ''))))).toMatch(/XML 格式不正确/);
    expect(await refusal(() => parseCamt053(xml({ closing: 1_012_001 })))).toMatch(/与期末余额 ¥10,120.01 不符/);
    expect(await refusal(() => parseCamt053(Buffer.from('交易日期,金额')))).toMatch(/文件不是 XML/);
  });
});
