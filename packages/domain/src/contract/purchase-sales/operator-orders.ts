// Operators: finding an order by its number.
import { z } from 'zod';
import { textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { centsOut, tag } from './shared.ts';

export const operatorOrderQuerySchema = z.object({ orderNo: textSchema(40, '订单号') });

/** An order found by its number for an operator (to record a collection that reached the factor). */
export const operatorOrderSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  sellerName: z.string(),
  buyerName: z.string(),
  totalAmount: centsOut,
  paidAmount: centsOut,
  outstanding: centsOut,
  financing: z.object({ id: z.number().int(), financingNo: z.string(), status: z.string() }).nullable(),
});

export default {
  operatorOrders: endpoint({
    method: 'GET',
    path: '/api/bpm/purchase-sales/orders',
    tag,
    access: 'operator',
    summary: '按订单号查找订单（运营登记回款）',
    query: operatorOrderQuerySchema,
    answer: z.array(operatorOrderSchema),
  }),
};
