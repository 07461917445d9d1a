// Verifying a receipt by what is printed on it.
import { z } from 'zod';
import { textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

/** Verification needs what is printed on the receipt: its number and its content hash (issue 21). */
export const receiptVerifyQuerySchema = z.object({
  receiptNo: textSchema(40, '仓单编号'),
  hash: textSchema(64, '内容哈希'),
});

/**
 * A verification answer. The number and hash must match the receipt's current version; otherwise
 * nothing is said about the receipt (`found: false`), so receipts cannot be read by guessing. What it
 * states comes from the snapshot hashed when it was issued or last changed, not today's catalogue.
 */
export const receiptVerificationSchema = z.object({
  found: z.boolean(),
  receiptNo: z.string(),
  hashMatches: z.boolean().nullable(),
  status: z.string().nullable(),
  statusLabel: z.string().nullable(),
  warehouseName: z.string().nullable(),
  locationCode: z.string().nullable(),
  holderName: z.string().nullable(),
  holderUscc: z.string().nullable(),
  goodsName: z.string().nullable(),
  specification: z.string().nullable(),
  batchNo: z.string().nullable(),
  quantity: z.string().nullable(),
  unit: z.string().nullable(),
  version: z.number().nullable(),
  contentHash: z.string().nullable(),
  issuedAt: z.string().nullable(),
});

export default {
  verifyReceipt: endpoint({
    method: 'GET',
    path: '/api/warehouse/receipts/verify',
    tag,
    access: 'user',
    summary: '仓单核验',
    query: receiptVerifyQuerySchema,
    answer: receiptVerificationSchema,
  }),
};
