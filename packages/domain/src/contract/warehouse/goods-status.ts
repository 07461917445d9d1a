// Disabling and enabling a goods item.
import { z } from 'zod';
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

export const goodsStatusSchema = z.object({ id: z.number(), status: z.enum(['ACTIVE', 'DISABLED']) });

export default {
  disableGoods: endpoint({
    method: 'POST',
    path: '/api/warehouse/goods/:id/disable',
    tag,
    access: 'warehouse',
    summary: '停用商品',
    params: idParams,
    answer: goodsStatusSchema,
  }),
  enableGoods: endpoint({
    method: 'POST',
    path: '/api/warehouse/goods/:id/enable',
    tag,
    access: 'warehouse',
    summary: '启用商品',
    params: idParams,
    answer: goodsStatusSchema,
  }),
};
