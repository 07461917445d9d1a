import { chinaDate, formatYuan, type Cents, type IsoDate, type StatementLineStatus } from '@factoring/domain';
import type { z } from 'zod';
import type { assignLineBody } from '@factoring/domain/contract';
import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bankStatementLines, bankStatements } from '../../db/schema/index.ts';
import { enterpriseDirectory, userDirectoryAs } from '../account/index.ts';
import { now } from '../../lib/clock.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import { offsetOf, type PageQuery } from '../../lib/paging.ts';
import { submitDeposit, type Submitter } from '../funds/index.ts';
import { journalEntryDirectory, journalLineDirectory, virtualAccountByNo, virtualAccountDirectory } from '../ledger/index.ts';
import { agreementOf, agreementWords, entryLabel, link, namedVirtualAccounts, openLedgerLines, waitingVouchers } from './matching.ts';
import { reconcileDates } from './reconcile.ts';
import { bankCashAccountId, collectionAccount, lineView, type StatementLine } from './store.ts';
import type { TransferVoucherSource } from '../financing/index.ts';

const decider = userDirectoryAs('decider');

async function viewOf(db: Db | Tx, id: number) {
  const [row] = await db
    .select({ line: bankStatementLines, statementNo: bankStatements.statementNo, decidedByName: decider.displayName })
    .from(bankStatementLines)
    .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
    .leftJoin(decider, eq(decider.id, bankStatementLines.decidedBy))
    .where(eq(bankStatementLines.id, id));
  if (!row) throw new NotFoundError('流水不存在');
  return lineView({ ...row.line, statementNo: row.statementNo, decidedByName: row.decidedByName });
}

export interface LinesQuery extends PageQuery {
  status?: StatementLineStatus;
  direction?: 'CREDIT' | 'DEBIT';
  statementId?: number;
  startDate?: string;
  endDate?: string;
}

/** The collection account's lines, newest first (the exceptions queue is `status=UNMATCHED`). */
export async function listLines(db: Db, q: LinesQuery) {
  const { accountNo } = await collectionAccount(db);
  const where = and(
    eq(bankStatementLines.accountNo, accountNo),
    q.status ? eq(bankStatementLines.status, q.status) : undefined,
    q.direction ? eq(bankStatementLines.direction, q.direction) : undefined,
    q.statementId ? eq(bankStatementLines.statementId, q.statementId) : undefined,
    q.startDate ? gte(bankStatementLines.bookDate, q.startDate) : undefined,
    q.endDate ? lte(bankStatementLines.bookDate, q.endDate) : undefined,
  );
  const rows = await db
    .select({ line: bankStatementLines, statementNo: bankStatements.statementNo, decidedByName: decider.displayName })
    .from(bankStatementLines)
    .innerJoin(bankStatements, eq(bankStatements.id, bankStatementLines.statementId))
    .leftJoin(decider, eq(decider.id, bankStatementLines.decidedBy))
    .where(where)
    .orderBy(desc(bankStatementLines.bookedAt), desc(bankStatementLines.id))
    .limit(q.size)
    .offset(offsetOf(q));
  const [{ n }] = await db.select({ n: count() }).from(bankStatementLines).where(where);
  return {
    items: rows.map((r) => lineView({ ...r.line, statementNo: r.statementNo, decidedByName: r.decidedByName })),
    totalCount: Number(n),
  };
}

async function lockLine(tx: Tx, id: number): Promise<StatementLine> {
  const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, id)).for('update');
  if (!line) throw new NotFoundError('流水不存在');
  return line;
}

/** What an exception could be: the accounts it names (or whose enterprise paid it), vouchers and booked lines of exactly its amount. */
export async function lineCandidates(db: Db, id: number, sources: readonly TransferVoucherSource[]) {
  return db.transaction(async (tx) => {
    const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, id));
    if (!line) throw new NotFoundError('流水不存在');
    const bankId = await bankCashAccountId(tx);
    const credit = line.direction === 'CREDIT';
    const accounts: { accountNo: string; accountName: string }[] = [];
    if (credit) {
      for (const accountNo of namedVirtualAccounts(line)) {
        const a = await virtualAccountByNo(tx, accountNo);
        if (a) accounts.push({ accountNo: a.accountNo, accountName: a.accountName });
      }
      if (line.counterpartyName) {
        const byName = await tx
          .select({ accountNo: virtualAccountDirectory.accountNo, accountName: enterpriseDirectory.name })
          .from(virtualAccountDirectory)
          .innerJoin(enterpriseDirectory, eq(enterpriseDirectory.id, virtualAccountDirectory.enterpriseId))
          .where(eq(enterpriseDirectory.name, line.counterpartyName.trim()));
        for (const a of byName) if (!accounts.some((x) => x.accountNo === a.accountNo)) accounts.push(a);
      }
    }
    const vouchers = credit
      ? (await waitingVouchers(tx, sources, line.amount)).map((v) => ({
          source: v.source,
          id: v.id,
          taskId: v.taskId,
          label: v.label,
          amount: v.amount,
          payerAccountName: v.payerAccountName,
          payerAccountNo: v.payerAccountNo,
          reference: v.references.join(' / '),
          agrees: agreementWords(agreementOf(line, v)),
        }))
      : [];
    const entries =
      bankId === null
        ? []
        : (await openLedgerLines(tx, bankId, line)).map((e) => ({
            journalLineId: e.id,
            kind: credit ? ('RECEIPT' as const) : ('PAYOUT' as const),
            label: entryLabel(e),
            amount: e.amount,
            counterpartyName: e.counterpartyName,
            counterpartyAccount: e.counterpartyAccount,
            bookedAt: e.createdAt,
          }));
    return { accounts, vouchers, entries };
  });
}

type AssignInput = Omit<z.output<typeof assignLineBody>, 'idempotencyKey'>;

/**
 * An operator works an exception by hand. A credit to a virtual account is recorded as that account's
 * deposit by this operator — credited only when another approves it (four eyes, the same 入金复核 as
 * every deposit); to a waiting voucher, it is linked for whoever decides the voucher; a line to a booked
 * receipt or pay-out is matched. Amounts must agree to the cent.
 */
export async function assignLine(tx: Tx, operator: Submitter, id: number, input: AssignInput, sources: readonly TransferVoucherSource[]) {
  const line = await lockLine(tx, id);
  if (line.status !== 'UNMATCHED')
    throw new BusinessError(
      `该流水当前为“${lineView({ ...line, statementNo: '' }).statusLabel}”，只能处理未匹配的流水`,
      'BANK_LINE_DECIDED',
    );
  const credit = line.direction === 'CREDIT';
  const decided = { decidedBy: operator.id, decidedAt: now(), suggestion: null };
  const dates: IsoDate[] = [line.bookDate];
  if (input.target === 'ACCOUNT') {
    if (!credit) throw new BusinessError('支出流水不能入虚拟账户', 'BANK_LINE_DIRECTION');
    if (!input.accountNo) throw new BusinessError('请输入虚拟账号', 'BANK_LINE_TARGET');
    const account = await virtualAccountByNo(tx, input.accountNo.trim());
    if (!account) throw new BusinessError('虚拟账号不存在，请核对', 'BANK_LINE_TARGET');
    const { taskId } = await submitDeposit(tx, operator, {
      accountNo: account.accountNo,
      amount: line.amount as Cents,
      payerName: line.counterpartyName,
      payerAccountNo: line.counterpartyAccount,
      memo: `银行流水${line.serialNo ? ` ${line.serialNo}` : ''}（手工关联）`,
    });
    await link(tx, line, {
      status: 'PENDING',
      matchKind: 'DEPOSIT_TASK',
      taskId,
      matchLabel: `入金复核 #${taskId} · ${account.accountName} ${account.accountNo}`,
      ...decided,
    });
  } else if (input.target === 'VOUCHER') {
    if (!credit) throw new BusinessError('支出流水不能关联转账凭证', 'BANK_LINE_DIRECTION');
    if (!input.voucherSource || !input.targetId) throw new BusinessError('请选择转账凭证', 'BANK_LINE_TARGET');
    const voucher = (await waitingVouchers(tx, sources)).find((v) => v.source === input.voucherSource && v.id === input.targetId);
    if (!voucher || voucher.taskId === null) throw new BusinessError('该转账凭证不在待确认状态', 'BANK_LINE_TARGET');
    if (voucher.amount !== line.amount)
      throw new BusinessError(
        `金额不一致：流水 ¥${formatYuan(line.amount)}，凭证 ¥${formatYuan(voucher.amount)}，相差 ¥${formatYuan(Math.abs(voucher.amount - line.amount))}，不能关联`,
        'BANK_LINE_AMOUNT',
      );
    await link(tx, line, {
      status: 'PENDING',
      matchKind: 'VOUCHER',
      taskId: voucher.taskId,
      matchLabel: `${voucher.label} · 任务 #${voucher.taskId}（手工关联）`,
      ...decided,
    });
  } else {
    const payout = input.target === 'PAYOUT';
    if (payout === credit) throw new BusinessError(payout ? '收入流水不能关联出款' : '支出流水不能关联收款', 'BANK_LINE_DIRECTION');
    if (!input.targetId) throw new BusinessError('请选择已记账的记录', 'BANK_LINE_TARGET');
    const bankId = await bankCashAccountId(tx);
    const [entry] = await tx
      .select({
        id: journalLineDirectory.id,
        accountId: journalLineDirectory.accountId,
        side: journalLineDirectory.side,
        amount: journalLineDirectory.amount,
        createdAt: journalLineDirectory.createdAt,
        counterpartyName: journalLineDirectory.counterpartyName,
        kind: journalEntryDirectory.kind,
        memo: journalEntryDirectory.memo,
        seen: sql<
          number | null
        >`(select ${bankStatementLines.id} from ${bankStatementLines} where ${bankStatementLines.journalLineId} = ${journalLineDirectory.id})`,
      })
      .from(journalLineDirectory)
      .innerJoin(journalEntryDirectory, eq(journalEntryDirectory.id, journalLineDirectory.entryId))
      .where(eq(journalLineDirectory.id, input.targetId));
    if (!entry || entry.accountId !== bankId || entry.side !== (payout ? 'C' : 'D'))
      throw new BusinessError(payout ? '所选记录不是出款' : '所选记录不是银行收款', 'BANK_LINE_TARGET');
    if (entry.seen !== null) throw new BusinessError('所选记录已与另一笔流水匹配', 'BANK_LINE_TARGET');
    if (entry.amount !== line.amount)
      throw new BusinessError(
        `金额不一致：流水 ¥${formatYuan(line.amount)}，记录 ¥${formatYuan(entry.amount)}，相差 ¥${formatYuan(Math.abs(entry.amount - line.amount))}，不能关联`,
        'BANK_LINE_AMOUNT',
      );
    await link(tx, line, {
      status: 'MATCHED',
      matchKind: payout ? 'PAYOUT' : 'RECEIPT',
      journalLineId: entry.id,
      matchLabel: `${entryLabel(entry)}（手工关联）`,
      ...decided,
    });
    dates.push(chinaDate(entry.createdAt));
  }
  await reconcileDates(tx, dates);
  return viewOf(tx, id);
}

/** An exception explained with a note (a bank fee, a transfer returned the same day …): it leaves the queue, and counts as the explained part of its day's difference. */
export async function explainLine(tx: Tx, operator: Submitter, id: number, note: string) {
  const line = await lockLine(tx, id);
  if (line.status !== 'UNMATCHED') throw new BusinessError('只能说明未匹配的流水', 'BANK_LINE_DECIDED');
  await link(tx, line, { status: 'EXPLAINED', note, decidedBy: operator.id, decidedAt: now() });
  await reconcileDates(tx, [line.bookDate]);
  return viewOf(tx, id);
}

/** An explanation withdrawn: the line is an exception again. */
export async function reopenLine(tx: Tx, operator: Submitter, id: number) {
  const line = await lockLine(tx, id);
  if (line.status !== 'EXPLAINED') throw new BusinessError('只能撤销已说明的流水', 'BANK_LINE_DECIDED');
  await link(tx, line, { status: 'UNMATCHED', note: null, decidedBy: operator.id, decidedAt: now() });
  await reconcileDates(tx, [line.bookDate]);
  return viewOf(tx, id);
}

export { viewOf as lineDetail };
