// Deleting a goods item not in use.
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag, warehouseCreatedSchema } from './shared.ts';

export default {
  deleteGoods: endpoint({
    method: 'POST',
    path: '/api/warehouse/goods/:id/delete',
    tag,
    access: 'warehouse',
    summary: '删除未使用的商品',
    params: idParams,
    answer: warehouseCreatedSchema,
  }),
};
