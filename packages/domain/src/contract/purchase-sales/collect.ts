// The seller registering an offline collection.
import { z } from 'zod';
import { centsSchema, idParams, optionalTextSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { centsOut, tag } from './shared.ts';

export const collectionInputSchema = z.object({
  amount: centsSchema('回款金额'),
  note: optionalTextSchema(200, '说明', { multiline: true }),
  idempotencyKey: z.string().max(200).optional(),
});

/** The seller's offline collection, its part that repaid the order loan first, and what is still open. */
export const orderCollectionSchema = z.object({
  paymentId: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  amount: centsOut,
  loanRepaid: centsOut,
  refNos: z.array(z.string()),
  outstanding: centsOut,
  status: z.string(),
  statusLabel: z.string(),
});

export default {
  collect: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/collections',
    tag,
    access: 'merchant',
    summary: '登记线下回款（卖方，幂等）',
    params: idParams,
    body: collectionInputSchema,
    answer: orderCollectionSchema,
  }),
};
