import type { ExtensionInput } from '@factoring/domain/contract';
import { compareIsoDates, formatPercent, formatYuan, type IsoDate } from '@factoring/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { financingExtensions, financingTranches } from '../../../db/schema/index.ts';
import { enterpriseDirectory } from '../../account/index.ts';
import { BusinessError, NotFoundError } from '../../../lib/envelope.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { createTask } from '../../bpm/index.ts';
import { extensionTerms } from '../extension-terms.ts';
import { lockFinancing, platformOf, recordEvent, TASK, type Actor } from '../store.ts';

/**
 * Extension request (PRODUCT §6 delayApply): a new due date later than the current one, the whole
 * term from value date to the new due date within the platform's maximum; once per tranche, before
 * it falls due. Priced by the domain's extension rule (`extensionPricing`: the bracket of the total
 * term, never below the agreed rate); the extra interest shown here is what approval books —
 * charged (upfront) or accrued over the same whole period (in arrears).
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
    const platform = await platformOf(tx, f.platformId);
    const x = extensionTerms(platform, f, t, input.newDueDate);
    const { extraDays, extraInterest } = x;
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
    const [enterprise] = await tx
      .select({ name: enterpriseDirectory.name })
      .from(enterpriseDirectory)
      .where(eq(enterpriseDirectory.id, enterpriseId));
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
        { label: '展期后总期限', value: `${x.totalDays} 天` },
        {
          label: '展期后年化利率',
          value: `${formatPercent(x.annualRatePpm)}${x.repriced ? `（原 ${formatPercent(x.currentRatePpm)}，按总期限所在档位重新定价）` : ''}`,
        },
        { label: '展期利息（元）', value: formatYuan(extraInterest) },
        { label: '展期原因', value: input.reason },
      ],
      submittedBy: actor.id === null ? null : { id: actor.id, name: actor.name, ip: actor.ip },
    });
    await recordEvent(
      tx,
      f.id,
      actor,
      '申请展期',
      `新到期日 ${input.newDueDate}，总期限 ${x.totalDays} 天，年化利率 ${formatPercent(x.annualRatePpm)}，展期利息 ${formatYuan(extraInterest)} 元`,
    );
    return {
      extensionId: row.id,
      extraDays,
      extraInterest,
      totalDays: x.totalDays,
      annualRatePpm: x.annualRatePpm,
      repriced: x.repriced,
      oldDueDate: t.dueDate!,
      newDueDate: input.newDueDate,
    };
  });
}
