import { compareIsoDates, daysBetween, formatYuan, interestByDays, isIsoDate, type Cents, type IsoDate } from '@factoring/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { enterprises, financingExtensions, financings, financingTranches } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import type { BpmTask, TaskOperator } from '../bpm/registry.ts';
import { createTask } from '../bpm/tasks.ts';
import { crystallise } from './pricing.ts';
import { stateOf } from './repay.ts';
import { lockFinancing, platformOf, recordEvent, TASK, type Actor } from './store.ts';

export const extensionInput = z.object({
  trancheId: z.coerce.number().int().positive().optional(),
  newDueDate: z.string().trim().refine(isIsoDate, '新到期日格式不正确，应为YYYY-MM-DD'),
  reason: z.string().trim().min(2, '请填写展期原因').max(300, '展期原因不能超过300个字符'),
});

/**
 * Extension request (PRODUCT §6 delayApply): a new due date later than the current one, the whole
 * term from value date to the new due date within the platform's maximum; once per tranche, before
 * it falls due. The extra interest for the added days is shown and, on approval, charged (upfront)
 * or accrued (in arrears).
 */
export async function applyExtension(db: Db, financingId: number, enterpriseId: number, actor: Actor, input: z.output<typeof extensionInput>, today: IsoDate) {
  return db.transaction(async (tx) => {
    const f = await lockFinancing(tx, financingId, enterpriseId);
    if (f.status !== 'DISBURSED' && f.status !== 'REPAYING') throw new BusinessError('只有已放款未结清的融资可以申请展期');
    const open = await tx
      .select()
      .from(financingTranches)
      .where(and(eq(financingTranches.financingId, f.id), eq(financingTranches.status, 'DISBURSED')))
      .orderBy(asc(financingTranches.dueDate));
    const t = input.trancheId ? open.find((x) => x.id === input.trancheId) : open[0];
    if (!t) throw new NotFoundError('放款记录不存在');
    if (t.extended) throw new BusinessError('该笔融资已展期过一次，不能再次展期');
    if (t.overdue || compareIsoDates(today, t.dueDate!) > 0) throw new BusinessError('融资已逾期，不能申请展期');
    if (compareIsoDates(input.newDueDate, t.dueDate!) <= 0) throw new BusinessError(`新到期日必须晚于当前到期日 ${t.dueDate}`);
    const platform = await platformOf(tx, f.platformId);
    const total = daysBetween(t.startDate!, input.newDueDate);
    if (total > platform.maxTermDays) throw new BusinessError(`展期后融资期限 ${total} 天，超过平台最长期限 ${platform.maxTermDays} 天`);
    const extraDays = daysBetween(t.dueDate!, input.newDueDate);
    const extraInterest = interestByDays(t.outstanding as Cents, f.annualRatePpm, extraDays);
    const [row] = await tx
      .insert(financingExtensions)
      .values({ financingId: f.id, trancheId: t.id, enterpriseId, oldDueDate: t.dueDate!, newDueDate: input.newDueDate, extraInterest, reason: input.reason, createdBy: actor.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new BusinessError('该笔融资已有展期申请在审核中');
    const [enterprise] = await tx.select({ name: enterprises.name }).from(enterprises).where(eq(enterprises.id, enterpriseId));
    await createTask(tx, {
      type: TASK.EXTENSION,
      subject: `展期申请 ${f.financingNo} 至 ${input.newDueDate}`,
      enterpriseId,
      refId: row.id,
      data: { extensionId: row.id, financingId: f.id, trancheId: t.id, newDueDate: input.newDueDate },
      fields: [
        { label: '融资编号', value: f.financingNo },
        { label: '企业', value: enterprise?.name ?? '' },
        { label: '未还本金（元）', value: formatYuan(t.outstanding) },
        { label: '原到期日', value: t.dueDate! },
        { label: '新到期日', value: input.newDueDate },
        { label: '展期天数', value: `${extraDays} 天` },
        { label: '展期利息（元）', value: formatYuan(extraInterest) },
        { label: '展期原因', value: input.reason },
      ],
      submittedBy: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
    });
    await recordEvent(tx, f.id, actor, '申请展期', `新到期日 ${input.newDueDate}，展期利息 ${formatYuan(extraInterest)} 元`);
    return { extensionId: row.id, extraDays, extraInterest, oldDueDate: t.dueDate, newDueDate: input.newDueDate };
  });
}

async function lockExtension(tx: Tx, task: BpmTask) {
  const [row] = await tx.select().from(financingExtensions).where(eq(financingExtensions.id, Number(task.refId)));
  if (!row) throw new NotFoundError('展期申请不存在');
  const f = await lockFinancing(tx, row.financingId);
  const [ext] = await tx.select().from(financingExtensions).where(eq(financingExtensions.id, row.id)).for('update');
  if (ext.status !== 'PENDING') throw new BusinessError('该展期申请已处理');
  return { ext, f };
}

/** EXTENSION approved: the tranche's due date moves; upfront mode charges the extra days' interest now. */
export async function approveExtension(tx: Tx, task: BpmTask, operator: TaskOperator, comment: string | null, today: IsoDate) {
  const { ext, f } = await lockExtension(tx, task);
  const [t] = await tx.select().from(financingTranches).where(eq(financingTranches.id, ext.trancheId)).for('update');
  if (!t || t.status !== 'DISBURSED' || t.outstanding <= 0) throw new BusinessError('该笔融资已结清，展期无需处理，请驳回');
  if (t.dueDate !== ext.oldDueDate) throw new BusinessError('到期日已变更，请驳回后由企业重新申请');
  if (compareIsoDates(today, t.dueDate!) > 0) throw new BusinessError('融资已逾期，不能展期，请驳回');
  const extraInterest = interestByDays(t.outstanding as Cents, f.annualRatePpm, daysBetween(ext.oldDueDate, ext.newDueDate));
  const c = crystallise(stateOf(f, t), today);
  await tx
    .update(financingTranches)
    .set({
      dueDate: ext.newDueDate,
      extended: true,
      interestFrom: c.interestFrom,
      interestUnpaid: c.interestUnpaid + (f.interestMode === 'UPFRONT' ? extraInterest : 0),
    })
    .where(eq(financingTranches.id, t.id));
  await tx.update(financingExtensions).set({ status: 'APPROVED', extraInterest, reviewNote: comment, decidedBy: operator.id, decidedAt: new Date() }).where(eq(financingExtensions.id, ext.id));
  const dueDate = f.dueDate > ext.newDueDate ? f.dueDate : ext.newDueDate;
  await tx.update(financings).set({ extended: true, dueDate, updatedAt: new Date() }).where(eq(financings.id, f.id));
  await recordEvent(tx, f.id, { id: operator.id, name: operator.name }, '展期通过', `到期日 ${ext.oldDueDate} → ${ext.newDueDate}，展期利息 ${formatYuan(extraInterest)} 元${f.interestMode === 'UPFRONT' ? '（随本金归还）' : '（按日计息）'}`);
  return { before: { dueDate: ext.oldDueDate }, after: { dueDate: ext.newDueDate, extraInterest } };
}

export async function rejectExtension(tx: Tx, task: BpmTask, operator: TaskOperator, reason: string) {
  const { ext, f } = await lockExtension(tx, task);
  await tx.update(financingExtensions).set({ status: 'REJECTED', reviewNote: reason, decidedBy: operator.id, decidedAt: new Date() }).where(eq(financingExtensions.id, ext.id));
  await recordEvent(tx, f.id, { id: operator.id, name: operator.name }, '展期驳回', reason);
  return { before: { status: 'PENDING' }, after: { status: 'REJECTED' } };
}

export async function extensionsOf(db: Db, enterpriseId: number, financingIds?: number[]) {
  const where = financingIds ? and(eq(financingExtensions.enterpriseId, enterpriseId), inArray(financingExtensions.financingId, financingIds.length ? financingIds : [0])) : eq(financingExtensions.enterpriseId, enterpriseId);
  return db
    .select({ ext: financingExtensions, financingNo: financings.financingNo })
    .from(financingExtensions)
    .innerJoin(financings, eq(financings.id, financingExtensions.financingId))
    .where(where)
    .orderBy(asc(financingExtensions.id))
    .then((rows) => rows.map((r) => ({ ...r.ext, financingNo: r.financingNo })));
}
