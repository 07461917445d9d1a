// Cancelling a receipt.
import { z } from 'zod';
import { idSchema, textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { idempotencyKey, replayFields, tag } from './shared.ts';

export const receiptCancelSchema = z.object({ receiptId: idSchema('仓单'), reason: textSchema(200, '注销原因'), idempotencyKey });

/** Cancelled at once, or pending an operator's approval when the receipt is pledged. */
export const receiptCancelledSchema = z.object({ id: z.number(), status: z.enum(['CANCEL_PENDING', 'CANCELLED']), ...replayFields });

export default {
  cancelReceipt: endpoint({
    method: 'POST',
    path: '/api/warehouse/receipts/cancel',
    tag,
    access: 'merchant',
    summary: '注销仓单',
    body: receiptCancelSchema,
    answer: receiptCancelledSchema,
  }),
};
