// Before a targeted payment: what is owed, where the money comes from, the fee, the payees allowed.
import { z } from 'zod';
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { centsOut, tag } from './shared.ts';

export const paymentQuoteSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  counterpartyName: z.string(),
  totalAmount: centsOut,
  paidAmount: centsOut,
  outstanding: centsOut,
  controlled: centsOut,
  available: centsOut,
  fee: centsOut,
  payees: z.array(z.object({ id: z.number().int(), name: z.string(), bankName: z.string(), accountNo: z.string() })),
});
export type PaymentQuote = z.infer<typeof paymentQuoteSchema>;

export default {
  paymentQuote: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/orders/:id/payment-quote',
    tag,
    access: 'merchant',
    summary: '定向支付：应付金额、资金来源、手续费、可用收款方',
    params: idParams,
    answer: paymentQuoteSchema,
  }),
};
