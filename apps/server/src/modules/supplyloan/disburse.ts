import { addDays, assertBalanced, formatYuan, type Cents, type IsoDate, type JournalDraft, type PostingLine } from '@factoring/domain';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { financings, financingTranches } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import type { BpmTask, TaskOperator } from '../bpm/registry.ts';
import { bookUse } from '../credit/credit-lines.ts';
import { postControlledDisbursement } from '../ledger/financing-postings.ts';
import { postEntry } from '../ledger/post-entry.ts';
import { assertContractSigned, requestDisbursement } from './approval.ts';
import { trial } from './pricing.ts';
import { lockFinancing, platformOf, recordEvent, transition, type Actor, type Financing } from './store.ts';

export type Tranche = typeof financingTranches.$inferSelect;

async function lockTranche(tx: Tx, id: number): Promise<Tranche> {
  const [row] = await tx.select().from(financingTranches).where(eq(financingTranches.id, id)).for('update');
  if (!row) throw new NotFoundError('放款记录不存在');
  return row;
}

/**
 * The factor's side of the charges taken at disbursement: the receivable is the whole principal
 * while only the net reached the borrower, so the difference is booked as income (interest in
 * upfront mode, and the service fee). Factor accounts only — the enterprise's account is untouched.
 */
function upfrontChargesEntry(p: { interest: number; serviceFee: number; sourceRef: string }): JournalDraft | null {
  const total = p.interest + p.serviceFee;
  if (total <= 0) return null;
  const lines: PostingLine[] = [{ account: { factor: 'RECEIVABLE_PRINCIPAL' }, side: 'D', amount: total as Cents, flowType: 'PRINCIPAL', memo: p.sourceRef }];
  if (p.interest > 0) lines.push({ account: { factor: 'INTEREST_INCOME' }, side: 'C', amount: p.interest as Cents, flowType: 'INCOME', memo: `${p.sourceRef} 预收利息` });
  if (p.serviceFee > 0) lines.push({ account: { factor: 'FEE_INCOME' }, side: 'C', amount: p.serviceFee as Cents, flowType: 'FEE_INCOME', memo: `${p.sourceRef} 服务费` });
  return assertBalanced({ kind: 'CONTROLLED_DISBURSEMENT', memo: `${p.sourceRef} 放款扣收`, lines });
}

/**
 * FINANCING_DISBURSE approved: the contract must be signed; the credit line books the principal as
 * used; the net amount is posted into the enterprise's virtual account as controlled funds; the
 * tranche starts today and falls due after its term.
 */
export async function disburseTranche(tx: Tx, trancheId: number, operator: Actor, today: IsoDate) {
  // Financing first, then its tranche: the one lock order every path uses.
  const [pending] = await tx.select({ financingId: financingTranches.financingId }).from(financingTranches).where(eq(financingTranches.id, trancheId));
  if (!pending) throw new NotFoundError('放款记录不存在');
  const financing = await lockFinancing(tx, pending.financingId);
  const tranche = await lockTranche(tx, trancheId);
  if (tranche.status !== 'PENDING') throw new BusinessError('该笔放款已处理');
  if (!['CONTRACT_SIGNED', 'DISBURSED', 'REPAYING'].includes(financing.status)) throw new BusinessError('融资当前状态不能放款');
  await assertContractSigned(tx, financing);
  if (financing.drawn + tranche.amount > financing.amount) throw new BusinessError('放款金额超过融资批准金额');

  const sourceRef = financing.kind === 'ORDER' ? `${financing.financingNo}-${tranche.seq}` : financing.financingNo;
  await bookUse(tx, financing.creditLineId, tranche.amount);
  const posted = await postControlledDisbursement(tx, { enterpriseId: financing.enterpriseId, amount: tranche.netAmount as Cents, sourceRef, createdBy: operator.id });
  const charges = upfrontChargesEntry({ interest: financing.interestMode === 'UPFRONT' ? tranche.interest : 0, serviceFee: tranche.serviceFee, sourceRef });
  if (charges) await postEntry(tx, charges, { createdBy: operator.id });

  const dueDate = addDays(today, tranche.termDays);
  await tx
    .update(financingTranches)
    .set({
      status: 'DISBURSED',
      startDate: today,
      dueDate,
      outstanding: tranche.amount,
      interestFrom: financing.interestMode === 'ARREARS' ? today : null,
      disburseEntryId: posted.entryId,
      disbursedBy: operator.id,
      disbursedAt: new Date(),
    })
    .where(eq(financingTranches.id, tranche.id));
  const money = { drawn: financing.drawn + tranche.amount, reserved: Math.max(0, financing.reserved - tranche.amount) };
  const note = `放款 ${formatYuan(tranche.netAmount)} 元进入受控账户（流水号 ${posted.refNo}），到期日 ${dueDate}`;
  if (financing.status === 'CONTRACT_SIGNED') {
    await transition(tx, financing, 'DISBURSED', operator, '放款', note, { ...money, dueDate: financing.kind === 'INVOICE' ? dueDate : laterOf(financing.dueDate, dueDate) });
  } else {
    await tx.update(financings).set({ ...money, dueDate: laterOf(financing.dueDate, dueDate), updatedAt: new Date() }).where(eq(financings.id, financing.id));
    await recordEvent(tx, financing.id, operator, `第${tranche.seq}笔提款放款`, note);
  }
  return { trancheId: tranche.id, entryId: posted.entryId, refNo: posted.refNo, netAmount: tranche.netAmount, dueDate };
}

const laterOf = (a: IsoDate, b: IsoDate) => (a > b ? a : b);

export async function approveDisbursement(tx: Tx, task: BpmTask, operator: TaskOperator, today: IsoDate) {
  const result = await disburseTranche(tx, Number(task.refId), { id: operator.id, name: operator.name, ip: operator.ip }, today);
  return { before: { tranche: 'PENDING' }, after: { tranche: 'DISBURSED', ...result } };
}

/** FINANCING_DISBURSE rejected: the tranche is dropped; the financing keeps its approval (a drawdown may be requested again). */
export async function rejectDisbursement(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const tranche = await lockTranche(tx, Number(task.refId));
  if (tranche.status !== 'PENDING') throw new BusinessError('该笔放款已处理');
  await tx.update(financingTranches).set({ status: 'CANCELLED' }).where(eq(financingTranches.id, tranche.id));
  await recordEvent(tx, tranche.financingId, { id: operator.id, name: operator.name }, '放款驳回', reason);
  return { before: { tranche: 'PENDING' }, after: { tranche: 'CANCELLED' } };
}

export const drawdownInput = z.object({
  amount: z.coerce.number({ error: '提款金额格式不正确' }).int('提款金额必须是以分为单位的整数').min(1, '提款金额必须大于0').max(Number.MAX_SAFE_INTEGER, '提款金额超出允许范围'),
  termDays: z.coerce.number({ error: '请输入提款期限' }).int('提款期限必须是整数天').min(1, '提款期限至少1天'),
});

/**
 * A drawdown of a signed order loan: within the approved amount (less what is drawn or waiting),
 * each with its own term (≤ the loan's term) and so its own due date; priced at the loan's rates.
 */
export async function requestDrawdown(db: Db, financingId: number, enterpriseId: number, actor: Actor, input: z.output<typeof drawdownInput>, today: IsoDate) {
  return db.transaction(async (tx) => {
    const financing = await lockFinancing(tx, financingId, enterpriseId);
    if (financing.kind !== 'ORDER') throw new BusinessError('只有订单融资可以分笔提款');
    if (!['CONTRACT_SIGNED', 'DISBURSED', 'REPAYING'].includes(financing.status)) throw new BusinessError('订单融资合同签署后方可提款');
    if (financing.overdue) throw new BusinessError('该融资存在逾期，暂不能提款');
    if (input.termDays > financing.termDays) throw new BusinessError(`提款期限不能超过融资期限 ${financing.termDays} 天`);
    const [{ waiting }] = await tx
      .select({ waiting: sql<number>`coalesce(sum(${financingTranches.amount}), 0)::bigint` })
      .from(financingTranches)
      .where(and(eq(financingTranches.financingId, financing.id), eq(financingTranches.status, 'PENDING')));
    const room = financing.amount - financing.drawn - Number(waiting);
    if (input.amount > room) throw new BusinessError(`提款金额超过可提款额度（剩余 ${formatYuan(room)} 元）`);
    const platform = await platformOf(tx, financing.platformId);
    const t = trial(
      { ...platform, annualRatePpm: financing.annualRatePpm, serviceFeeRatePpm: financing.serviceFeeRatePpm, interestMode: financing.interestMode, priceList: [] },
      input.amount as Cents,
      input.termDays,
      today,
    );
    const tranche = await requestDisbursement(tx, financing, { amount: input.amount, termDays: input.termDays, interest: t.interest, serviceFee: t.serviceFee, netAmount: t.netDisbursed }, actor);
    await recordEvent(tx, financing.id, actor, `申请第${tranche.seq}笔提款`, `提款 ${formatYuan(input.amount)} 元，期限 ${input.termDays} 天`);
    return { trancheId: tranche.id, seq: tranche.seq, interest: t.interest, serviceFee: t.serviceFee, netAmount: t.netDisbursed, plannedDueDate: t.dueDate };
  });
}

export type { Financing };
