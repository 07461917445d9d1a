// Stock out, at most the available quantity (executing a release order when it names one).
import { z } from 'zod';
import { idSchema, isoDateSchema, optionalTextSchema, quantitySchema, textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { idempotencyKey, idList, optionalId, stockMovedSchema, tag } from './shared.ts';

export const stockOutSchema = z.object({
  positionId: idSchema('库存'),
  quantity: quantitySchema('出库数量'),
  occurredOn: isoDateSchema('出库日期'),
  documentNo: textSchema(40, '出库单号'),
  releaseOrderId: optionalId('放货指令'),
  attachmentIds: idList('附件').optional(),
  note: optionalTextSchema(200, '备注'),
  idempotencyKey,
});
export type StockOutInput = z.input<typeof stockOutSchema>;

export default {
  stockOut: endpoint({
    method: 'POST',
    path: '/api/warehouse/stock-out',
    tag,
    access: 'warehouse',
    summary: '出库（不超过可用数量）',
    body: stockOutSchema,
    answer: stockMovedSchema,
  }),
};
