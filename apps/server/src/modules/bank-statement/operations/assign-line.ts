import { chinaDate, formatYuan, type Cents, type IsoDate } from '@factoring/domain';
import type { z } from 'zod';
import type { assignLineBody } from '@factoring/domain/contract';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { bankStatementLines } from '../../../db/schema/index.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { submitDeposit, type Submitter } from '../../funds/index.ts';
import { journalEntryDirectory, journalLineDirectory, virtualAccountByNo } from '../../ledger/index.ts';
import { lockLine, viewOf } from '../line-detail.ts';
import { entryLabel, waitingVouchers } from '../matching/candidates.ts';
import { link } from '../matching/confirmation.ts';
import { reconcileDates } from '../reconcile.ts';
import { bankCashAccountId, lineView } from '../store.ts';
import type { TransferVoucherBook } from '../../financing/index.ts';

type AssignInput = Omit<z.output<typeof assignLineBody>, 'idempotencyKey'>;

/**
 * An operator works an exception by hand. A credit to a virtual account is recorded as that account's
 * deposit by this operator — credited only when another approves it (four eyes, the same 入金复核 as
 * every deposit); to a waiting voucher, it is linked for whoever decides the voucher; a line to a booked
 * receipt or pay-out is matched. Amounts must agree to the cent.
 */
export async function assignLine(tx: Tx, operator: Submitter, id: number, input: AssignInput, sources: TransferVoucherBook) {
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
    if (!input.targetId) throw new BusinessError('请选择转账凭证', 'BANK_LINE_TARGET');
    // One table of vouchers (issue 35): the id names the voucher; the source the client sends is only its product.
    const voucher = (await waitingVouchers(tx, sources)).find((v) => v.id === input.targetId);
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
