// The warehouse receipts, paged.
import { z } from 'zod';
import { receiptLifecycle, type ReceiptStatus } from '../../status/warehouse.ts';
import { pageOf, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { optionalId, tag } from './shared.ts';

export const receiptQuerySchema = pageQuerySchema.extend({
  /** A receipt status, ACTIVE for live, pledged and pending cancellation, or empty for all. */
  status: z
    .union([z.literal(''), z.literal('ACTIVE'), z.enum(receiptLifecycle.states as [ReceiptStatus, ...ReceiptStatus[]])], {
      error: '仓单状态不正确',
    })
    .optional(),
  warehouseId: optionalId('仓库'),
});

export const receiptSchema = z.object({
  id: z.number(),
  receiptNo: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  positionId: z.number(),
  holderId: z.number(),
  holderName: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  locationCode: z.string(),
  goodsName: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  scale: z.number(),
  batchNo: z.string(),
  quantity: z.string(),
  contentHash: z.string(),
  version: z.number(),
  parentIds: z.array(z.number()),
  issuedAt: z.string(),
  updatedAt: z.string(),
});
export type WarehouseReceipt = z.infer<typeof receiptSchema>;

export const receiptPageSchema = pageOf(receiptSchema);

export default {
  receipts: endpoint({
    method: 'GET',
    path: '/api/warehouse/receipts',
    tag,
    access: 'user',
    summary: '电子仓单（分页）',
    query: receiptQuerySchema,
    answer: receiptPageSchema,
  }),
};
