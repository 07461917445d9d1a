// Inventory: the stock positions (paged, exported, one by one), scoped to what the caller may see.
import { z } from 'zod';
import { idParams, pageOf, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { optionalId, tag } from './shared.ts';

export const positionQuerySchema = pageQuerySchema.extend({
  warehouseId: optionalId('仓库'),
  depositorId: optionalId('存货企业'),
  goodsId: optionalId('商品'),
  /** Hide positions whose every bucket is zero (the default). */
  includeEmpty: z.enum(['true', 'false']).optional(),
});

export const positionSchema = z.object({
  id: z.number(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  locationId: z.number(),
  locationCode: z.string(),
  depositorId: z.number(),
  depositorName: z.string(),
  goodsId: z.number(),
  goodsName: z.string(),
  specification: z.string().nullable(),
  /** The goods' category (钢材, 有色金属 …): a move goes only to a zone that takes it. */
  category: z.string(),
  unit: z.string(),
  scale: z.number(),
  batchNo: z.string(),
  /** The business date (业务日期) of the position's last recorded movement; the list is in this order, newest first. */
  lastMovedOn: z.string().nullable(),
  total: z.string(),
  available: z.string(),
  pledged: z.string(),
  frozen: z.string(),
  updatedAt: z.string(),
});
export type StockPosition = z.infer<typeof positionSchema>;

export const positionPageSchema = pageOf(positionSchema);

export default {
  positions: endpoint({
    method: 'GET',
    path: '/api/warehouse/positions',
    tag,
    access: 'user',
    summary: '库存明细（分页）',
    query: positionQuerySchema,
    answer: positionPageSchema,
  }),
  exportPositions: endpoint({
    method: 'GET',
    path: '/api/warehouse/positions/export',
    tag,
    access: 'user',
    summary: '导出库存明细（Excel 由浏览器生成）',
    query: positionQuerySchema.omit({ page: true, size: true }),
    answer: z.array(positionSchema),
  }),
  position: endpoint({
    method: 'GET',
    path: '/api/warehouse/positions/:id',
    tag,
    access: 'user',
    summary: '一条库存',
    params: idParams,
    answer: positionSchema,
  }),
};
