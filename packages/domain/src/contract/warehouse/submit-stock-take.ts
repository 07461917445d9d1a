// Submitting a stock-take: a difference waits for an operator's approval.
import { z } from 'zod';
import { idSchema, isoDateSchema, optionalTextSchema, quantitySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { idempotencyKey, replayFields, tag } from './shared.ts';

export const stockTakeSchema = z.object({
  warehouseId: idSchema('仓库'),
  locationId: idSchema('库位'),
  countedOn: isoDateSchema('盘点日期'),
  lines: z
    .array(
      z.object({
        positionId: idSchema('库存'),
        counted: z.union([z.literal('0'), z.literal(0), quantitySchema('实盘数量')]).transform(String),
      }),
      { error: '请填写实盘数量' },
    )
    .min(1, '请至少盘点一项库存')
    .max(200),
  note: optionalTextSchema(200, '备注'),
  idempotencyKey,
});
export type StockTakeInput = z.input<typeof stockTakeSchema>;

export const stockTakeSubmittedSchema = z.object({
  id: z.number(),
  takeNo: z.string(),
  /** NO_DIFFERENCE: book and count agree; PENDING: the adjustment waits for an operator. */
  status: z.string(),
  alert: z.boolean(),
  ...replayFields,
});

export default {
  submitStockTake: endpoint({
    method: 'POST',
    path: '/api/warehouse/stock-takes',
    tag,
    access: 'warehouse',
    summary: '提交盘点（差异待运营审批）',
    body: stockTakeSchema,
    answer: stockTakeSubmittedSchema,
  }),
};
