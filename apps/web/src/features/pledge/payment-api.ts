import type { z } from 'zod';
import type { pledgeContractsSchema, pledgePaymentInfoSchema, pledgeVoucherSchema, PledgeVoucherInput } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { useAction } from '../../lib/action.ts';
import type { Keyed } from '../../lib/confirm.ts';
import { request, unwrap } from '../../lib/request.ts';

// A pledge financing's contracts and its bank-transfer vouchers (server: pledge/payment-routes.ts);
// types from packages/domain/src/contract/pledge-payment.ts.

export type PledgeContracts = z.input<typeof pledgeContractsSchema>;
export type PledgeContract = PledgeContracts['contracts'][number];
export type PledgePaymentInfo = z.input<typeof pledgePaymentInfoSchema>;
export type PledgeVoucher = z.input<typeof pledgeVoucherSchema>;
export type VoucherKind = PledgeVoucherInput['kind'];

const KEY = ['pledge'] as const;
const get = <T>(url: string) => request<T>(url).then(unwrap);

export const usePledgeContracts = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, 'contracts', id],
    queryFn: () => get<PledgeContracts>(`/pledge/financings/${id}/contracts`),
    enabled: id !== null,
  });

export const usePaymentInfo = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, 'payment', id],
    queryFn: () => get<PledgePaymentInfo>(`/pledge/financings/${id}/payment`),
    enabled: id !== null,
  });

export const useVoucher = (id: number | null) =>
  useQuery({ queryKey: [...KEY, 'voucher', id], queryFn: () => get<PledgeVoucher>(`/pledge/vouchers/${id}`), enabled: id !== null });

/** Submits a transfer voucher; nothing is paid until an operator confirms the money arrived. */
export const useSubmitVoucher = () =>
  useAction<
    Keyed<{
      financingId: number;
      kind: VoucherKind;
      amount?: number;
      voucherUploadId: number;
      payerAccountName: string;
      payerAccountNo: string;
    }>,
    PledgeVoucher
  >({
    call: ({ financingId, ...body }) =>
      request(`/pledge/financings/${financingId}/vouchers`, { method: 'POST', json: true, data: body as Record<string, unknown> }),
    invalidates: [KEY, ['dashboard']],
  });
