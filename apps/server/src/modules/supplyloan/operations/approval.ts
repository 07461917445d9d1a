import {
  formatYuan,
  INTEREST_MODE_LABELS,
  invoiceLifecycle,
  orderReceivableLifecycle,
  trancheLifecycle,
  type IsoDate,
} from '@factoring/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { financingTranches, invoices, orderReceivables } from '../../../db/schema/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import { createTask, type BpmTask, type TaskOperator } from '../../bpm/index.ts';
import { isContractSigned, voidContractsOf } from '../../contracts/index.ts';
import {
  assertNotDisputed,
  drawUpAssignmentNotice,
  registerOnApproval,
  releaseReceivables,
  type ReceivablePorts,
} from '../../receivables/index.ts';
import { releaseReservation } from '../../credit/index.ts';
import {
  factorScope,
  lockFinancing,
  moveFinancing,
  operatorActor,
  recordEvent,
  TASK,
  withdrawPendingTasks,
  type Actor,
  type Financing,
} from '../store.ts';
import { now } from '../../../lib/clock.ts';

/**
 * A tranche waiting for the operator's disbursement, with its charges priced from the financing's
 * rates, and the FINANCING_DISBURSE task for it.
 */
export async function requestDisbursement(
  tx: Tx,
  financing: Financing,
  p: { amount: number; termDays: number; interest: number; serviceFee: number; netAmount: number },
  actor: Actor,
) {
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${financingTranches.seq}), 0)::int` })
    .from(financingTranches)
    .where(eq(financingTranches.financingId, financing.id));
  const seq = last + 1;
  const [tranche] = await tx
    .insert(financingTranches)
    .values({ financingId: financing.id, enterpriseId: financing.enterpriseId, seq, ...p, status: 'PENDING', createdBy: actor.id })
    .returning();
  const [enterprise] = await tx
    .select({ name: enterpriseDirectory.name })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.id, financing.enterpriseId));
  const [platform] = await tx
    .select({ name: platformDirectory.name })
    .from(platformDirectory)
    .where(eq(platformDirectory.id, financing.platformId));
  await createTask(tx, {
    type: TASK.FINANCING_DISBURSE,
    subject: `放款 ${financing.financingNo}${financing.kind === 'ORDER' ? ` 第${seq}笔提款` : ''} ${formatYuan(p.netAmount)} 元`,
    enterpriseId: financing.enterpriseId,
    refId: tranche.id,
    data: { financingId: financing.id, trancheId: tranche.id, amount: p.amount, netAmount: p.netAmount },
    fields: [
      { label: '融资编号', value: financing.financingNo },
      { label: '企业', value: enterprise?.name ?? '' },
      { label: '平台', value: platform?.name ?? '' },
      { label: '类型', value: financing.kind === 'ORDER' ? `订单融资 第${seq}笔提款` : '发票融资' },
      { label: '融资本金（元）', value: formatYuan(p.amount) },
      { label: '期限', value: `${p.termDays} 天（自放款日起算）` },
      { label: '计息方式', value: INTEREST_MODE_LABELS[financing.interestMode] },
      { label: '利息（元）', value: formatYuan(p.interest) },
      { label: '服务费（元）', value: formatYuan(p.serviceFee) },
      { label: '放款金额（元，进入受控账户）', value: formatYuan(p.netAmount) },
    ],
    submittedBy: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
  });
  return tranche;
}

/** APPROVED → CONTRACT_SIGNED; an invoice financing's single tranche is then put up for disbursement. */
export async function afterContractSigned(tx: Tx, financing: Financing, actor: Actor) {
  const signed = await moveFinancing(
    tx,
    financing,
    'CONTRACT_SIGNED',
    actor,
    '融资合同已签署',
    financing.kind === 'ORDER' ? '可在订单提款页面分笔提款' : '待放款',
  );
  if (signed.kind === 'INVOICE') {
    await requestDisbursement(
      tx,
      signed,
      {
        amount: signed.amount,
        termDays: signed.termDays,
        interest: signed.interest,
        serviceFee: signed.serviceFee,
        netAmount: signed.netAmount,
      },
      actor,
    );
  }
  return signed;
}

/** FINANCING_APPROVAL approved: SUBMITTED → APPROVED, and on to CONTRACT_SIGNED when the contract is already signed. */
export async function approveFinancing(
  tx: Tx,
  task: BpmTask,
  operator: TaskOperator,
  comment: string | null,
  receivables: ReceivablePorts,
  today: IsoDate,
) {
  const financing = await lockFinancing(tx, factorScope(operator), Number(task.refId));
  const holder = {
    product: financing.kind,
    financingId: financing.id,
    financingNo: financing.financingNo,
    enterpriseId: financing.enterpriseId,
  };
  // Issue 36: a receivable its debtor disputes is not financed; approved, the notice of assignment is drawn up.
  if (financing.kind === 'INVOICE') await assertNotDisputed(tx, holder);
  const approved = await moveFinancing(tx, financing, 'APPROVED', operatorActor(operator), '审核通过', comment, { reviewNote: comment });
  // Issue 36: the factor registers the assignment at the registry (中登网) and searches at once; the answer goes in the history.
  if (financing.kind === 'INVOICE') {
    const f = { product: financing.kind, financingId: financing.id };
    await recordEvent(
      tx,
      financing.id,
      operatorActor(operator),
      '应收账款转让登记',
      await registerOnApproval(tx, receivables.registry, f, operatorActor(operator), today),
    );
  }
  if (financing.kind === 'INVOICE') await drawUpAssignmentNotice(tx, holder, { platformId: financing.platformId });
  let after = approved;
  if (await isContractSigned(tx, 'FINANCING', financing.id)) after = await afterContractSigned(tx, approved, operatorActor(operator));
  return { before: { status: financing.status }, after: { status: after.status } };
}

/** Gives back what an ended application held: its reserved credit, its invoices or order (which may be financed again). */
async function releaseBacking(tx: Tx, financing: Financing) {
  await releaseReservation(tx, financing.creditLineId, financing.reserved);
  if (financing.kind === 'INVOICE') {
    const held = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.financingId, financing.id), eq(invoices.status, 'FINANCED')))
      .orderBy(asc(invoices.id))
      .for('update');
    for (const invoice of held)
      await transition(tx, invoices, invoiceLifecycle, invoice, 'VERIFIED', { financingId: null, updatedAt: now() });
  } else {
    const held = await tx
      .select()
      .from(orderReceivables)
      .where(and(eq(orderReceivables.financingId, financing.id), eq(orderReceivables.status, 'FINANCED')))
      .for('update');
    for (const order of held) await transition(tx, orderReceivables, orderReceivableLifecycle, order, 'REGISTERED', { financingId: null });
  }
  for (const tranche of await pendingTranchesOf(tx, financing.id))
    await transition(tx, financingTranches, trancheLifecycle, tranche, 'CANCELLED');
  await voidContractsOf(tx, 'FINANCING', financing.id);
  // Issue 36: nothing went out, so its receivables may be financed again.
  await releaseReceivables(tx, { product: financing.kind, financingId: financing.id }, '融资申请已驳回或取消');
}

/** The tranches of a financing still waiting for disbursement, locked. */
async function pendingTranchesOf(tx: Tx, financingId: number) {
  return tx
    .select()
    .from(financingTranches)
    .where(and(eq(financingTranches.financingId, financingId), eq(financingTranches.status, 'PENDING')))
    .orderBy(asc(financingTranches.id))
    .for('update');
}

export async function rejectFinancing(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const financing = await lockFinancing(tx, factorScope(operator), Number(task.refId));
  await moveFinancing(tx, financing, 'REJECTED', operatorActor(operator), '审核驳回', reason, { reviewNote: reason, reserved: 0 });
  await releaseBacking(tx, financing);
  return { before: { status: financing.status }, after: { status: 'REJECTED' } };
}

/** The user withdraws an application before disbursement; pending reviews are closed. */
export async function cancelFinancing(tx: Tx, scope: EnterpriseScope, financingId: number, actor: Actor) {
  const financing = await lockFinancing(tx, scope, financingId);
  if (financing.drawn > 0) throw new BusinessError('该融资已放款，不能取消');
  await moveFinancing(tx, financing, 'CANCELLED', actor, '取消申请', null, { reserved: 0 });
  const pending = await pendingTranchesOf(tx, financing.id);
  await releaseBacking(tx, financing);
  await withdrawPendingTasks(
    tx,
    [{ type: TASK.FINANCING_APPROVAL, refId: financing.id }, ...pending.map((t) => ({ type: TASK.FINANCING_DISBURSE, refId: t.id }))],
    actor,
    '申请人已取消融资申请',
  );
  return { id: financing.id, status: 'CANCELLED' as const };
}

/** Refuses unless the financing's contract is signed: nothing is disbursed before that. */
export async function assertContractSigned(tx: Tx, financing: Financing) {
  if (!(await isContractSigned(tx, 'FINANCING', financing.id))) throw new BusinessError('融资合同尚未签署，不能放款');
}
