import { pledgePaymentApi as api, type AnswerOf, type BodyInput, type ParamsInput } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import { areaKey, queryOf, send } from '../../lib/api-client.ts';
import type { Keyed } from '../../lib/confirm.ts';

// A pledge financing's contracts and its bank-transfer vouchers: each hook names its operation in
// the contract (pledgePaymentApi, packages/domain/src/contract/pledge-payment.ts).

export type PledgeContracts = AnswerOf<typeof api.contracts>;
export type PledgeContract = PledgeContracts['contracts'][number];
export type PledgePaymentInfo = AnswerOf<typeof api.paymentInfo>;
export type PledgeVoucher = AnswerOf<typeof api.voucher>;
export type VoucherKind = BodyInput<typeof api.submitVoucher>['kind'];

export const usePledgeContracts = (id: number | null) =>
  useQuery({ ...queryOf(api.contracts, { params: { id: id! } }), enabled: id !== null });

export const usePaymentInfo = (id: number | null) =>
  useQuery({ ...queryOf(api.paymentInfo, { params: { id: id! } }), enabled: id !== null });

export const useVoucher = (id: number | null) => useQuery({ ...queryOf(api.voucher, { params: { id: id! } }), enabled: id !== null });

/** Submits a transfer voucher; nothing is paid until an operator confirms the money arrived. */
export const useSubmitVoucher = () =>
  useAction({
    call: ({
      financingId,
      ...body
    }: { financingId: ParamsInput<typeof api.submitVoucher>['id'] } & Keyed<BodyInput<typeof api.submitVoucher>>) =>
      send(api.submitVoucher, { params: { id: financingId }, body }),
    invalidates: [areaKey(api.submitVoucher), ['dashboard']],
  });
