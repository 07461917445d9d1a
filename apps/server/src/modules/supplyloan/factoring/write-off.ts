import { formatYuan, trancheLifecycle, writeOffEntry, type Cents, type IsoDate } from '@factoring/domain';
import type { Tx } from '../../../db/client.ts';
import { factoringCollections, financingTranches } from '../../../db/schema/index.ts';
import type { Actor } from '../../../lib/actor.ts';
import { now } from '../../../lib/clock.ts';
import { transition } from '../../../lib/transition.ts';
import { releaseReservation, restoreCredit } from '../../credit/index.ts';
import { releaseControlledFunds } from '../../funds/index.ts';
import { postEntry, rule } from '../../ledger/index.ts';
import { crystallise } from '../pricing.ts';
import { openTranches, quoteOf, stateOf } from '../queries/quote.ts';
import { moveFinancing, type Financing } from '../store.ts';

/**
 * A shortfall without recourse (issue 36, 民法典 art. 767: the factor bears the debtor's default): the principal
 * still owed is written off against the risk reserve, the interest and penalty owed are forgone (never booked as
 * income), and the financing ends — the supplier owes nothing more, its credit and controlled funds are freed.
 * The receivable stays the factor's (funded, registered): it may still pursue the debtor. Once per financing.
 */
export async function writeOffShortfall(tx: Tx, f: Financing, today: IsoDate, actor: Actor) {
  const tranches = await openTranches(tx, f.id, true);
  const quote = quoteOf(f, tranches, today);
  for (const t of tranches) {
    const c = crystallise(stateOf(f, t), today);
    await transition(tx, financingTranches, trancheLifecycle, t, 'SETTLED', {
      outstanding: 0,
      interestFrom: c.interestFrom,
      interestUnpaid: 0,
      penaltyFrom: c.penaltyFrom,
      penaltyUnpaid: 0,
      penaltyToDate: 0,
      penaltyAsOf: today,
      overdue: false,
      settledAt: now(),
    });
  }
  const posted =
    quote.principal > 0
      ? await postEntry(
          tx,
          rule(() => writeOffEntry({ principal: quote.principal as Cents, sourceRef: f.financingNo })),
          {
            createdBy: actor.id,
          },
        )
      : null;
  await restoreCredit(tx, f.creditLineId, quote.principal);
  await releaseReservation(tx, f.creditLineId, f.reserved);
  await releaseControlledFunds(tx, { enterpriseId: f.enterpriseId, loanRef: f.financingNo, createdBy: actor.id });
  const note = `无追索权：本金 ${formatYuan(quote.principal)} 元以风险准备金核销，利息 ${formatYuan(quote.interest)} 元、罚息 ${formatYuan(quote.penalty)} 元不再收取`;
  await moveFinancing(tx, f, 'SETTLED', actor, '无追索权核销', note, { overdue: false, reserved: 0, settledAt: now() });
  const [row] = await tx
    .insert(factoringCollections)
    .values({
      financingId: f.id,
      kind: 'WRITE_OFF',
      // The shortfall the factor bears; only its principal was on the books (the entry).
      amount: quote.total,
      principal: quote.principal,
      interest: quote.interest,
      penalty: quote.penalty,
      sourceKey: `WRITE_OFF:${f.id}`,
      refNo: posted?.refNo ?? null,
      collectedOn: today,
      createdBy: actor.id,
    })
    .returning();
  return { ...row, refNo: posted?.refNo ?? null, writtenOff: quote.principal };
}
