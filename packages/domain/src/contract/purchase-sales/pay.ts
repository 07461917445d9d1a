// A targeted payment of a purchase order.
import { z } from 'zod';
import { centsSchema, idParams, idSchema, moneyConfirmationFields } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { centsOut, tag } from './shared.ts';

export const orderPaymentInputSchema = z.object({
  payeeId: idSchema('收款方'),
  amount: centsSchema('支付金额'),
  ...moneyConfirmationFields,
});

export const paymentResultSchema = z.object({
  paymentId: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  amount: centsOut,
  fromControlled: centsOut,
  fromFree: centsOut,
  fee: centsOut,
  payeeName: z.string(),
  payeeAccountNo: z.string(),
  refNos: z.array(z.string()),
  outstanding: centsOut,
  status: z.string(),
  statusLabel: z.string(),
  createdAt: z.string(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

export default {
  pay: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/pay',
    tag,
    access: 'merchant',
    summary: '定向支付采购订单（先受控资金后可用资金，白名单收款方，需登录密码确认，幂等）',
    params: idParams,
    body: orderPaymentInputSchema,
    answer: paymentResultSchema,
  }),
};
