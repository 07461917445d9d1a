// The notice of assignment between the supplier's signature and the debtor (issue 36): the supplier signs it
// (the contracts' signing, with its password), which opens the factor's task; an operator's approval is the
// factor's countersignature (the inbox countersigns the notice's contract, as for every contract the factor
// signs by deciding) and, by the platform's mode, sends it through the `NoticeDelivery` port at once (明保理)
// or holds it until its trigger (暗保理). Sent back, the notice is void and drawn up again for the supplier.
import { formatYuan, NOTICE_MODE_LABELS, NOTICE_TRIGGER_LABELS, noticeLifecycle } from '@factoring/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { assignmentNotices, financedAssets, type TaskField } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import { createTask, type TaskType } from '../../bpm/index.ts';
import type { SignHook } from '../../contracts/index.ts';
import type { NoticeDelivery } from './delivery.ts';
import { redrawNotice } from './draw-up.ts';
import { NOTICE_TASK, voidNotice } from './retire.ts';
import { sendNotice } from './send.ts';
import { lockNotice, namesOf, titleOf, type Notice } from './store.ts';

/** The supplier signed the notice: it waits for the factor's countersignature in the inbox. */
export const noticeSignHook: SignHook = async (tx, relatedId, contract) => {
  const notice = await lockNotice(tx, Number(relatedId));
  if (notice.status !== 'DRAWN') throw new BusinessError(`${titleOf(notice)}${noticeLifecycle.label(notice.status)}，不能签署`);
  await transition(tx, assignmentNotices, noticeLifecycle, notice, 'SIGNED');
  const names = await namesOf(tx, [notice.supplierEnterpriseId, notice.debtorEnterpriseId]);
  await createTask(tx, {
    type: NOTICE_TASK,
    subject: `会签${titleOf(notice)} ${names.get(notice.supplierEnterpriseId)?.name ?? ''} → ${names.get(notice.debtorEnterpriseId)?.name ?? ''}`,
    enterpriseId: notice.supplierEnterpriseId,
    refId: notice.id,
    data: { noticeId: notice.id, financingNo: notice.financingNo, contractNo: contract.contractNo },
    fields: [
      { label: '通知书编号', value: notice.noticeNo },
      { label: '融资编号', value: notice.financingNo },
      { label: '转让人（供应商）', value: names.get(notice.supplierEnterpriseId)?.name ?? '' },
      { label: '债务人', value: names.get(notice.debtorEnterpriseId)?.name ?? '' },
      { label: '通知方式', value: NOTICE_MODE_LABELS[notice.mode] },
      ...notice.receivables.map((r) => ({
        label: '应收账款',
        value: `${r.label}，¥${formatYuan(r.amount)}${r.dueDate ? `，到期日 ${r.dueDate}` : ''}`,
      })),
      {
        label: '保理收款账户',
        value: `${notice.collectionAccount.accountName}，${notice.collectionAccount.bankBranchName}，${notice.collectionAccount.accountNo}`,
      },
      { label: '通知书合同', value: `${contract.contractNo}（转让人已签署）` },
    ],
    submittedBy: contract.signer,
  });
};

/** Live facts for the drawer: the notice's state and, while the financing holds its receivables, what approving does. */
async function describeNotice(db: Db, noticeId: number): Promise<TaskField[]> {
  const [notice] = await db.select().from(assignmentNotices).where(eq(assignmentNotices.id, noticeId));
  if (!notice) return [];
  const live = await db
    .select({ id: financedAssets.id })
    .from(financedAssets)
    .where(
      and(
        eq(financedAssets.product, notice.product),
        eq(financedAssets.financingId, notice.financingId),
        inArray(financedAssets.status, ['HELD', 'FUNDED']),
      ),
    );
  return [
    { label: '通知书状态', value: noticeLifecycle.label(notice.status) },
    {
      label: '会签后',
      value: !live.length
        ? '融资已终止，不能会签'
        : notice.mode === 'DISCLOSED'
          ? '明保理：会签后立即送达债务人（平台内送达；债务人无平台用户时发送至平台登记的通知送达邮箱）'
          : `暗保理：会签后留存，${NOTICE_TRIGGER_LABELS[notice.sendOn ?? 'MANUAL']}`,
    },
  ];
}

async function countersignNotice(tx: Tx, delivery: NoticeDelivery, noticeId: number) {
  const notice = await lockNotice(tx, noticeId);
  if (notice.status !== 'SIGNED') throw new BusinessError(`${titleOf(notice)}${noticeLifecycle.label(notice.status)}，不能会签`);
  const live = await tx
    .select({ id: financedAssets.id })
    .from(financedAssets)
    .where(
      and(
        eq(financedAssets.product, notice.product),
        eq(financedAssets.financingId, notice.financingId),
        inArray(financedAssets.status, ['HELD', 'FUNDED']),
      ),
    );
  if (!live.length) throw new BusinessError(`融资 ${notice.financingNo} 已终止，${titleOf(notice)}不能会签`);
  const after: Notice =
    notice.mode === 'DISCLOSED'
      ? await sendNotice(tx, delivery, notice, '明保理：保理方会签后即送达')
      : await transition(tx, assignmentNotices, noticeLifecycle, notice, 'HELD');
  return {
    before: { status: notice.status },
    after: { status: after.status, channel: after.channel, deliveredTo: after.deliveredTo, deliveryRef: after.deliveryRef },
  };
}

async function sendBack(tx: Tx, noticeId: number, reason: string) {
  const notice = await lockNotice(tx, noticeId);
  if (notice.status !== 'SIGNED') throw new BusinessError(`${titleOf(notice)}${noticeLifecycle.label(notice.status)}，不能退回`);
  await voidNotice(tx, notice, `保理方退回：${reason}`, { withdrawTask: false });
  const again = await redrawNotice(tx, notice);
  return { before: { status: notice.status }, after: { status: 'VOID', redrawn: again.noticeNo } };
}

/** The inbox's task type of the notice, with the app's delivery port (app.ts wires it from `ports`). */
export function noticeTaskTypes(ports: { noticeDelivery: NoticeDelivery }): TaskType[] {
  return [
    {
      type: NOTICE_TASK,
      label: '转让通知会签',
      decisionLabels: { approve: '会签', reject: '退回重签' },
      describe: (db, task) => describeNotice(db, Number(task.refId)),
      // The factor's signature on the notice is this decision's (issue 37): the inbox countersigns its contract.
      countersigns: (task) => ({ relatedType: 'ASSIGNMENT_NOTICE', relatedId: task.refId }),
      onApprove: (tx, task) => countersignNotice(tx, ports.noticeDelivery, Number(task.refId)),
      onReject: (tx, task, _operator, reason) => sendBack(tx, Number(task.refId), reason),
    },
  ];
}
