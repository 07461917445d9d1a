// The stock movements (出入库及库存流水), paged, by position, warehouse, depositor, goods, kind and date.
import { z } from 'zod';
import { MOVEMENT_KINDS, type MovementKind } from '../../quantity.ts';
import { isoDateSchema, pageOf, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { optionalId, tag } from './shared.ts';

export const movementQuerySchema = pageQuerySchema.extend({
  positionId: optionalId('库存'),
  warehouseId: optionalId('仓库'),
  depositorId: optionalId('存货企业'),
  goodsId: optionalId('商品'),
  /** A movement kind, or IN_OUT for stock-ins and stock-outs together. */
  kind: z
    .union([z.literal(''), z.literal('IN_OUT'), z.enum(MOVEMENT_KINDS as [MovementKind, ...MovementKind[]])], { error: '流水类型不正确' })
    .optional(),
  dateFrom: z.union([z.literal(''), isoDateSchema('开始日期')]).optional(),
  dateTo: z.union([z.literal(''), isoDateSchema('结束日期')]).optional(),
});

export const movementSchema = z.object({
  id: z.number(),
  operationNo: z.string(),
  kind: z.string(),
  kindLabel: z.string(),
  positionId: z.number(),
  warehouseName: z.string(),
  locationCode: z.string(),
  depositorName: z.string(),
  goodsName: z.string(),
  unit: z.string(),
  scale: z.number(),
  batchNo: z.string(),
  quantity: z.string(),
  available: z.string(),
  pledged: z.string(),
  frozen: z.string(),
  occurredOn: z.string(),
  documentNo: z.string().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  actorName: z.string(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof movementSchema>;

export const movementPageSchema = pageOf(movementSchema);

export default {
  movements: endpoint({
    method: 'GET',
    path: '/api/warehouse/movements',
    tag,
    access: 'user',
    summary: '出入库及库存流水（分页）',
    query: movementQuerySchema,
    answer: movementPageSchema,
  }),
};
