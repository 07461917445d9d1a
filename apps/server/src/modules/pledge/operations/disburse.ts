import { addDays, formatYuan, type Cents, type IsoDate } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { BpmTask, TaskOperator } from '../../bpm/index.ts';
import { disburse } from '../../financing/index.ts';
import { itemsOf, goodsOf, factorScope, lockPledge, movePledge, operatorActor, pledgedQuantityOf, valuationOf } from '../store.ts';
import { currentPrice } from '../store.ts';
import { assertPledgeContractsSigned } from '../contract-status.ts';

/**
 * PLEDGE_DISBURSE approved: the reserved credit is booked as used, the net amount posted into the
 * enterprise's controlled funds, the term starts today. Interest in arrears is owed from now on.
 */
export async function disbursePledge(tx: Tx, task: BpmTask, operator: TaskOperator, today: IsoDate) {
  const actor = operatorActor(operator);
  const f = await lockPledge(tx, factorScope(actor), Number(task.refId));
  if (f.status !== 'APPROVED') throw new BusinessError('该质押融资当前不能放款', 'PLEDGE_NOT_DISBURSABLE');
  await assertPledgeContractsSigned(tx, f.id, '放款');
  const posted = await disburse(tx, {
    enterpriseId: f.enterpriseId,
    creditLineId: f.creditLineId,
    principal: f.amount as Cents,
    net: f.netAmount as Cents,
    upfrontInterest: (f.interestMode === 'UPFRONT' ? f.interest : 0) as Cents,
    serviceFee: f.serviceFee as Cents,
    into: 'CONTROLLED',
    sourceRef: f.financingNo,
    createdBy: actor.id,
  });
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
