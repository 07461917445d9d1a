// Registering a delivery (the seller) or a receipt (the buyer), line by line, in part or in full.
import { z } from 'zod';
import { QUANTITY_SCALE } from '../../orders.ts';
import { idempotencyKeyField, idParams, idSchema, optionalTextSchema, quantitySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { orderStatusAnswerSchema, tag } from './shared.ts';

export const fulfilInputSchema = z.object({
  lines: z
    .array(z.object({ lineId: idSchema('明细行'), quantity: quantitySchema('本次数量', QUANTITY_SCALE) }), { error: '请填写本次数量' })
    .min(1, '请至少填写一行本次数量')
    .max(50),
  note: optionalTextSchema(200, '说明', { multiline: true }),
  ...idempotencyKeyField,
});

/** A delivery or receipt registered; `complete` when every line is fully delivered / received. */
export const orderFulfilledSchema = orderStatusAnswerSchema.extend({ complete: z.boolean() });

export default {
  fulfil: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/fulfil',
    tag,
    access: 'merchant',
    summary: '登记发货（卖方）或收货（买方），可按行部分登记（幂等键）',
    params: idParams,
    body: fulfilInputSchema,
    answer: orderFulfilledSchema,
  }),
};
