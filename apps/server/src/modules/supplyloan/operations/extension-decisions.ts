import { compareIsoDates, extensionLifecycle, formatPercent, formatYuan, type IsoDate } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { financingExtensions, financings, financingTranches } from '../../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import type { BpmTask, TaskOperator } from '../../bpm/index.ts';
import { extensionTerms } from '../extension-terms.ts';
import { factorScope, lockFinancing, operatorActor, platformOf, recordEvent } from '../store.ts';

import { now } from '../../../lib/clock.ts';
/** The EXTENSION task's request, locked after its financing (the one lock order). */
async function lockExtension(tx: Tx, task: BpmTask, operator: TaskOperator) {
  const [row] = await tx
    .select()
    .from(financingExtensions)
    .where(eq(financingExtensions.id, Number(task.refId)));
  if (!row) throw new NotFoundError('展期申请不存在');
  const f = await lockFinancing(tx, factorScope(operator), row.financingId);
  const [ext] = await tx.select().from(financingExtensions).where(eq(financingExtensions.id, row.id)).for('update');
  if (ext.status !== 'PENDING') throw new BusinessError('该展期申请已处理');
  return { ext, f };
}

/**
 * EXTENSION approved: the tranche's due date moves and it carries the extension's rate (the domain
 * rule, priced again on the same figures the request showed). Upfront mode charges the extra
 * interest now; in arrears nothing is crystallised — the principal did not change — so interest
 * keeps accruing over one whole period from the same day at the extension's rate and, on the new
 * due date, equals what was shown (original interest + extension interest) to the cent.
 */
export async function approveExtension(tx: Tx, task: BpmTask, operator: TaskOperator, comment: string | null, today: IsoDate) {
  const { ext, f } = await lockExtension(tx, task, operator);
  const [t] = await tx.select().from(financingTranches).where(eq(financingTranches.id, ext.trancheId)).for('update');
  if (!t || t.status !== 'DISBURSED' || t.outstanding <= 0) throw new BusinessError('该笔融资已结清，展期无需处理，请驳回');
  if (t.dueDate !== ext.oldDueDate) throw new BusinessError('到期日已变更，请驳回后由企业重新申请');
  if (compareIsoDates(today, t.dueDate!) > 0) throw new BusinessError('融资已逾期，不能展期，请驳回');
  const x = extensionTerms(await platformOf(tx, f.platformId), f, t, ext.newDueDate);
  const extraInterest = x.extraInterest;
  await tx
    .update(financingTranches)
    .set({
      dueDate: ext.newDueDate,
      extended: true,
      annualRatePpm: x.annualRatePpm,
      interestUnpaid: t.interestUnpaid + (f.interestMode === 'UPFRONT' ? extraInterest : 0),
    })
    .where(eq(financingTranches.id, t.id));
  await transition(tx, financingExtensions, extensionLifecycle, ext, 'APPROVED', {
    extraInterest,
    reviewNote: comment,
    decidedBy: operator.id,
    decidedAt: now(),
  });
  const dueDate = f.dueDate > ext.newDueDate ? f.dueDate : ext.newDueDate;
  await tx.update(financings).set({ extended: true, dueDate, updatedAt: now() }).where(eq(financings.id, f.id));
  await recordEvent(
    tx,
    f.id,
    operatorActor(operator),
    '展期通过',
    `到期日 ${ext.oldDueDate} → ${ext.newDueDate}，年化利率 ${formatPercent(x.annualRatePpm)}，展期利息 ${formatYuan(extraInterest)} 元${f.interestMode === 'UPFRONT' ? '（随本金归还）' : '（按日计息）'}`,
  );
  return { before: { dueDate: ext.oldDueDate }, after: { dueDate: ext.newDueDate, extraInterest, annualRatePpm: x.annualRatePpm } };
}

export async function rejectExtension(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const { ext, f } = await lockExtension(tx, task, operator);
  await transition(tx, financingExtensions, extensionLifecycle, ext, 'REJECTED', {
    reviewNote: reason,
    decidedBy: operator.id,
    decidedAt: now(),
  });
  await recordEvent(tx, f.id, operatorActor(operator), '展期驳回', reason);
  return { before: { status: 'PENDING' }, after: { status: 'REJECTED' } };
}
