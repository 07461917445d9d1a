import { dueDateOf, INTEREST_MODE_LABELS, type IsoDate } from '@factoring/domain';
import type { PledgeTrialInput } from '@factoring/domain/contract';
import type { Db } from '../../../db/client.ts';
import type { EnterpriseScope } from '../../../lib/scope.ts';
import { quotePledge } from './quote.ts';

/** The live trial of /pledge/applyFinacing (read-only): value, the most that may be lent, margin, interest, fee, net amount. */
export async function pledgeTrial(db: Db, scope: EnterpriseScope, input: PledgeTrialInput, today: IsoDate) {
  const q = await quotePledge(db, scope, input, today);
  const t = q.trial;
  return {
    goodsId: q.goods.id,
    goodsName: q.goods.name,
    unit: q.goods.unit,
    quantity: q.quantity,
    unitPrice: q.unitPrice,
    value: q.value,
    pledgeRatePpm: q.terms.pledgeRatePpm,
    maxByValue: q.maxByValue,
    available: q.available,
    maxAmount: q.maxAmount,
    maxTermDays: q.platform.maxTermDays,
    margin: q.margin,
    interest: t?.interest ?? 0,
    serviceFee: t?.serviceFee ?? 0,
    netAmount: t?.netDisbursed ?? 0,
    annualRatePpm: t?.annualRatePpm ?? q.platform.annualRatePpm,
    interestMode: q.platform.interestMode,
    interestModeLabel: INTEREST_MODE_LABELS[q.platform.interestMode],
    // Known from the term alone: shown before an amount is typed.
    dueDate: t?.dueDate ?? dueDateOf(today, input.termDays),
  };
}
