import { extensionPricing, type ExtensionPricing, type IsoDate } from '@factoring/domain';
import { rule } from '../ledger/index.ts';
import type { Tranche } from './queries/quote.ts';
import type { Financing, Platform } from './store.ts';

export interface ExtensionTerms extends ExtensionPricing {
  currentRatePpm: number;
}

/**
 * The price of extending a tranche to `newDueDate` by the domain's one extension rule, with the
 * tranche's figures: its rate now, its value date, and where its interest on today's principal is
 * counted from (in arrears: the last day the principal changed; upfront: the value date). Used by
 * the request (what the user is shown) and the approval (what is booked), so the two cannot differ.
 */
export function extensionTerms(
  platform: Platform,
  f: Pick<Financing, 'annualRatePpm' | 'interestMode'>,
  t: Pick<Tranche, 'annualRatePpm' | 'outstanding' | 'startDate' | 'interestFrom' | 'dueDate'>,
  newDueDate: IsoDate,
): ExtensionTerms {
  const currentRatePpm = t.annualRatePpm ?? f.annualRatePpm;
  const pricing = rule(() =>
    extensionPricing(platform, {
      outstanding: t.outstanding,
      currentRatePpm,
      startDate: t.startDate!,
      accrualFrom: f.interestMode === 'ARREARS' && t.interestFrom ? t.interestFrom : t.startDate!,
      oldDueDate: t.dueDate!,
      newDueDate,
    }),
  );
  return { ...pricing, currentRatePpm };
}
