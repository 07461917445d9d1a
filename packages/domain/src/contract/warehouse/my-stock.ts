// The depositor's own stock in the supervised warehouses.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

/** The depositor's own stock, summed per warehouse and goods (for its financing pages). */
export const ownStockSchema = z.array(
  z.object({
    warehouseId: z.number(),
    warehouseName: z.string(),
    goodsId: z.number(),
    goodsName: z.string(),
    unit: z.string(),
    scale: z.number(),
    total: z.string(),
    available: z.string(),
    pledged: z.string(),
    frozen: z.string(),
  }),
);

export default {
  myStock: endpoint({
    method: 'GET',
    path: '/api/warehouse/my-stock',
    tag,
    access: 'merchant',
    summary: '本企业在各监管仓库的库存',
    answer: ownStockSchema,
  }),
};
