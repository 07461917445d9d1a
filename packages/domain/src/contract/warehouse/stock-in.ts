// Stock in.
import { z } from 'zod';
import { idSchema, isoDateSchema, optionalTextSchema, quantitySchema, textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { idempotencyKey, idList, stockMovedSchema, tag } from './shared.ts';

export const stockInSchema = z.object({
  warehouseId: idSchema('仓库'),
  locationId: idSchema('库位'),
  depositorId: idSchema('存货企业'),
  goodsId: idSchema('商品'),
  batchNo: optionalTextSchema(40, '批次号'),
  quantity: quantitySchema('入库数量'),
  occurredOn: isoDateSchema('入库日期'),
  documentNo: textSchema(40, '入库单号'),
  attachmentIds: idList('附件').optional(),
  note: optionalTextSchema(200, '备注'),
  idempotencyKey,
});
export type StockInInput = z.input<typeof stockInSchema>;

export default {
  stockIn: endpoint({
    method: 'POST',
    path: '/api/warehouse/stock-in',
    tag,
    access: 'warehouse',
    summary: '入库',
    body: stockInSchema,
    answer: stockMovedSchema,
  }),
};
