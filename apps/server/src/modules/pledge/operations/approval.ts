import { formatYuan } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { createTask, type BpmTask, type TaskOperator } from '../../bpm/index.ts';
import { assertPledgeContractsSigned } from '../contract-status.ts';
import { endApplication } from './release-application.ts';
import { factorScope, lockPledge, movePledge, operatorActor, PLEDGE_TASK } from '../store.ts';

/** PLEDGE_APPROVAL approved: the financing is APPROVED and its disbursement goes to the operators' inbox. */
export async function approvePledge(tx: Tx, task: BpmTask, operator: TaskOperator, comment: string | null) {
  const actor = operatorActor(operator);
  const f = await lockPledge(tx, factorScope(actor), Number(task.refId));
  if (f.status !== 'MARGIN_PAID') throw new BusinessError('该质押融资当前不能审批', 'PLEDGE_NOT_APPROVABLE');
  await assertPledgeContractsSigned(tx, f.id, '审批');
  const approved = await movePledge(tx, f, 'APPROVED', actor, '审批通过', comment);
  const [enterprise] = await tx
    .select({ name: enterpriseDirectory.name })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.id, f.enterpriseId));
  await createTask(tx, {
    type: PLEDGE_TASK.DISBURSE,
    subject: `质押融资放款 ${f.financingNo} ${enterprise?.name ?? ''} ${formatYuan(f.netAmount)} 元`,
    enterpriseId: f.enterpriseId,
    refId: f.id,
    data: { financingId: f.id, financingNo: f.financingNo },
    fields: [
      { label: '融资编号', value: f.financingNo },
      { label: '申请企业', value: enterprise?.name ?? '' },
      { label: '融资金额（元）', value: formatYuan(f.amount) },
      { label: '利息（元）', value: formatYuan(f.interest) },
      { label: '服务费（元）', value: formatYuan(f.serviceFee) },
      { label: '实际放款（受控资金，元）', value: formatYuan(f.netAmount) },
    ],
    submittedBy: { id: operator.id, name: operator.name, ip: operator.ip },
  });
  return { before: { status: f.status }, after: { status: approved.status } };
}

/** PLEDGE_APPROVAL or PLEDGE_DISBURSE rejected: goods released, credit and margin given back. */
export async function rejectPledge(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const actor = operatorActor(operator);
  const f = await lockPledge(tx, factorScope(actor), Number(task.refId));
  if (!['MARGIN_PAID', 'APPROVED'].includes(f.status)) throw new BusinessError('该质押融资当前不能驳回', 'PLEDGE_NOT_REJECTABLE');
  const done = await endApplication(tx, f, 'REJECTED', actor, '驳回', reason);
  return { before: { status: f.status }, after: { status: done.status } };
}
