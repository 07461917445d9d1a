// Splitting a receipt into parts.
import { z } from 'zod';
import { idSchema, quantitySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { idempotencyKey, replayFields, tag } from './shared.ts';

export const receiptSplitSchema = z.object({
  receiptId: idSchema('仓单'),
  parts: z.array(quantitySchema('拆分数量'), { error: '请输入拆分数量' }).min(2, '拆分至少需要两份').max(20, '拆分最多 20 份'),
  idempotencyKey,
});

export const receiptSplitResultSchema = z.object({
  receipts: z.array(z.object({ id: z.number(), receiptNo: z.string(), quantity: z.string() })),
  ...replayFields,
});

export default {
  splitReceipt: endpoint({
    method: 'POST',
    path: '/api/warehouse/receipts/split',
    tag,
    access: 'merchant',
    summary: '拆分仓单',
    body: receiptSplitSchema,
    answer: receiptSplitResultSchema,
  }),
};
