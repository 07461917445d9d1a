// Merging receipts into one.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { idempotencyKey, idList, replayFields, tag } from './shared.ts';

export const receiptMergeSchema = z.object({
  receiptIds: idList('仓单').pipe(z.array(z.number()).min(2, '合并至少需要两张仓单')),
  idempotencyKey,
});

export const receiptMergedSchema = z.object({ id: z.number(), receiptNo: z.string(), quantity: z.string(), ...replayFields });

export default {
  mergeReceipts: endpoint({
    method: 'POST',
    path: '/api/warehouse/receipts/merge',
    tag,
    access: 'merchant',
    summary: '合并仓单',
    body: receiptMergeSchema,
    answer: receiptMergedSchema,
  }),
};
