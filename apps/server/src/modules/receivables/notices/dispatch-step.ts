// The notices' close-of-business step (issue 36): the release notices drawn up when financings ended go
// out, and held (暗保理) notices armed for an overdue go out for every financing the loan book finds overdue
// on the day — each through the app's `NoticeDelivery` port. A notice the port cannot deliver stays as it
// was (counted, shown on the operator's desk) and the others still go.
import type { IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { assignmentNotices } from '../../../db/schema/index.ts';
import type { CloseOfBusinessStep } from '../../../jobs/close-of-business.ts';
import { BusinessError } from '../../../lib/envelope.ts';
import type { LoanBook } from '../../financing/index.ts';
import type { NoticeDelivery } from './delivery.ts';
import { sendNotice } from './send.ts';
import type { Notice } from './store.ts';

export interface NoticeDispatchResult {
  releases: number;
  overdue: number;
  undelivered: number;
}

/** Sends one notice in a savepoint: a refusal of the port leaves it (and the step's other work) as it was. */
async function trySend(tx: Tx, delivery: NoticeDelivery, notice: Notice, reason: string): Promise<boolean> {
  try {
    await tx.transaction(async (sp) => {
      await sendNotice(sp, delivery, notice, reason);
    });
    return true;
  } catch (err) {
    if (err instanceof BusinessError) return false;
    throw err;
  }
}

export function noticeDispatchStep(ports: {
  noticeDelivery: NoticeDelivery;
  loanBook: LoanBook;
}): CloseOfBusinessStep<NoticeDispatchResult> {
  return {
    name: 'receivables-notices',
    label: '应收账款：发送解除转让通知与逾期触发的暗保理通知',
    async run(tx: Tx, runDate: IsoDate) {
      const result: NoticeDispatchResult = { releases: 0, overdue: 0, undelivered: 0 };
      const due = await tx
        .select()
        .from(assignmentNotices)
        .where(inArray(assignmentNotices.status, ['TO_SEND', 'HELD']))
        .orderBy(asc(assignmentNotices.id))
        .for('update');
      for (const n of due.filter((d) => d.status === 'TO_SEND')) {
        if (await trySend(tx, ports.noticeDelivery, n, `融资已${n.note ?? '终止'}，解除转让通知`)) result.releases += 1;
        else result.undelivered += 1;
      }
      const armed = due.filter((d) => d.status === 'HELD' && d.sendOn === 'OVERDUE');
      if (armed.length) {
        const book = await ports.loanBook.positionsOn(tx, runDate);
        const late = new Set(book.FACTOR.filter((p) => p.daysPastDue > 0).map((p) => `${p.product}:${p.id}`));
        for (const n of armed.filter((a) => late.has(`${a.product}:${a.financingId}`))) {
          if (await trySend(tx, ports.noticeDelivery, n, `暗保理：融资逾期（${runDate}），通知债务人`)) result.overdue += 1;
          else result.undelivered += 1;
        }
      }
      return result;
    },
    summary: (r) => `解除通知送达 ${r.releases} 份，逾期触发转让通知 ${r.overdue} 份，未能送达 ${r.undelivered} 份`,
  };
}

/** Held notices armed for a dispute of one of their receivables (the dispute's transaction sends them). */
export async function heldForDispute(tx: Tx, assetKeys: readonly string[]) {
  if (!assetKeys.length) return [];
  const held = await tx
    .select()
    .from(assignmentNotices)
    .where(and(eq(assignmentNotices.status, 'HELD'), eq(assignmentNotices.sendOn, 'DISPUTE')))
    .orderBy(asc(assignmentNotices.id))
    .for('update');
  return held.filter((n) => n.receivables.some((r) => assetKeys.includes(r.assetKey)));
}

/**
 * A dispute sends the held notices armed for it (暗保理), in the dispute's transaction: each in a savepoint, so
 * one the port cannot deliver stays held (the operator's desk shows it) and the dispute still stands.
 * Answers the numbers of the notices sent.
 */
export async function sendForDispute(tx: Tx, delivery: NoticeDelivery, disputed: readonly { assetKey: string; label: string }[]) {
  const sent: string[] = [];
  const held = await heldForDispute(
    tx,
    disputed.map((d) => d.assetKey),
  );
  for (const n of held) {
    const which = disputed.filter((d) => n.receivables.some((r) => r.assetKey === d.assetKey)).map((d) => d.label);
    if (await trySend(tx, delivery, n, `暗保理：债务人对${which.join('、')}提出异议，通知债务人`)) sent.push(n.noticeNo);
  }
  return sent;
}
