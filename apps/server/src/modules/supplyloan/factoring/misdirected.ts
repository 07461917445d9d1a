import { formatYuan, type IsoDate } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { createTask, type BpmTask, type TaskOperator } from '../../bpm/index.ts';
import { openTranches, quoteOf } from '../queries/quote.ts';
import { factorScope, lockFinancing, operatorActor, recordEvent } from '../store.ts';
import { bookCollection } from './book-collection.ts';

export const MISDIRECTED_TASK = 'FACTORING_MISDIRECTED';

export interface MisdirectedInput {
  amount: number;
  payerName: string;
  receivedOn: IsoDate;
  note?: string | null;
}

/**
 * A debtor payment that reached the supplier instead of the factor (issue 36; after notice the debtor should have
 * paid the factor, 民法典 art. 546): an operator records it, and a second operator's approval makes the supplier's
 * account pay it over (four eyes: money moves).
 */
export async function recordMisdirectedPayment(
  tx: Tx,
  operator: { id: number; name: string; ip?: string },
  financingId: number,
  input: MisdirectedInput,
  today: IsoDate,
) {
  {
    const f = await lockFinancing(tx, factorScope(), financingId);
    if (f.kind !== 'INVOICE') throw new BusinessError('只有发票（应收账款）融资有债务人回款');
    if (f.status !== 'DISBURSED' && f.status !== 'REPAYING') throw new BusinessError(`融资 ${f.financingNo} 不在还款期`);
    if (input.receivedOn > today) throw new BusinessError('收款日期不能晚于今天');
    const owed = quoteOf(f, await openTranches(tx, f.id, false), today).total;
    const forward = Math.min(input.amount, owed);
    const taskId = await createTask(tx, {
      type: MISDIRECTED_TASK,
      subject: `误付回款转付 ${f.financingNo} ${formatYuan(forward)} 元`,
      enterpriseId: f.enterpriseId,
      refId: f.id,
      data: { financingId: f.id, amount: input.amount, payerName: input.payerName, receivedOn: input.receivedOn },
      fields: [
        { label: '融资编号', value: f.financingNo },
        { label: '付款人（债务人）', value: input.payerName },
        { label: '供应商收到（元）', value: formatYuan(input.amount) },
        { label: '收到日期', value: input.receivedOn },
        { label: `${today} 尚欠（元）`, value: formatYuan(owed) },
        { label: '从供应商账户转付（元）', value: formatYuan(forward) },
        ...(input.note ? [{ label: '说明', value: input.note }] : []),
      ],
      submittedBy: operator,
    });
    await recordEvent(
      tx,
      f.id,
      { id: operator.id, name: operator.name },
      '登记误付回款',
      `${input.payerName} 付至供应商 ${formatYuan(input.amount)} 元，待复核转付`,
    );
    return { taskId, owed, forward };
  }
}

/** Approved: the supplier's account pays over what it received, up to what the financing owes today. */
export async function approveMisdirected(tx: Tx, task: BpmTask, operator: TaskOperator, today: IsoDate) {
  const booked = await bookCollection(tx, {
    financingId: Number(task.data.financingId),
    kind: 'MISDIRECTED',
    amount: Number(task.data.amount),
    payer: { name: String(task.data.payerName), accountNo: null },
    reference: `误付回款 ${String(task.data.receivedOn)}`,
    sourceKey: `TASK:${task.id}`,
    today,
    actor: operatorActor(operator),
  });
  return {
    before: { received: Number(task.data.amount) },
    after: { forwarded: booked.collection.amount, financingStatus: booked.status, refNo: booked.collection.refNo },
  };
}

export async function rejectMisdirected(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const f = await lockFinancing(tx, factorScope(operator), Number(task.data.financingId));
  await recordEvent(tx, f.id, operatorActor(operator), '误付回款驳回', reason);
  return { before: { status: 'PENDING' }, after: { status: 'REJECTED' } };
}
