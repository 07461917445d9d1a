// Moving stock to another location.
import { z } from 'zod';
import { idSchema, isoDateSchema, optionalTextSchema, quantitySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { idempotencyKey, stockMovedSchema, tag } from './shared.ts';

export const stockMoveSchema = z.object({
  positionId: idSchema('库存'),
  toLocationId: idSchema('目标库位'),
  quantity: quantitySchema('移库数量'),
  occurredOn: isoDateSchema('移库日期'),
  note: optionalTextSchema(200, '备注'),
  idempotencyKey,
});

export default {
  stockMove: endpoint({
    method: 'POST',
    path: '/api/warehouse/stock-move',
    tag,
    access: 'warehouse',
    summary: '移库',
    body: stockMoveSchema,
    answer: stockMovedSchema,
  }),
};
