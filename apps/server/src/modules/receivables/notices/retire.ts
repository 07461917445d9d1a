// A financing ends (issue 36, PRODUCT §13): settled, bought back, or an application ended before money
// went out. A notice of assignment the debtor had (sent, acknowledged) is released and a release notice
// (解除转让通知) is drawn up to go out — delivered by the close of business's notice step or an operator at
// once; one the debtor never had (drawn, signed, held) is void, with its contract and its countersigning task.
import { noticeLifecycle } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { assignmentNotices } from '../../../db/schema/index.ts';
import { SYSTEM } from '../../../lib/actor.ts';
import { now } from '../../../lib/clock.ts';
import { transition } from '../../../lib/transition.ts';
import { withdrawPendingTasks } from '../../bpm/index.ts';
import { voidContractsOf } from '../../contracts/index.ts';
import type { Holder } from '../financed-once.ts';
import { noticesOf, type Notice } from './store.ts';

export const NOTICE_TASK = 'ASSIGNMENT_NOTICE';

/**
 * Voids a notice the debtor never received: its contract with it, and its pending countersigning task
 * unless that task is the one deciding (`withdrawTask: false`).
 */
export async function voidNotice(tx: Tx, notice: Notice, note: string, opts: { withdrawTask?: boolean } = {}) {
  await transition(tx, assignmentNotices, noticeLifecycle, notice, 'VOID', { note, endedAt: now() });
  if (notice.contractId) await voidContractsOf(tx, 'ASSIGNMENT_NOTICE', notice.id);
  if (opts.withdrawTask !== false) await withdrawPendingTasks(tx, [{ type: NOTICE_TASK, refId: notice.id }], SYSTEM, note);
}

/**
 * The financing's notices when it ends: `ended` is what happened to it, in words (结清, 回购, 终止), written
 * into the release notice. Answers the release notices drawn up.
 */
export async function retireNotices(tx: Tx, holder: Pick<Holder, 'product' | 'financingId'>, ended: string): Promise<Notice[]> {
  const released: Notice[] = [];
  for (const notice of await noticesOf(tx, holder)) {
    if (notice.kind !== 'ASSIGNMENT') continue;
    if (notice.status === 'DRAWN' || notice.status === 'SIGNED' || notice.status === 'HELD') {
      await voidNotice(tx, notice, `融资已${ended}，通知书未曾送达债务人，作废`);
      continue;
    }
    if (notice.status !== 'SENT' && notice.status !== 'ACKNOWLEDGED') continue;
    await transition(tx, assignmentNotices, noticeLifecycle, notice, 'RELEASED', { note: `融资已${ended}`, endedAt: now() });
    const [release] = await tx
      .insert(assignmentNotices)
      .values({
        noticeNo: notice.noticeNo.replace(/^ZR/, 'JC'),
        kind: 'RELEASE',
        mode: notice.mode,
        product: notice.product,
        financingId: notice.financingId,
        financingNo: notice.financingNo,
        supplierEnterpriseId: notice.supplierEnterpriseId,
        debtorEnterpriseId: notice.debtorEnterpriseId,
        receivables: notice.receivables,
        amount: notice.amount,
        collectionAccount: notice.collectionAccount,
        mailTo: notice.mailTo,
        releaseOf: notice.id,
        status: 'TO_SEND',
        note: ended,
      })
      .returning();
    released.push(release);
  }
  return released;
}
