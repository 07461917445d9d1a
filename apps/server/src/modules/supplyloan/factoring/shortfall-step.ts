import { formatYuan, type IsoDate } from '@factoring/domain';
import { and, asc, eq, exists, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { financings, financingTranches } from '../../../db/schema/index.ts';
import type { CloseOfBusinessStep } from '../../../jobs/close-of-business.ts';
import { createTask, taskDirectory } from '../../bpm/index.ts';
import { platformDirectory } from '../../financing/index.ts';
import { openTranches, quoteOf } from '../queries/quote.ts';
import { factorScope, lockFinancing, recordEvent, SYSTEM } from '../store.ts';
import { writeOffShortfall } from './write-off.ts';

export const BUYBACK_TASK = 'FACTORING_BUYBACK';

export interface ShortfallResult {
  buybacksOpened: number;
  writtenOff: number;
  writtenOffPrincipal: number;
}

/**
 * Factoring shortfalls (issue 36): an invoice financing still owing after its maturity plus the platform's grace
 * days (`collection_grace_days`) — the debtor did not pay the collection account in full. With recourse
 * (有追索权, 民法典 art. 766) the supplier buys it back: a 回购 task opens (once while pending), whose approval
 * debits the supplier's account through the lending core. Without recourse (无追索权, art. 767) the factor
 * bears it: written off against the risk reserve at once.
 */
export async function factoringShortfalls(tx: Tx, runDate: IsoDate): Promise<ShortfallResult> {
  const late = await tx
    .select({ id: financings.id, recourse: platformDirectory.recourse })
    .from(financings)
    .innerJoin(platformDirectory, eq(platformDirectory.id, financings.platformId))
    .where(
      and(
        eq(financings.kind, 'INVOICE'),
        inArray(financings.status, ['DISBURSED', 'REPAYING']),
        exists(
          tx
            .select({ one: sql`1` })
            .from(financingTranches)
            .where(
              and(
                eq(financingTranches.financingId, financings.id),
                eq(financingTranches.status, 'DISBURSED'),
                sql`${financingTranches.dueDate} + ${platformDirectory.collectionGraceDays} < ${runDate}::date`,
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(financings.id));
  const result: ShortfallResult = { buybacksOpened: 0, writtenOff: 0, writtenOffPrincipal: 0 };
  for (const { id, recourse } of late) {
    const f = await lockFinancing(tx, factorScope(), id);
    if (!recourse) {
      const w = await writeOffShortfall(tx, f, runDate, SYSTEM);
      result.writtenOff += 1;
      result.writtenOffPrincipal += w.writtenOff;
      continue;
    }
    const [pending] = await tx
      .select({ id: taskDirectory.id })
      .from(taskDirectory)
      .where(and(eq(taskDirectory.type, BUYBACK_TASK), eq(taskDirectory.refId, String(f.id)), eq(taskDirectory.state, 'PENDING')));
    if (pending) continue;
    const quote = quoteOf(f, await openTranches(tx, f.id, false), runDate);
    await createTask(tx, {
      type: BUYBACK_TASK,
      subject: `保理回购 ${f.financingNo} ${formatYuan(quote.total)} 元`,
      enterpriseId: f.enterpriseId,
      refId: f.id,
      data: { financingId: f.id, openedOn: runDate, owed: quote.total },
      fields: [
        { label: '融资编号', value: f.financingNo },
        { label: '到期日', value: f.dueDate },
        { label: '追索权', value: '有追索权：由供应商回购' },
        { label: `${runDate} 尚欠（元）`, value: formatYuan(quote.total) },
        {
          label: '其中本金 / 利息 / 罚息（元）',
          value: `${formatYuan(quote.principal)} / ${formatYuan(quote.interest)} / ${formatYuan(quote.penalty)}`,
        },
      ],
      submittedBy: null,
    });
    await recordEvent(tx, f.id, SYSTEM, '回款不足，待供应商回购', `到期加宽限期后尚欠 ${formatYuan(quote.total)} 元`);
    result.buybacksOpened += 1;
  }
  return result;
}

export const factoringShortfallStep: CloseOfBusinessStep<ShortfallResult> = {
  name: 'supplyloan-factoring-shortfall',
  label: '保理回款不足处理（回购 / 核销）',
  run: factoringShortfalls,
  summary: (r) => `待回购 ${r.buybacksOpened} 笔；无追索权核销 ${r.writtenOff} 笔，本金 ${formatYuan(r.writtenOffPrincipal)} 元`,
};
