// The stock-takes, paged.
import { z } from 'zod';
import { stockTakeLifecycle, type StockTakeStatus } from '../../status/warehouse.ts';
import { pageOf, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

export const stockTakeItemSchema = z.object({
  id: z.number(),
  takeNo: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  warehouseName: z.string(),
  locationCode: z.string(),
  countedOn: z.string(),
  alert: z.boolean(),
  lines: z.array(
    z.object({
      positionId: z.number(),
      depositorName: z.string(),
      goodsName: z.string(),
      unit: z.string(),
      scale: z.number(),
      batchNo: z.string(),
      book: z.string(),
      counted: z.string(),
      difference: z.string(),
      touchesEncumbered: z.boolean(),
    }),
  ),
  createdAt: z.string(),
});
export type StockTake = z.infer<typeof stockTakeItemSchema>;

export const stockTakeQuerySchema = pageQuerySchema.extend({
  status: z
    .union([z.literal(''), z.enum(stockTakeLifecycle.states as [StockTakeStatus, ...StockTakeStatus[]])], { error: '盘点状态不正确' })
    .optional(),
});

export const stockTakePageSchema = pageOf(stockTakeItemSchema);

export default {
  stockTakes: endpoint({
    method: 'GET',
    path: '/api/warehouse/stock-takes',
    tag,
    access: 'user',
    summary: '盘点记录（分页）',
    query: stockTakeQuerySchema,
    answer: stockTakePageSchema,
  }),
};
