import { addDays, chinaDate, chinaStartOfDay, formatChinaDateTime, type IsoDate } from '@factoring/domain';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { journalEntries, journalLines, ledgerAccounts, users, virtualAccounts } from '../db/schema/index.ts';
import { inTransaction } from '../db/transaction.ts';
import { demoStatementCsv, importStatement, type DemoStatementLine } from '../modules/bank-statement/index.ts';
import type { TransferVoucherBook } from '../modules/financing/index.ts';
import { readSiteConfig } from '../modules/system/index.ts';
import { dayOfMonth } from './timeline.ts';

/** What the factor's collection account held beyond the ledger's movements when the portal started (its own capital). */
export const DEMO_BANK_BASE = 800_000_000; // ¥8,000,000.00

/** The ledger's factor bank account (BANK_CASH) balance before a China day: receipts less pay-outs. */
export async function bankCashBefore(db: Db, date: IsoDate): Promise<number> {
  const [row] = await db
    .select({
      net: sql<number>`coalesce(sum(case ${journalLines.side} when 'D' then ${journalLines.amount} else -${journalLines.amount} end), 0)::bigint`,
    })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .where(and(eq(ledgerAccounts.code, 'BANK_CASH'), lt(journalLines.createdAt, chinaStartOfDay(date))));
  return Number(row?.net ?? 0);
}

/**
 * What the bank reports for the days `from`–`to`: one line per movement the ledger booked on the factor's
 * bank account, at the time it was booked — a receipt with the virtual account the payer wrote in the
 * remark, a pay-out with its purpose. The demo's stand-in for the bank.
 */
export async function bankLinesOf(db: Db, from: IsoDate, to: IsoDate): Promise<DemoStatementLine[]> {
  const rows = await db
    .select({
      id: journalLines.id,
      entryId: journalLines.entryId,
      side: journalLines.side,
      amount: journalLines.amount,
      name: journalLines.counterpartyName,
      account: journalLines.counterpartyAccount,
      createdAt: journalLines.createdAt,
      memo: journalEntries.memo,
      kind: journalEntries.kind,
      va: sql<
        string | null
      >`(select ${virtualAccounts.accountNo} from ${journalLines} x join ${virtualAccounts} on ${virtualAccounts.enterpriseId} = x.enterprise_id where x.entry_id = ${journalLines.entryId} and x.enterprise_id is not null limit 1)`,
    })
    .from(journalLines)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, journalLines.accountId))
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .where(
      and(
        eq(ledgerAccounts.code, 'BANK_CASH'),
        gte(journalLines.createdAt, chinaStartOfDay(from)),
        lt(journalLines.createdAt, chinaStartOfDay(addDays(to, 1))),
      ),
    )
    .orderBy(asc(journalLines.createdAt), asc(journalLines.id));
  return rows.map((r) => {
    const credit = r.side === 'D';
    return {
      date: chinaDate(r.createdAt),
      time: formatChinaDateTime(r.createdAt).slice(11, 19),
      direction: credit ? 'CREDIT' : 'DEBIT',
      amount: r.amount,
      counterpartyName: r.name ?? '未留名付款人',
      counterpartyAccount: r.account ?? '',
      memo: credit ? '网银转账' : r.kind === 'WITHDRAWAL_PAYOUT' ? '提现代付' : '对公付款',
      remark: [credit ? r.va : null, r.memo].filter(Boolean).join(' '),
      serialNo: `DM${String(r.id).padStart(10, '0')}`,
    };
  });
}

/**
 * The demo world's bank statement (issue 26): last month of the factor's collection account, in the
 * demo bank's CSV, imported by 赵审 through the real import. One receipt came
 * from the customer's other account without the virtual account in its remark: the money is booked
 * (the operator recorded it from the receipt), but nothing ties the line to it — the one exception
 * waiting in the queue, and its day the one 不平 (the booked receipt is in transit, the line
 * unexplained) until the operator ties them; every other day reconciles.
 */
export async function seedBankStatement(db: Db, today: IsoDate, operatorLogin: string, vouchers: TransferVoucherBook) {
  const [operator] = await db.select().from(users).where(eq(users.loginName, operatorLogin));
  if (!operator) return;
  const from = dayOfMonth(today, -1, 1);
  const to = addDays(dayOfMonth(today, 0, 1), -1);
  const lines = await bankLinesOf(db, from, to);
  if (!lines.length) return;
  const other = lines.findIndex((l) => l.direction === 'CREDIT' && l.counterpartyName === '苏州恒达建设工程有限公司');
  if (other >= 0) lines[other] = { ...lines[other], counterpartyAccount: '32250198863600009988', remark: '货款' };
  const { factoringAccount } = await readSiteConfig(db);
  const csv = demoStatementCsv({
    accountNo: factoringAccount.accountNo,
    accountName: factoringAccount.accountName,
    openingBalance: DEMO_BANK_BASE + (await bankCashBefore(db, from)),
    periodStart: from,
    periodEnd: to,
    lines,
  });
  await inTransaction(db, (tx) =>
    importStatement(
      tx,
      { id: operator.id, name: operator.displayName },
      { formatCode: 'DEMO', fileName: `演示银行对账单_${from.slice(0, 7)}.csv`, bytes: csv },
      vouchers,
    ),
  );
}
