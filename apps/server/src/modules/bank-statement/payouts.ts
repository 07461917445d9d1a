import {
  addDays,
  centsToYuanString,
  chinaDate,
  chinaStartOfDay,
  csvLine,
  PAYOUT_BANK_STATUS_LABELS,
  type CsvCell,
  type IsoDate,
  type PayoutBankStatus,
} from '@factoring/domain';
import { XMLBuilder } from 'fast-xml-parser';
import { and, asc, count, desc, eq, gte, isNotNull, isNull, min, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankStatementLines, bankStatements, paymentBatches, paymentBatchItems } from '../../db/schema/index.ts';
import { chinaToday, now } from '../../lib/clock.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import { userDirectory } from '../account/index.ts';
import { payoutBanks } from '../funds/index.ts';
import { journalEntryDirectory, journalLineDirectory, journalLineDirectoryAs, refNoOf } from '../ledger/index.ts';
import { unionBankNosByName } from '../reference/index.ts';
import { ENTRY_KIND_LABELS } from './matching.ts';
import { bankCashAccountId, collectionAccount } from './store.ts';

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
async function payoutRows(db: Db | Tx, where: { status?: PayoutBankStatus }, paging?: PageQuery) {
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
const exportRefusalOf = (r: PayoutRow): string | null =>
  !r.payeeName || !r.payeeAccount
    ? '缺少收款户名或收款账号，不能放入付款文件，请核对该笔出款'
    : !r.payeeBank
      ? '收款开户行未知（收款方的开户信息已变更或缺失），不能放入付款文件，请核对收款方开户行后线下处理'
      : null;

const payoutView = (r: PayoutRow) => {
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

export async function listPayouts(db: Db, q: PageQuery & { bankStatus?: PayoutBankStatus }) {
  const { rows, total } = await payoutRows(db, { status: q.bankStatus }, q);
  return { items: rows.map(payoutView), totalCount: total };
}

export async function payoutsToExport(db: Db | Tx) {
  return (await payoutRows(db, { status: 'EXECUTED' }, { page: 1, size: 1 })).total;
}

/**
 * A payment batch for the bank's corporate portal: every executed pay-out not yet sent, each with its
 * end-to-end reference (the bank reports it back on the statement's debit). A pay-out is in one batch
 * only (unique), so a second batch made at the same time takes the rest or nothing. A pay-out without
 * the payee's name, account or bank stays out (issue 37): answered in `refused` with its reason, still 待导出.
 */
export async function createPaymentBatch(tx: Tx, operatorId: number) {
  const { rows } = await payoutRows(tx, { status: 'EXECUTED' });
  // A line the bank would reject stays out of the file with its reason; the rest of the batch goes.
  const refused = rows.flatMap((r) => {
    const reason = exportRefusalOf(r);
    return reason ? [{ refNo: refNoOf(r.entryId, r.executedAt), payeeName: r.payeeName, reason }] : [];
  });
  const payable = rows.filter((r) => !exportRefusalOf(r));
  if (!payable.length) {
    if (refused.length)
      throw new BusinessError(`${refused.length} 笔待导出的出款不能放入付款文件：${refused[0].reason}`, 'BANK_PAYOUTS_REFUSED');
    throw new BusinessError('没有待导出的出款', 'BANK_NO_PAYOUTS');
  }
  const total = payable.reduce((s, r) => s + r.amount, 0);
  const [batch] = await tx
    .insert(paymentBatches)
    .values({ batchNo: `tmp-${crypto.randomUUID()}`, itemCount: payable.length, totalAmount: total, createdBy: operatorId })
    .returning();
  const batchNo = `FK${chinaDate(now()).replaceAll('-', '')}${String(batch.id).padStart(4, '0')}`;
  await tx.update(paymentBatches).set({ batchNo }).where(eq(paymentBatches.id, batch.id));
  await tx.insert(paymentBatchItems).values(
    payable.map((r, i) => ({
      batchId: batch.id,
      journalLineId: r.id,
      endToEndId: `${batchNo}${String(i + 1).padStart(4, '0')}`,
      amount: r.amount,
      payeeName: r.payeeName!,
      payeeAccount: r.payeeAccount!,
      payeeBank: r.payeeBank,
      memo: `${ENTRY_KIND_LABELS[r.kind] ?? r.kind} ${refNoOf(r.entryId, r.executedAt)}`,
    })),
  );
  return {
    id: batch.id,
    batchNo,
    itemCount: payable.length,
    totalAmount: total,
    paidCount: 0,
    createdByName: null,
    createdAt: batch.createdAt.toISOString(),
    refused,
  };
}

export async function listBatches(db: Db, q: PageQuery) {
  const rows = await db
    .select({
      id: paymentBatches.id,
      batchNo: paymentBatches.batchNo,
      itemCount: paymentBatches.itemCount,
      totalAmount: paymentBatches.totalAmount,
      createdAt: paymentBatches.createdAt,
      createdByName: userDirectory.displayName,
      paidCount: sql<number>`(select count(*) from ${paymentBatchItems} i join ${bankStatementLines} b on b.journal_line_id = i.journal_line_id where i.batch_id = ${paymentBatches.id})::int`,
    })
    .from(paymentBatches)
    .leftJoin(userDirectory, eq(userDirectory.id, paymentBatches.createdBy))
    .orderBy(desc(paymentBatches.id))
    .limit(q.size)
    .offset(offsetOf(q));
  const [{ n }] = await db.select({ n: count() }).from(paymentBatches);
  return {
    items: rows.map((r) => ({ ...r, paidCount: Number(r.paidCount), createdAt: r.createdAt.toISOString() })),
    totalCount: Number(n),
  };
}

async function batchWithItems(db: Db, id: number) {
  const [batch] = await db.select().from(paymentBatches).where(eq(paymentBatches.id, id));
  if (!batch) throw new NotFoundError('付款批次不存在');
  const items = await db.select().from(paymentBatchItems).where(eq(paymentBatchItems.batchId, id)).orderBy(asc(paymentBatchItems.id));
  // The payee branch's union bank number (联行号, CNAPS) where the branch directory knows the name once.
  const codes = await unionBankNosByName(
    db,
    items.map((it) => it.payeeBank ?? ''),
  );
  return { batch, items: items.map((it) => ({ ...it, payeeBankCode: it.payeeBank ? (codes.get(it.payeeBank) ?? null) : null })) };
}

/**
 * The demo bank's batch payment file (批量付款): a header naming the paying account and the totals,
 * then one row per payment. UTF-8 with a BOM, so Excel opens the Chinese as it is. Cells are typed by
 * column (issue 33): 序号, 总笔数 and the amounts (written by us from cents) are numbers; every other
 * cell — names, accounts, banks, memos, references — is text, made inert by `csvLine` (a leading `'`
 * on `= + - @`, tab or CR, quoted), so a payee named `=HYPERLINK(…)` is shown, never run.
 */
export async function batchCsv(db: Db, id: number): Promise<{ name: string; body: Buffer }> {
  const { batch, items } = await batchWithItems(db, id);
  const account = await collectionAccount(db);
  const rows: CsvCell[][] = [
    ['批量付款文件', batch.batchNo],
    ['付款账号', account.accountNo],
    ['付款户名', account.accountName],
    ['总笔数', items.length],
    ['总金额', { cents: batch.totalAmount }],
    ['序号', '收款户名', '收款账号', '收款开户行', '收款行行号', '金额', '用途', '业务参考号'],
    ...items.map((it, i) => [
      i + 1,
      it.payeeName,
      it.payeeAccount,
      it.payeeBank,
      it.payeeBankCode,
      { cents: it.amount },
      it.memo,
      it.endToEndId,
    ]),
  ];
  const text = rows.map(csvLine).join('\r\n') + '\r\n';
  return { name: `${batch.batchNo}.csv`, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]) };
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });

/** The batch as an ISO 20022 pain.001.001.09 customer credit transfer initiation. */
export async function batchPain001(db: Db, id: number): Promise<{ name: string; body: Buffer }> {
  const { batch, items } = await batchWithItems(db, id);
  const account = await collectionAccount(db);
  const amount = (cents: number) => ({ '@_Ccy': 'CNY', '#text': centsToYuanString(cents) });
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09',
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: batch.batchNo,
          CreDtTm: batch.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
          NbOfTxs: items.length,
          CtrlSum: centsToYuanString(batch.totalAmount),
          InitgPty: { Nm: account.accountName },
        },
        PmtInf: {
          PmtInfId: batch.batchNo,
          PmtMtd: 'TRF',
          NbOfTxs: items.length,
          CtrlSum: centsToYuanString(batch.totalAmount),
          ReqdExctnDt: { Dt: chinaDate(batch.createdAt) },
          Dbtr: { Nm: account.accountName },
          DbtrAcct: { Id: { Othr: { Id: account.accountNo } }, Ccy: 'CNY' },
          DbtrAgt: { FinInstnId: { Nm: account.bankBranchName } },
          CdtTrfTxInf: items.map((it) => ({
            PmtId: { InstrId: it.endToEndId, EndToEndId: it.endToEndId },
            Amt: { InstdAmt: amount(it.amount) },
            // The payee's bank: its name, and its CNAPS union bank number when known (FinInstnId: Nm before Othr).
            CdtrAgt: it.payeeBank
              ? {
                  FinInstnId: {
                    Nm: it.payeeBank,
                    ...(it.payeeBankCode ? { Othr: { Id: it.payeeBankCode, SchmeNm: { Prtry: 'CNAPS' } } } : {}),
                  },
                }
              : undefined,
            Cdtr: { Nm: it.payeeName },
            CdtrAcct: { Id: { Othr: { Id: it.payeeAccount } } },
            RmtInf: { Ustrd: it.memo ?? it.endToEndId },
          })),
        },
      },
    },
  };
  return { name: `${batch.batchNo}.xml`, body: Buffer.from(builder.build(doc) as string, 'utf8') };
}
