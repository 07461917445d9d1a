// The orders: the list (paged) and its export.
import { z } from 'zod';
import { isoDateSchema, optionalTextSchema, pageOf, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { orderKindSchema, orderRowSchema, orderStatusSchema, tag } from './shared.ts';

export const orderListQuerySchema = pageQuerySchema.extend({
  kind: orderKindSchema.optional(),
  status: orderStatusSchema.optional(),
  keyword: optionalTextSchema(60, '关键字'),
  dateFrom: isoDateSchema('开始日期').optional(),
  dateTo: isoDateSchema('结束日期').optional(),
  /** Only orders a targeted payment can be made on now. */
  payable: z.enum(['1', '0']).optional(),
});

export const orderPageSchema = pageOf(orderRowSchema);

export default {
  orders: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/orders',
    tag,
    access: 'merchant',
    summary: '订单列表（分页）',
    query: orderListQuerySchema,
    answer: orderPageSchema,
  }),
  exportOrders: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/orders/export',
    tag,
    access: 'merchant',
    summary: '导出订单（最多 5000 条，Excel 由浏览器生成）',
    query: orderListQuerySchema.omit({ page: true, size: true }),
    answer: z.array(orderRowSchema),
  }),
};
