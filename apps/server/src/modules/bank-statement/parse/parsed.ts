import { createHash } from 'node:crypto';
import { chinaStartOfDay, daysBetween, formatYuan, MoneyError, parseYuan, type Cents, type IsoDate } from '@factoring/domain';
import { MAX_STATEMENT_DAYS } from '@factoring/domain/contract';
import { ClientError } from '../../../lib/envelope.ts';

/** One line of a bank statement as read from the file, before it is stored. */
export interface ParsedLine {
  /** Where it stands in the file (1-based row or entry number), for messages. */
  row: number;
  bookDate: IsoDate;
  /** `HH:mm:ss` China time, or null when the bank gives none. */
  time: string | null;
  direction: 'CREDIT' | 'DEBIT';
  amount: Cents;
  /** The running balance after the line, when the bank gives one. */
  balance: Cents | null;
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  counterpartyBank: string | null;
  memo: string | null;
  remark: string | null;
  serialNo: string | null;
  subAccount: string | null;
}

export interface ParsedStatement {
  /** The account the statement is of (spaces removed), or null when the file does not say. */
  accountNo: string | null;
  openingBalance: Cents;
  closingBalance: Cents;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  lines: ParsedLine[];
}

/** The file is not a statement we can read, or it does not add up: 400, a Chinese message, nothing stored. */
export const fileError = (message: string) => new ClientError(400, message);

/** Text of a cell: trimmed, Excel's `="0123"` text trick and tab prefixes undone, null when empty. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  let text = String(value).replace(/^[\t\s\u3000]+|[\t\s\u3000]+$/g, '');
  const quoted = /^="(.*)"$/.exec(text);
  if (quoted) text = quoted[1].trim();
  return text === '' ? null : text;
}

/** Money text of a statement (`1,234.56`, `¥1234.5`, `-` or empty for none) in cents; a bad one is a 400 naming the row. */
export function moneyOf(text: string | null, what: string, row: number): Cents | null {
  if (text === null || /^[-—–]$/.test(text)) return null;
  const cleaned = text.replace(/^[¥￥]|\s|元$/g, '').replace(/^(CNY|RMB)/i, '');
  try {
    return parseYuan(cleaned);
  } catch (err) {
    if (err instanceof MoneyError) throw fileError(`第 ${row} 行${what}“${text}”不是正确的金额（最多两位小数）`);
    throw err;
  }
}

/** A date cell: `2026-01-05`, `2026/1/5`, `20260105`, `2026年1月5日`, optionally followed by a time. */
export function dateOf(text: string): { date: IsoDate; time: string | null } | null {
  const m = /^(\d{4})[-/.年]?(\d{1,2})[-/.月]?(\d{1,2})日?(?:[ T]+(\d{1,2}):?(\d{2}):?(\d{2})?)?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Date.UTC reads years 0–99 as 1900–1999: set the full year explicitly, then see the day did not roll over.
  const probe = new Date(0);
  probe.setUTCFullYear(y, mo - 1, d);
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null;
  const date = `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const time = m[4] ? timeOf(`${m[4]}:${m[5]}:${m[6] ?? '00'}`) : null;
  return { date, time };
}

/** The dates a statement may carry: a bank statement of this portal's time, not a typo of a year. */
export const STATEMENT_DATE_RANGE = { from: '2000-01-01', to: '2099-12-31' } as const;

/*
 * MAX_STATEMENT_DAYS (the contract): the longest period one statement file may state. A bank issues a
 * collection account's statement per day or per month (camt.053 is the daily/monthly booked statement),
 * so 31 days for every format — CSV and Excel exports included. A longer export is imported month by month.
 */

/** A date of the file outside STATEMENT_DATE_RANGE: a 400 naming where it stands. */
export function checkDateRange(date: IsoDate, where: string): void {
  if (date < STATEMENT_DATE_RANGE.from || date > STATEMENT_DATE_RANGE.to)
    throw fileError(`${where}“${date}”超出可接受的日期范围（${STATEMENT_DATE_RANGE.from} 至 ${STATEMENT_DATE_RANGE.to}）`);
}

/**
 * What every statement must be, whatever its format (after its balances add up): its dates are real
 * days in range, its period is at most MAX_STATEMENT_DAYS, and the opening balance of
 * a collection account is not negative (it cannot be overdrawn).
 */
export function checkStatement(s: ParsedStatement): void {
  checkDateRange(s.periodStart, '对账单起始日期');
  checkDateRange(s.periodEnd, '对账单截止日期');
  if (s.periodStart > s.periodEnd) throw fileError(`对账单起始日期 ${s.periodStart} 晚于截止日期 ${s.periodEnd}`);
  const days = daysBetween(s.periodStart, s.periodEnd) + 1;
  if (days > MAX_STATEMENT_DAYS)
    throw fileError(
      `对账单期间 ${s.periodStart} 至 ${s.periodEnd} 共 ${days} 天，超过 ${MAX_STATEMENT_DAYS} 天：银行对账单按日或按月出具，请按月分别导出后导入`,
    );
  for (const line of s.lines) checkDateRange(line.bookDate, `第 ${line.row} 行记账日期`);
  if (s.openingBalance < 0) throw fileError(`期初余额 ¥${formatYuan(s.openingBalance)} 为负数：保理收款账户不能透支，请核对对账单`);
}

/** A time cell: `09:30`, `9:30:05`, `093005`. */
export function timeOf(text: string | null): string | null {
  if (!text) return null;
  const m = /^(\d{1,2}):?(\d{2}):?(\d{2})?$/.exec(text.trim());
  if (!m) return null;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? '0')];
  if (h > 23 || mi > 59 || s > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** The instant of a line (China time; midnight when the bank gives no time). */
export function bookedAtOf(line: Pick<ParsedLine, 'bookDate' | 'time'>): Date {
  const [h, m, s] = (line.time ?? '00:00:00').split(':').map(Number);
  return new Date(chinaStartOfDay(line.bookDate).getTime() + ((h * 60 + m) * 60 + s) * 1000);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every field of a line, for its fingerprint (a later file with the same serial number must agree on all of them). */
export function fingerprintOf(line: ParsedLine): string {
  return sha256(
    [
      line.bookDate,
      line.time ?? '',
      line.direction,
      line.amount,
      line.balance ?? '',
      line.counterpartyName ?? '',
      line.counterpartyAccount ?? '',
      line.memo ?? '',
      line.remark ?? '',
      line.serialNo ?? '',
      line.subAccount ?? '',
    ].join('|'),
  );
}

/**
 * The line's key in its account: the bank's serial number, or — for a bank that numbers nothing — the
 * hash of its fields and how many identical lines came before it in the file (so two equal transfers
 * on one day stay two lines, and the same file read again gives the same keys).
 */
export function lineKeysOf(lines: ParsedLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    if (line.serialNo) return `S:${line.serialNo}`;
    const base = fingerprintOf(line);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `H:${sha256(`${base}#${n}`)}`;
  });
}

/**
 * The checks that catch an altered or cut file: every line's running balance follows from the one
 * before it, and opening + credits − debits = closing. The lines are in the bank's order (oldest first).
 */
export function checkBalances(s: ParsedStatement): void {
  if (!s.lines.length) throw fileError('对账单中没有交易明细');
  let running = s.openingBalance as number;
  for (const line of s.lines) {
    running += line.direction === 'CREDIT' ? line.amount : -line.amount;
    if (line.balance !== null && line.balance !== running)
      throw fileError(
        `第 ${line.row} 行余额与上一行不连续：按发生额应为 ¥${formatYuan(running)}，文件为 ¥${formatYuan(line.balance)}。文件可能被修改，未导入任何记录`,
      );
  }
  if (running !== s.closingBalance)
    throw fileError(
      `期初余额 ¥${formatYuan(s.openingBalance)} 加减全部发生额为 ¥${formatYuan(running)}，与期末余额 ¥${formatYuan(s.closingBalance)} 不符。文件可能被修改，未导入任何记录`,
    );
}

/** Period, opening and closing of lines whose first balance is known. */
export function periodOf(lines: ParsedLine[]): { periodStart: IsoDate; periodEnd: IsoDate } {
  const dates = lines.map((l) => l.bookDate).sort();
  return { periodStart: dates[0], periodEnd: dates[dates.length - 1] };
}

/** Account numbers compare without spaces and dashes. */
export const normalAccount = (text: string | null | undefined): string | null => {
  const t = (text ?? '').replace(/[\s\-\u3000]/g, '');
  return t === '' ? null : t;
};
