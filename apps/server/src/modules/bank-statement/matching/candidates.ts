// What a statement line could be (matching, part 1): the booked lines of the factor's bank account no
// line has claimed, around the line's date; the waiting transfer vouchers and what of each agrees with
// a credit; the virtual accounts a credit names. Read by the import's matcher (assignment.ts), by a
// line's link (confirmation.ts), for an operator working an exception by hand, and by the pay-outs
// (ENTRY_KIND_LABELS).
import { addDays, chinaStartOfDay, isVirtualAccountNo } from '@factoring/domain';
import { and, asc, eq, gte, lt, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { bankStatementLines } from '../../../db/schema/index.ts';
import type { TransferVoucherBook, WaitingVoucher } from '../../financing/index.ts';
import { journalEntryDirectory, journalLineDirectory } from '../../ledger/index.ts';
import { samePayer, wordsOf, type StatementLine } from '../store.ts';

/** What a booked ledger line on the factor's bank account is, in words. */
export const ENTRY_KIND_LABELS: Record<string, string> = {
  DEPOSIT: '充值入账',
  WITHDRAWAL_PAYOUT: '提现出款',
  TARGETED_PAYMENT: '定向支付',
  REPAYMENT: '还款',
};

/** Days around the bank's booking date in which the ledger's line of the same money is looked for. */
export const RECEIPT_WINDOW = { before: 3, after: 3 };
/** A pay-out is booked when it is executed; the bank debits it that day or within a few days after. */
export const PAYOUT_WINDOW = { before: 7, after: 1 };

export const notLinked = () =>
  notExists(sql`(select 1 from ${bankStatementLines} where ${bankStatementLines.journalLineId} = ${journalLineDirectory.id})`);

/** What the matcher reads of a booked line of the factor's bank account: the line, and its entry's kind and memo. */
export const bankLedgerLineColumns = {
  id: journalLineDirectory.id,
  entryId: journalLineDirectory.entryId,
  side: journalLineDirectory.side,
  amount: journalLineDirectory.amount,
  counterpartyName: journalLineDirectory.counterpartyName,
  counterpartyAccount: journalLineDirectory.counterpartyAccount,
  createdAt: journalLineDirectory.createdAt,
  kind: journalEntryDirectory.kind,
  memo: journalEntryDirectory.memo,
};

/**
 * Booked lines of the factor's bank account (BANK_CASH) that no statement line has claimed yet, of
 * exactly this amount and side, within the window around the line's date, nearest first.
 */
export async function openLedgerLines(
  tx: Tx,
  bankId: number,
  line: Pick<StatementLine, 'amount' | 'bookDate' | 'bookedAt' | 'direction'>,
  opts: { exactAmount?: boolean } = {},
) {
  const credit = line.direction === 'CREDIT';
  const window = credit ? RECEIPT_WINDOW : PAYOUT_WINDOW;
  const rows = await tx
    .select(bankLedgerLineColumns)
    .from(journalLineDirectory)
    .innerJoin(journalEntryDirectory, eq(journalEntryDirectory.id, journalLineDirectory.entryId))
    .where(
      and(
        eq(journalLineDirectory.accountId, bankId),
        // Money into the bank is a debit of BANK_CASH; money out, a credit.
        eq(journalLineDirectory.side, credit ? 'D' : 'C'),
        opts.exactAmount === false ? undefined : eq(journalLineDirectory.amount, line.amount),
        gte(journalLineDirectory.createdAt, chinaStartOfDay(addDays(line.bookDate, -window.before))),
        lt(journalLineDirectory.createdAt, chinaStartOfDay(addDays(line.bookDate, window.after + 1))),
        notLinked(),
      ),
    )
    .orderBy(asc(journalLineDirectory.id))
    .limit(200);
  const at = line.bookedAt.getTime();
  return rows.sort((a, b) => Math.abs(a.createdAt.getTime() - at) - Math.abs(b.createdAt.getTime() - at));
}

export const entryLabel = (e: { kind: string; counterpartyName: string | null; memo: string | null }) =>
  `${ENTRY_KIND_LABELS[e.kind] ?? e.kind} · ${e.counterpartyName ?? '—'}${e.memo ? ` · ${e.memo}` : ''}`;

/** The waiting transfer vouchers of every product (optionally of one amount), from the lending core's one table. */
export async function waitingVouchers(tx: Tx, vouchers: TransferVoucherBook, amount?: number): Promise<WaitingVoucher[]> {
  return vouchers.waiting(tx, amount);
}

/** What of a voucher agrees with a credit line: 金额 (to the cent), 付款人 (account, or name), 附言 (the voucher or financing number). */
export function agreementOf(
  line: Pick<StatementLine, 'amount' | 'counterpartyName' | 'counterpartyAccount' | 'memo' | 'remark' | 'subAccount'>,
  v: WaitingVoucher,
) {
  const words = wordsOf(line).toUpperCase();
  return {
    amount: line.amount === v.amount,
    payer: samePayer(
      { name: line.counterpartyName, account: line.counterpartyAccount },
      { name: v.payerAccountName, account: v.payerAccountNo },
    ),
    reference: v.references.some((r) => words.includes(r.toUpperCase())),
  };
}

export const agreementWords = (a: ReturnType<typeof agreementOf>) =>
  [a.amount && '金额', a.payer && '付款人', a.reference && '附言'].filter((w): w is string => !!w);

/** Virtual account numbers a credit names (memo, remark, sub-account) that are well formed (check digit). */
export const namedVirtualAccounts = (line: Pick<StatementLine, 'memo' | 'remark' | 'subAccount'>) =>
  [...new Set(wordsOf(line).match(/6222\d{11}/g) ?? [])].filter(isVirtualAccountNo);
