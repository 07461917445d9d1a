// Sending a notice (issue 36): through the `NoticeDelivery` port, in the transaction that decides it — the
// factor's countersignature of a disclosed notice, the trigger of a held one, a release after settlement —
// with the port's receipt kept on the notice.
import { noticeLifecycle } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { assignmentNotices } from '../../../db/schema/index.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import { now } from '../../../lib/clock.ts';
import { transition } from '../../../lib/transition.ts';
import type { NoticeDelivery } from './delivery.ts';
import { letterOf, type Notice } from './store.ts';

/** The notice (locked by the caller) goes out now: refused when the port cannot deliver it, nothing changed then. */
export async function sendNotice(tx: Tx, delivery: NoticeDelivery, notice: Notice, reason: string): Promise<Notice> {
  if (!['SIGNED', 'HELD', 'TO_SEND'].includes(notice.status))
    throw new BusinessError(`通知书 ${notice.noticeNo} ${noticeLifecycle.label(notice.status)}，不能发送`, 'NOTICE_NOT_SENDABLE');
  let releaseOfNo: string | null = null;
  if (notice.releaseOf) {
    const [of] = await tx
      .select({ noticeNo: assignmentNotices.noticeNo })
      .from(assignmentNotices)
      .where(eq(assignmentNotices.id, notice.releaseOf));
    releaseOfNo = of?.noticeNo ?? null;
  }
  const receipt = await delivery.deliver(tx, await letterOf(tx, notice, releaseOfNo));
  return transition(tx, assignmentNotices, noticeLifecycle, notice, 'SENT', {
    sentReason: reason,
    deliveredBy: delivery.name,
    channel: receipt.channel,
    deliveredTo: receipt.to,
    deliveryRef: receipt.ref,
    sentAt: now(),
  });
}
