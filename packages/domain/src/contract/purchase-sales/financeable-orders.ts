// The sales orders an order loan may finance.
import { z } from 'zod';
import { idSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { centsOut, tag } from './shared.ts';

export const financeableOrderQuerySchema = z.object({ creditLineId: idSchema('授信') });

export const financeableOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  counterpartyName: z.string(),
  totalAmount: centsOut,
  deliveryDate: z.string(),
  status: z.string(),
  statusLabel: z.string(),
});
export type FinanceableOrder = z.infer<typeof financeableOrderSchema>;

export default {
  financeableOrders: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/financeable-orders',
    tag,
    access: 'merchant',
    summary: '可用于订单融资的销售订单（订单融资页选择）',
    query: financeableOrderQuerySchema,
    answer: z.array(financeableOrderSchema),
  }),
};
