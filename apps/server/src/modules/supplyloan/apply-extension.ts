import type { ExtensionInput } from '@factoring/domain/contract';
import { compareIsoDates, daysBetween, formatYuan, interestByDays, type Cents, type IsoDate } from '@factoring/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enterprises, financingExtensions, financingTranches } from '../../db/schema/index.ts';
import { BusinessError, NotFoundError } from '../../lib/envelope.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import { createTask } from '../bpm/tasks.ts';
import { lockFinancing, platformOf, recordEvent, TASK, type Actor } from './store.ts';

/**
 * Extension request (PRODUCT §6 delayApply): a new due date later than the current one, the whole
 * term from value date to the new due date within the platform's maximum; once per tranche, before
 * it falls due. The extra interest for the added days is shown and, on approval, charged (upfront)
 * or accrued (in arrears).
 */
export async function applyExtension(
  db: Db,
  scope: EnterpriseScope,
  financingId: number,
  actor: Actor,
  input: ExtensionInput,
  today: IsoDate,
) {
  const { enterpriseId } = scope;
  return db.transaction(async (tx) => {
    const f = await lockFinancing(tx, scope, financingId);
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
      .values({
        financingId: f.id,
        trancheId: t.id,
        enterpriseId,
        oldDueDate: t.dueDate!,
        newDueDate: input.newDueDate,
        extraInterest,
        reason: input.reason,
        createdBy: actor.id,
      })
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
    return { extensionId: row.id, extraDays, extraInterest, oldDueDate: t.dueDate!, newDueDate: input.newDueDate };
  });
}
