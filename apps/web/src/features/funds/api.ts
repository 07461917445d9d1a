import {
  fundsApi as api,
  type AnswerOf,
  type BodyInput,
  type BodyOf,
  type FlowFilters,
  type PageQuery,
  type Payee,
  type PayeeInput,
  type QueryInput,
} from '@factoring/domain/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, call, keyOf, queryOf, send, sendConfirmed } from '../../lib/api-client.ts';
import type { Confirmation, Keyed } from '../../lib/confirm.ts';
import { unwrap } from '../../lib/request.ts';

// The fund account's calls: each hook names its operation in the contract (fundsApi,
// packages/domain/src/contract/funds.ts), which fixes its path, input and answer.

export type AccountBalance = AnswerOf<typeof api.balance>;
export type { FlowFilters, Payee, PayeeInput };
export type Withdrawal = AnswerOf<typeof api.withdrawals>['items'][number];
export type Consignment = AnswerOf<typeof api.consignments>['items'][number];
export type Tranche = AnswerOf<typeof api.controlled>['items'][number];
export type MonthlyFlow = AnswerOf<typeof api.monthlyFlows>[number];
export type CounterpartyFlow = AnswerOf<typeof api.counterparties>['items'][number];
export type CounterpartyFilters = QueryInput<typeof api.counterparties>;
export type PayeeFilters = Omit<QueryInput<typeof api.payees>, 'page' | 'size'>;

type MoneyAnswer =
  AnswerOf<typeof api.withdraw> | AnswerOf<typeof api.transfer> | AnswerOf<typeof api.targetedPayment> | AnswerOf<typeof api.result>;
type KeysOfUnion<T> = T extends unknown ? keyof T : never;
type ValueIn<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
/** What a money movement answers, and what `/user/moneyflowSuccess` shows: each kind has some of the fields. */
export type MoneyResult = MoneyAnswer & { [K in KeysOfUnion<MoneyAnswer>]?: ValueIn<MoneyAnswer, K> };

const AREA = areaKey(api.balance);
type Paging = PageQuery;

// Queries -------------------------------------------------------------------------------------------

/** SPEC §7: `GET /account/v2/queryAccountBalance` (amounts in cents). */
export const useAccountBalance = () => useQuery(queryOf(api.balance));

export function useFundFlows(filters: FlowFilters, paging: Paging) {
  return useQuery({ ...queryOf(api.flows, { query: { ...filters, ...paging } }), placeholderData: keepPreviousData });
}

export const useMonthlyFlows = () => useQuery(queryOf(api.monthlyFlows, { query: { months: 12 } }));

/** Every flow matching the filters (for the Excel export). */
export const fetchFlowsForExport = (filters: FlowFilters) => call(api.exportFlows, { query: { ...filters } });

export const useWithdrawalInfo = () => useQuery(queryOf(api.withdrawalInfo));

export function useWithdrawals(paging: Paging) {
  return useQuery({ ...queryOf(api.withdrawals, { query: paging }), placeholderData: keepPreviousData });
}

export function useCounterparties(filters: CounterpartyFilters) {
  return useQuery({ ...queryOf(api.counterparties, { query: { ...filters } }), placeholderData: keepPreviousData });
}

/** The result of a movement read back by its reference number (after a reload of the result page). */
export function useMoneyResult(refNo: string | null, enabled: boolean) {
  return useQuery({
    ...queryOf(api.result, { query: { refNo: refNo! } }),
    select: (result): MoneyResult => result,
    enabled: enabled && !!refNo,
  });
}

export function usePayees(filters: PayeeFilters, paging: Paging) {
  return useQuery({ ...queryOf(api.payees, { query: { ...filters, ...paging } }), placeholderData: keepPreviousData });
}

/** One payee in full (the whitelist masks account numbers; the change form starts from the full one). */
export function usePayee(id: number | undefined) {
  return useQuery({ ...queryOf(api.payee, { params: { id: id! } }), enabled: id !== undefined });
}

export function useConsignments(paging: Paging) {
  return useQuery({ ...queryOf(api.consignments, { query: paging }), placeholderData: keepPreviousData });
}

/** SPEC §7: `POST /payforanother/getPassedApplcation` (form) with Accept application/json. */
export function usePassedConsignments() {
  const input = { body: { page: 1, size: 200 } };
  return useQuery({
    queryKey: keyOf(api.passedConsignments, input),
    queryFn: () => send(api.passedConsignments, input, { headers: { Accept: 'application/json' } }).then(unwrap),
  });
}

export const useControlled = () => useQuery(queryOf(api.controlled));

// Money movements: password confirmation and one idempotency key per dialog -------------------------

/** A money call's body as the page gives it: the confirmation dialog adds the password and the key. */
type Confirmed<B> = Omit<B, keyof Confirmation> & Confirmation;

export function useWithdraw() {
  return useAction({
    call: ({ password, idempotencyKey, ...body }: Confirmed<BodyInput<typeof api.withdraw>>) =>
      sendConfirmed(api.withdraw, { body }, { password, idempotencyKey }),
    invalidates: [AREA],
  });
}

export function useTransfer() {
  return useAction({
    call: ({ password, idempotencyKey, ...body }: Confirmed<BodyInput<typeof api.transfer>>) =>
      sendConfirmed(api.transfer, { body }, { password, idempotencyKey }),
    invalidates: [AREA],
  });
}

/** A targeted payment as the page has checked it, before the confirmation dialog adds the password. */
export type TargetedPayment = Omit<BodyOf<typeof api.targetedPayment>, keyof Confirmation>;
export function useTargetedPayment() {
  return useAction({
    call: ({ password, idempotencyKey, ...body }: Confirmed<BodyInput<typeof api.targetedPayment>>) =>
      sendConfirmed(api.targetedPayment, { body }, { password, idempotencyKey }),
    invalidates: [AREA],
  });
}

// Reviewed submissions ------------------------------------------------------------------------------

export function useOpenPayee() {
  return useAction({
    call: (body: Keyed<BodyInput<typeof api.openPayee>>) => send(api.openPayee, { body }),
    invalidates: [AREA],
  });
}

export function useChangePayee() {
  return useAction({
    call: ({ id, ...body }: BodyInput<typeof api.changePayee> & { id: number }) => send(api.changePayee, { params: { id }, body }),
    invalidates: [AREA],
  });
}

export function useDisablePayee() {
  return useAction({
    call: (payee: Pick<Payee, 'id' | 'name'>) => send(api.disablePayee, { params: { id: payee.id } }),
    invalidates: [AREA],
    success: (_, payee) => `已停用「${payee.name}」`,
  });
}

export function useApplyConsignment() {
  return useAction({
    call: (body: Keyed<BodyInput<typeof api.applyConsignment>>) => send(api.applyConsignment, { body }),
    invalidates: [AREA],
    success: '代付申请已提交，等待平台审核',
  });
}
