import { centsToYuanString, type IsoDate } from '@factoring/domain';
import { DEMO_COLUMNS, DEMO_META } from './formats.ts';

export interface DemoStatementLine {
  date: IsoDate;
  /** `HH:mm:ss` */
  time: string;
  direction: 'CREDIT' | 'DEBIT';
  amount: number;
  counterpartyName: string;
  counterpartyAccount: string;
  counterpartyBank?: string;
  memo?: string;
  remark?: string;
  serialNo: string;
  subAccount?: string;
}

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/**
 * A statement in the demo bank's online-banking CSV (README "Bank statements"): what the seed's bank and
 * the tests hand to the import. The running balance is written from the opening balance, as a bank does.
 */
export function demoStatementCsv(s: {
  accountNo: string;
  accountName: string;
  openingBalance: number;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  lines: DemoStatementLine[];
}): Buffer {
  let balance = s.openingBalance;
  const header = [
    DEMO_COLUMNS.date,
    DEMO_COLUMNS.time,
    DEMO_COLUMNS.debit,
    DEMO_COLUMNS.credit,
    DEMO_COLUMNS.balance,
    DEMO_COLUMNS.counterpartyName,
    DEMO_COLUMNS.counterpartyAccount,
    DEMO_COLUMNS.counterpartyBank,
    DEMO_COLUMNS.memo,
    DEMO_COLUMNS.remark,
    DEMO_COLUMNS.serialNo,
    DEMO_COLUMNS.subAccount,
  ];
  const rows = s.lines.map((l) => {
    balance += l.direction === 'CREDIT' ? l.amount : -l.amount;
    return [
      l.date,
      l.time,
      l.direction === 'DEBIT' ? centsToYuanString(l.amount) : '',
      l.direction === 'CREDIT' ? centsToYuanString(l.amount) : '',
      centsToYuanString(balance),
      l.counterpartyName,
      l.counterpartyAccount,
      l.counterpartyBank ?? '',
      l.memo ?? '',
      l.remark ?? '',
      l.serialNo,
      l.subAccount ?? '',
    ];
  });
  const text = [
    ['演示银行 账户交易明细'],
    [`${DEMO_META.accountNo}:`, s.accountNo],
    ['户名:', s.accountName],
    [`${DEMO_META.period}:`, s.periodStart, s.periodEnd],
    [`${DEMO_META.openingBalance}:`, centsToYuanString(s.openingBalance)],
    header,
    ...rows,
    [`${DEMO_META.closingBalance}:`, centsToYuanString(balance)],
  ]
    .map((r) => r.map(cell).join(','))
    .join('\r\n');
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${text}\r\n`, 'utf8')]);
}
