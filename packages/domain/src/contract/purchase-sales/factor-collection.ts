// Operators: a collection that reached the factor, registered for a second operator to approve.
import { z } from 'zod';
import { centsSchema, idParams, optionalTextSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { centsOut, tag } from './shared.ts';

export const operatorCollectionInputSchema = z.object({
  amount: centsSchema('回款金额'),
  payerName: optionalTextSchema(100, '付款人'),
  idempotencyKey: z.string().max(200).optional(),
});

/**
 * An operator's factor collection is not money yet: it waits in the inbox (PS_FACTOR_COLLECTION
 * 购销回款入账复核) until a second operator approves it, which credits the seller and repays its order
 * loan first (four eyes, issue 21).
 */
export const factorCollectionSubmittedSchema = z.object({
  kind: z.literal('FACTOR_COLLECTION'),
  status: z.literal('PENDING_REVIEW'),
  taskId: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  sellerName: z.string(),
  amount: centsOut,
  /** The order loan the collection repays first, if one is disbursed now (checked again on approval). */
  repaysFinancingNo: z.string().nullable(),
  submittedAt: z.string(),
});
export type FactorCollectionSubmitted = z.infer<typeof factorCollectionSubmittedSchema>;

export default {
  factorCollection: endpoint({
    method: 'POST',
    path: '/api/bpm/purchase-sales/orders/:id/collection',
    tag,
    access: 'operator',
    summary: '登记订单回款：待另一位操作员复核（购销回款入账复核任务，通过后记入卖方虚拟账户，优先归还订单融资；运营，幂等）',
    params: idParams,
    body: operatorCollectionInputSchema,
    answer: factorCollectionSubmittedSchema,
  }),
};
