// What the debtor and the operator do with a notice (issue 36): the debtor acknowledges a notice it received
// (the proof that the assignment binds it, 民法典 art. 546); the operator chooses what sends a held notice
// (暗保理: an overdue, a dispute, or only by hand) and sends a held notice or a release notice now.
import { NOTICE_TRIGGER_LABELS, noticeLifecycle, type NoticeTrigger } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { assignmentNotices } from '../../../db/schema/index.ts';
import type { UserActor } from '../../../lib/actor.ts';
import { now } from '../../../lib/clock.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { transition } from '../../../lib/transition.ts';
import type { NoticeDelivery } from './delivery.ts';
import { sendNotice } from './send.ts';
import { lockNotice, titleOf, type Notice } from './store.ts';

/** The debtor acknowledges a notice sent to its enterprise (another enterprise's is not found). */
export async function acknowledgeNotice(tx: Tx, scope: EnterpriseScope, noticeId: number, actor: UserActor): Promise<Notice> {
  const notice = await lockNotice(tx, noticeId, scope.enterpriseId);
  if (notice.status === 'ACKNOWLEDGED') throw new BusinessError(`已确认收到${titleOf(notice)}`, 'NOTICE_ACKNOWLEDGED');
  if (notice.status !== 'SENT') throw new BusinessError(`${titleOf(notice)}${noticeLifecycle.label(notice.status)}，不能确认收到`);
  return transition(tx, assignmentNotices, noticeLifecycle, notice, 'ACKNOWLEDGED', {
    acknowledgedBy: actor.id,
    acknowledgedByName: actor.name,
    acknowledgedAt: now(),
  });
}

/** The operator chooses what sends a held notice. */
export async function armNotice(tx: Tx, noticeId: number, sendOn: NoticeTrigger): Promise<Notice> {
  const notice = await lockNotice(tx, noticeId);
  if (notice.status !== 'HELD')
    throw new BusinessError(`${titleOf(notice)}${noticeLifecycle.label(notice.status)}，只有暗保理留存的通知书可设置发送条件`);
  const [row] = await tx.update(assignmentNotices).set({ sendOn }).where(eq(assignmentNotices.id, notice.id)).returning();
  return row;
}

/** The operator sends a held notice of assignment or a release notice waiting to go, now. */
export async function sendByHand(tx: Tx, delivery: NoticeDelivery, noticeId: number, operator: UserActor, note?: string) {
  const notice = await lockNotice(tx, noticeId);
  if (notice.status !== 'HELD' && notice.status !== 'TO_SEND')
    throw new BusinessError(`${titleOf(notice)}${noticeLifecycle.label(notice.status)}，不能发送`, 'NOTICE_NOT_SENDABLE');
  const why =
    notice.kind === 'RELEASE'
      ? '解除转让通知'
      : `暗保理：运营人员手动发送（原发送条件：${NOTICE_TRIGGER_LABELS[notice.sendOn ?? 'MANUAL']}）`;
  return sendNotice(tx, delivery, notice, `${why}，经办人 ${operator.name}${note ? `：${note}` : ''}`);
}
