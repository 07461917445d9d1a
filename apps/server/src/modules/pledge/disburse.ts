import { addDays, assertBalanced, formatYuan, type Cents, type IsoDate, type JournalDraft, type PostingLine } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import { BusinessError } from '../../lib/envelope.ts';
import type { BpmTask, TaskOperator } from '../bpm/registry.ts';
import { bookUse } from '../credit/credit-lines.ts';
import { postControlledDisbursement } from '../ledger/financing-postings.ts';
import { postEntry } from '../ledger/post-entry.ts';
import { itemsOf, goodsOf, factorScope, lockPledge, movePledge, operatorActor, pledgedQuantityOf, valuationOf } from './store.ts';
import { currentPrice } from './store.ts';
import { assertPledgeContractsSigned } from './contract-status.ts';

/**
 * The factor's side of the charges kept at disbursement (as the supply loans book them): the
 * receivable is the whole principal while only the net reached the enterprise, so the difference is
 * income — interest in upfront mode, and the service fee.
 */
function upfrontChargesEntry(p: { interest: number; serviceFee: number; sourceRef: string }): JournalDraft | null {
  const total = p.interest + p.serviceFee;
  if (total <= 0) return null;
  const lines: PostingLine[] = [
    { account: { factor: 'RECEIVABLE_PRINCIPAL' }, side: 'D', amount: total as Cents, flowType: 'PRINCIPAL', memo: p.sourceRef },
  ];
  if (p.interest > 0)
    lines.push({
      account: { factor: 'INTEREST_INCOME' },
      side: 'C',
      amount: p.interest as Cents,
      flowType: 'INCOME',
      memo: `${p.sourceRef} 预收利息`,
    });
  if (p.serviceFee > 0)
    lines.push({
      account: { factor: 'FEE_INCOME' },
      side: 'C',
      amount: p.serviceFee as Cents,
      flowType: 'FEE_INCOME',
      memo: `${p.sourceRef} 服务费`,
    });
  return assertBalanced({ kind: 'CONTROLLED_DISBURSEMENT', memo: `${p.sourceRef} 放款扣收`, lines });
}

/**
 * PLEDGE_DISBURSE approved: the reserved credit is booked as used, the net amount posted into the
 * enterprise's controlled funds, the term starts today. Interest in arrears is owed from now on.
 */
export async function disbursePledge(tx: Tx, task: BpmTask, operator: TaskOperator, today: IsoDate) {
  const actor = operatorActor(operator);
  const f = await lockPledge(tx, factorScope(actor), Number(task.refId));
  if (f.status !== 'APPROVED') throw new BusinessError('该质押融资当前不能放款', 'PLEDGE_NOT_DISBURSABLE');
  await assertPledgeContractsSigned(tx, f.id, '放款');
  await bookUse(tx, f.creditLineId, f.amount);
  const posted = await postControlledDisbursement(tx, {
    enterpriseId: f.enterpriseId,
    amount: f.netAmount as Cents,
    sourceRef: f.financingNo,
    createdBy: actor.id,
  });
  const charges = upfrontChargesEntry({
    interest: f.interestMode === 'UPFRONT' ? f.interest : 0,
    serviceFee: f.serviceFee,
    sourceRef: f.financingNo,
  });
  if (charges) await postEntry(tx, charges, { createdBy: actor.id });
  const dueDate = addDays(today, f.termDays);
  const item = await goodsOf(tx, f.goodsId);
  const price = (await currentPrice(tx, f.goodsId))?.unitPrice ?? f.lastUnitPrice;
  const live = { ...f, status: 'DISBURSED' as const, outstanding: f.amount };
  const v = valuationOf(live, pledgedQuantityOf(await itemsOf(tx, f.id), item.scale), price);
  await movePledge(
    tx,
    f,
    'DISBURSED',
    actor,
    '放款',
    `放款 ${formatYuan(f.netAmount)} 元进入受控账户（流水号 ${posted.refNo}），到期日 ${dueDate}`,
    {
      reserved: 0,
      outstanding: f.amount,
      interestOwed: f.interestMode === 'ARREARS' ? f.interest : 0,
      startDate: today,
      dueDate,
      lastUnitPrice: price,
      lastValue: v.value,
      lastLtvPpm: v.ltvPpm,
    },
  );
  return {
    before: { status: f.status },
    after: { status: 'DISBURSED', entryId: posted.entryId, refNo: posted.refNo, netAmount: f.netAmount, dueDate },
  };
}
