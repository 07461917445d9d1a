// Shared pieces of the pay-outs: what the ledger paid out through the factor's bank and where each
// stands at the bank, read by the list (queries/payout-list.ts) and the payment batch
// (operations/create-payment-batch.ts).
import { addDays, chinaStartOfDay, PAYOUT_BANK_STATUS_LABELS, type IsoDate, type PayoutBankStatus } from '@factoring/domain';
import { and, asc, count, desc, eq, gte, isNotNull, isNull, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankStatementLines, bankStatements, paymentBatches, paymentBatchItems } from '../../db/schema/index.ts';
import { chinaToday } from '../../lib/clock.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import { payoutBanks } from '../funds/index.ts';
import { journalEntryDirectory, journalLineDirectory, journalLineDirectoryAs, refNoOf } from '../ledger/index.ts';
import { ENTRY_KIND_LABELS } from './matching/candidates.ts';
import { bankCashAccountId } from './store.ts';

/**
 * The first day pay-outs are followed to the bank: the first day any imported statement covers (what
 * was paid before the portal read statements is not sent again); before any import, the last 30 days.
 */
async function payoutsSince(db: Db | Tx): Promise<IsoDate> {
  const [row] = await db.select({ from: min(bankStatements.periodStart) }).from(bankStatements);
  return row?.from ?? addDays(chinaToday(), -30);
}

/** The payout entry's other lines, read by the correlated subquery that finds whose money left. */
const entryLine = journalLineDirectoryAs('entry_line');

const payoutColumns = {
  id: journalLineDirectory.id,
  entryId: journalLineDirectory.entryId,
  amount: journalLineDirectory.amount,
  payeeName: journalLineDirectory.counterpartyName,
  payeeAccount: journalLineDirectory.counterpartyAccount,
  memo: journalLineDirectory.memo,
  executedAt: journalLineDirectory.createdAt,
  kind: journalEntryDirectory.kind,
  /** The enterprise whose money left (the entry's line on its virtual account). */
  enterpriseId: sql<
    number | null
  >`(select max(${entryLine.enterpriseId}) from ${entryLine} where ${entryLine.entryId} = ${journalLineDirectory.entryId})`,
  batchNo: paymentBatches.batchNo,
  endToEndId: paymentBatchItems.endToEndId,
  paidLineId: bankStatementLines.id,
  paidOn: bankStatementLines.bookDate,
};

/**
 * Pay-outs to bank accounts as the ledger booked them: every credit of the factor's bank account
 * (BANK_CASH) — a withdrawal's pay-out, a targeted payment, a payment to a supplier — since the
 * statements begin, with where each stands at the bank: executed (待导出), in a payment file (已导出),
 * or seen debited on a statement (银行已付款).
 */
export async function payoutRows(db: Db | Tx, where: { status?: PayoutBankStatus }, paging?: PageQuery) {
  const bankId = await bankCashAccountId(db);
  if (bankId === null) return { rows: [], total: 0 };
  const since = await payoutsSince(db);
  const condition = and(
    eq(journalLineDirectory.accountId, bankId),
    eq(journalLineDirectory.side, 'C'),
    gte(journalLineDirectory.createdAt, chinaStartOfDay(since)),
    where.status === 'PAID' ? isNotNull(bankStatementLines.id) : undefined,
    where.status === 'EXPORTED' ? and(isNull(bankStatementLines.id), isNotNull(paymentBatchItems.id)) : undefined,
    where.status === 'EXECUTED' ? and(isNull(bankStatementLines.id), isNull(paymentBatchItems.id)) : undefined,
  );
  const base = () =>
    db
      .select(payoutColumns)
      .from(journalLineDirectory)
      .innerJoin(journalEntryDirectory, eq(journalEntryDirectory.id, journalLineDirectory.entryId))
      .leftJoin(paymentBatchItems, eq(paymentBatchItems.journalLineId, journalLineDirectory.id))
      .leftJoin(paymentBatches, eq(paymentBatches.id, paymentBatchItems.batchId))
      .leftJoin(bankStatementLines, eq(bankStatementLines.journalLineId, journalLineDirectory.id))
      .where(condition);
  const lines = paging
    ? await base().orderBy(desc(journalLineDirectory.createdAt), desc(journalLineDirectory.id)).limit(paging.size).offset(offsetOf(paging))
    : await base().orderBy(asc(journalLineDirectory.createdAt), asc(journalLineDirectory.id));
  // The payee's bank of each pay-out, as the area that paid it out knows it (issue 37).
  const banks = await payoutBanks(
    db,
    lines.map((l) => ({
      entryId: l.entryId,
      enterpriseId: l.enterpriseId === null ? null : Number(l.enterpriseId),
      accountNo: l.payeeAccount,
    })),
  );
  const rows = lines.map((l) => ({ ...l, payeeBank: banks.get(l.entryId) ?? null }));
  const [{ n }] = await db
    .select({ n: count() })
    .from(journalLineDirectory)
    .leftJoin(paymentBatchItems, eq(paymentBatchItems.journalLineId, journalLineDirectory.id))
    .leftJoin(bankStatementLines, eq(bankStatementLines.journalLineId, journalLineDirectory.id))
    .where(condition);
  return { rows, total: Number(n) };
}

type PayoutRow = Awaited<ReturnType<typeof payoutRows>>['rows'][number];

const bankStatusOf = (r: PayoutRow): PayoutBankStatus => (r.paidLineId ? 'PAID' : r.batchNo ? 'EXPORTED' : 'EXECUTED');

/** Why a pay-out cannot go into a payment file — a bank rejects a transfer without the payee's name, account or bank; null when it can. */
export const exportRefusalOf = (r: PayoutRow): string | null =>
  !r.payeeName || !r.payeeAccount
    ? '缺少收款户名或收款账号，不能放入付款文件，请核对该笔出款'
    : !r.payeeBank
      ? '收款开户行未知（收款方的开户信息已变更或缺失），不能放入付款文件，请核对收款方开户行后线下处理'
      : null;

export const payoutView = (r: PayoutRow) => {
  const bankStatus = bankStatusOf(r);
  return {
    journalLineId: r.id,
    refNo: refNoOf(r.entryId, r.executedAt),
    kindLabel: ENTRY_KIND_LABELS[r.kind] ?? r.kind,
    amount: r.amount,
    payeeName: r.payeeName,
    payeeAccount: r.payeeAccount,
    payeeBank: r.payeeBank,
    exportRefusal: bankStatus === 'EXECUTED' ? exportRefusalOf(r) : null,
    executedAt: r.executedAt,
    bankStatus,
    bankStatusLabel: PAYOUT_BANK_STATUS_LABELS[bankStatus],
    batchNo: r.batchNo,
    paidLineId: r.paidLineId,
    paidOn: r.paidOn,
  };
};
