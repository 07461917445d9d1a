import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Cents } from '@factoring/domain';
import type { TableMapping } from '../formats.ts';
import {
  cellText,
  checkBalances,
  checkDateRange,
  checkStatement,
  dateOf,
  fileError,
  moneyOf,
  normalAccount,
  periodOf,
  timeOf,
  type ParsedLine,
  type ParsedStatement,
} from './parsed.ts';

type Row = (string | null)[];

/** The text of a CSV file: UTF-8 (with or without BOM), else GB18030 — what Chinese online banking exports. */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

function csvRows(bytes: Buffer): Row[] {
  const text = decodeText(bytes);
  // eslint-disable-next-line no-control-regex -- a text file has no NUL or other C0 bytes but tab and line breaks
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text))
    throw fileError('文件不是文本格式的对账单（含有二进制内容），请选择银行导出的 CSV 或 Excel 文件');
  const delimiter = (text.split(/\r?\n/, 1)[0].match(/\t/g)?.length ?? 0) > 0 && !text.includes(',') ? '\t' : ',';
  try {
    const records = parseCsv(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      bom: true,
    }) as string[][];
    return records.map((r) => r.map(cellText));
  } catch (err) {
    throw fileError(`CSV 格式不正确：${(err as Error).message.split('\n')[0]}`);
  }
}

/** An Excel cell as text: dates as `YYYY-MM-DD`, times of day as `HH:mm:ss`, numbers as their shortest decimal. */
function excelCell(value: ExcelJS.CellValue): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    const iso = value.toISOString();
    if (iso.startsWith('1899-12-30') || iso.startsWith('1899-12-31')) return iso.slice(11, 19);
    return iso.slice(11, 19) === '00:00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return cellText(value);
  if (typeof value === 'object') {
    if ('result' in value) return excelCell(value.result as ExcelJS.CellValue);
    if ('richText' in value) return cellText(value.richText.map((t) => t.text).join(''));
    if ('text' in value) return cellText(value.text);
    if ('error' in value) return null;
  }
  return cellText(value);
}

async function excelRows(bytes: Buffer): Promise<Row[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fileError('Excel 文件无法读取（文件损坏或不是 .xlsx 格式）');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError('Excel 文件中没有工作表');
  const rows: Row[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: Row = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = excelCell(cell.value);
    });
    rows.push(Array.from(cells, (c) => c ?? null));
  });
  return rows;
}

/** The rows of a CSV or .xlsx file (told apart by their first bytes; the old binary .xls is refused). */
export async function tableRows(bytes: Buffer): Promise<Row[]> {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return excelRows(bytes);
  if (bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])))
    throw fileError('不支持 .xls 旧格式，请在网银中导出 CSV，或用 Excel 另存为 .xlsx 后导入');
  return csvRows(bytes);
}

const label = (text: string | null) => (text ?? '').replace(/[:：\s]/g, '');

/** The value of a labelled line above or below the table (`账号:,1001…`): the first non-empty cell after the label. */
function metaValue(row: Row, name: string | null | undefined): string | null | undefined {
  if (!name) return undefined;
  const at = row.findIndex((c) => label(c) === label(name));
  if (at < 0) return undefined;
  return row.slice(at + 1).find((c) => c !== null) ?? null;
}

/**
 * A CSV/Excel statement read by the bank's mapping. The header row is the first row naming the date
 * column and the amount column(s); labelled rows above and below it give the account and the opening
 * and closing balances. A statement listed newest first is turned to the bank's booking order.
 */
export async function parseTableStatement(bytes: Buffer, mapping: TableMapping): Promise<ParsedStatement> {
  const rows = await tableRows(bytes);
  const { columns: c, meta } = mapping;
  const headerAt = rows.findIndex((row) => {
    const names = new Set(row.map(label));
    return names.has(label(c.date)) && (c.amount ? names.has(label(c.amount)) : names.has(label(c.debit!)) && names.has(label(c.credit!)));
  });
  if (headerAt < 0) {
    const wanted = [c.date, ...(c.amount ? [c.amount] : [c.debit, c.credit])].join('、');
    throw fileError(`文件中找不到表头（应含 ${wanted} 列）：请确认选择了正确的银行格式`);
  }
  const header = rows[headerAt].map(label);
  const index = (name: string | null | undefined) => (name ? header.indexOf(label(name)) : -1);
  const at = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, index(v as string | null | undefined)])) as Record<
    keyof typeof c,
    number
  >;
  for (const [k, v] of Object.entries(c)) {
    if (v && at[k as keyof typeof c] < 0) throw fileError(`表头中缺少“${v}”列：请确认选择了正确的银行格式，或修改该银行的列映射`);
  }
  const get = (row: Row, col: number) => (col >= 0 ? (row[col] ?? null) : null);
  const markers = new Set(mapping.creditMarkers.map((m) => m.trim()));

  let accountNo: string | null = null;
  let opening: Cents | null = null;
  let closing: Cents | null = null;
  let period: { from: string; to: string } | null = null;
  const readMeta = (row: Row, rowNo: number) => {
    const periodLabel = meta?.period;
    if (periodLabel) {
      const at = row.findIndex((c) => label(c) === label(periodLabel));
      if (at >= 0) {
        const [from, to] = row
          .slice(at + 1)
          .filter((c): c is string => c !== null)
          .map((c) => dateOf(c)?.date ?? null);
        if (!from || !to || from > to) throw fileError(`第 ${rowNo} 行${periodLabel}不正确（应为起始日期、截止日期两项）`);
        period = { from, to };
      }
    }
    const account = metaValue(row, meta?.accountNo);
    if (account !== undefined && account !== null) accountNo = normalAccount(account);
    const o = metaValue(row, meta?.openingBalance);
    if (o !== undefined) opening = moneyOf(o, '期初余额', rowNo);
    const cl = metaValue(row, meta?.closingBalance);
    if (cl !== undefined) closing = moneyOf(cl, '期末余额', rowNo);
  };
  rows.slice(0, headerAt).forEach((row, i) => readMeta(row, i + 1));

  const lines: ParsedLine[] = [];
  for (let i = headerAt + 1; i < rows.length; i++) {
    const row = rows[i];
    const rowNo = i + 1;
    const dateText = get(row, at.date);
    const when = dateText ? dateOf(dateText) : null;
    if (!when) {
      // A labelled line below the table (期末余额, 合计 …), or an empty one: not a transaction.
      readMeta(row, rowNo);
      const first = row.find((cell) => cell !== null);
      const isFooter = !dateText || !first || /合计|小计|总计|期末|期初|笔数|打印|说明|备注/.test(first) || first !== dateText;
      if (isFooter) continue;
      throw fileError(`第 ${rowNo} 行交易日期“${dateText}”格式不正确（应为 YYYY-MM-DD、YYYY/MM/DD 或 YYYYMMDD）`);
    }
    checkDateRange(when.date, `第 ${rowNo} 行${c.date}`);
    let direction: 'CREDIT' | 'DEBIT';
    let amount: Cents;
    if (c.amount) {
      const signed = moneyOf(get(row, at.amount), c.amount, rowNo);
      if (signed === null || signed === 0) throw fileError(`第 ${rowNo} 行${c.amount}为空`);
      if (c.direction) {
        if (signed < 0) throw fileError(`第 ${rowNo} 行${c.amount}不能为负数（借贷方向由“${c.direction}”列给出）`);
        direction = markers.has((get(row, at.direction) ?? '').trim()) ? 'CREDIT' : 'DEBIT';
        amount = signed;
      } else {
        direction = signed > 0 ? 'CREDIT' : 'DEBIT';
        amount = Math.abs(signed) as Cents;
      }
    } else {
      const debit = moneyOf(get(row, at.debit), c.debit!, rowNo) ?? 0;
      const credit = moneyOf(get(row, at.credit), c.credit!, rowNo) ?? 0;
      if (debit < 0 || credit < 0) throw fileError(`第 ${rowNo} 行发生额不能为负数`);
      if (debit > 0 === credit > 0) throw fileError(`第 ${rowNo} 行${c.debit}与${c.credit}应有且只有一项大于 0`);
      direction = credit > 0 ? 'CREDIT' : 'DEBIT';
      amount = (credit > 0 ? credit : debit) as Cents;
    }
    const timeText = get(row, at.time);
    const time = when.time ?? timeOf(timeText);
    if (timeText && !time) throw fileError(`第 ${rowNo} 行交易时间“${timeText}”格式不正确（应为 HH:mm:ss）`);
    lines.push({
      row: rowNo,
      bookDate: when.date,
      time,
      direction,
      amount,
      balance: at.balance >= 0 ? moneyOf(get(row, at.balance), c.balance!, rowNo) : null,
      counterpartyName: get(row, at.counterpartyName),
      counterpartyAccount: normalAccount(get(row, at.counterpartyAccount)),
      counterpartyBank: get(row, at.counterpartyBank),
      memo: get(row, at.memo),
      remark: get(row, at.remark),
      serialNo: get(row, at.serialNo),
      subAccount: normalAccount(get(row, at.subAccount)),
    });
  }
  if (!lines.length) throw fileError('对账单中没有交易明细');
  // Newest first (some banks list so): the running balance follows the booking order, oldest first.
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (first.bookDate > last.bookDate || (first.bookDate === last.bookDate && (first.time ?? '') > (last.time ?? ''))) lines.reverse();

  const withBalance = lines[0].balance !== null;
  const openingBalance: Cents | null =
    opening ??
    (withBalance ? ((lines[0].balance! - (lines[0].direction === 'CREDIT' ? lines[0].amount : -lines[0].amount)) as Cents) : null);
  if (openingBalance === null) throw fileError(`对账单中没有期初余额（“${meta?.openingBalance ?? '期初余额'}”）也没有余额列，无法核对`);
  const lastBalance = lines[lines.length - 1].balance;
  const closingBalance: Cents | null = closing ?? lastBalance;
  if (closingBalance === null) throw fileError(`对账单中没有期末余额（“${meta?.closingBalance ?? '期末余额'}”）也没有余额列，无法核对`);
  const dates = periodOf(lines);
  const p = period as { from: string; to: string } | null;
  if (p && (dates.periodStart < p.from || dates.periodEnd > p.to))
    throw fileError(`交易日期超出对账单${meta?.period ?? '起止日期'} ${p.from} 至 ${p.to}`);
  const statement: ParsedStatement = {
    accountNo,
    openingBalance,
    closingBalance,
    periodStart: p?.from ?? dates.periodStart,
    periodEnd: p?.to ?? dates.periodEnd,
    lines,
  };
  checkBalances(statement);
  checkStatement(statement);
  return statement;
}
