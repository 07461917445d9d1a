// Issuing a receipt on a position.
import { z } from 'zod';
import { idSchema, optionalTextSchema, quantitySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { idempotencyKey, replayFields, tag } from './shared.ts';

export const receiptIssueSchema = z.object({
  positionId: idSchema('库存'),
  quantity: quantitySchema('仓单数量'),
  note: optionalTextSchema(200, '备注'),
  idempotencyKey,
});

export const receiptIssuedSchema = z.object({ id: z.number(), receiptNo: z.string(), contentHash: z.string(), ...replayFields });

export default {
  issueReceipt: endpoint({
    method: 'POST',
    path: '/api/warehouse/receipts/issue',
    tag,
    access: 'warehouse',
    summary: '开立仓单',
    body: receiptIssueSchema,
    answer: receiptIssuedSchema,
  }),
};
