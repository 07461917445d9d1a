import { fundsApi, pledgeApi, type BodyInput } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { queryOf, sendConfirmed } from '../../lib/api-client.ts';
import type { Confirmation } from '../../lib/confirm.ts';
import { PLEDGE_KEY } from './api.ts';

// Issue 24: what may repay a pledge financing — its own controlled funds or the free funds — and the
// repayment from the chosen source (/pledge/repaymentList).

export type RepaySource = NonNullable<BodyInput<typeof pledgeApi.repay>['source']>;

/** The free funds and what is left of the controlled funds this financing disbursed. */
export function useLoanFunds(loanRef: string | null) {
  return useQuery({ ...queryOf(fundsApi.loanFunds, { query: { loanRef: loanRef ?? '' } }), enabled: Boolean(loanRef) });
}

/** A repayment from the chosen source, confirmed with the login password. */
export const useRepayFrom = () =>
  useAction({
    call: ({ id, amount, source, ...c }: { id: number; amount: number; source: RepaySource } & Confirmation) =>
      sendConfirmed(pledgeApi.repay, { params: { id }, body: { amount, source } }, c),
    invalidates: [PLEDGE_KEY, ['funds'], ['dashboard'], ['warehouse']],
  });
