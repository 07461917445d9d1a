// The goods catalogue, paged (an item the caller's company owns is editable).
import { z } from 'zod';
import { optionalTextSchema, pageOf, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

export const goodsListQuerySchema = pageQuerySchema.extend({
  keyword: optionalTextSchema(60, '关键字'),
  status: z.enum(['ACTIVE', 'DISABLED']).optional(),
});

export const goodsItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  specification: z.string().nullable(),
  unit: z.string(),
  scale: z.number(),
  category: z.string(),
  standardWeight: z.string().nullable(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  inUse: z.boolean(),
  /** A change of an item in use makes a new version (issue 21). */
  version: z.number(),
  ownerId: z.number().nullable(),
  ownerName: z.string(),
  /** The caller's company owns the item: it may change, disable or delete it. */
  editable: z.boolean(),
});
export type GoodsItem = z.infer<typeof goodsItemSchema>;

export const goodsPageSchema = pageOf(goodsItemSchema);

export default {
  goods: endpoint({
    method: 'GET',
    path: '/api/warehouse/goods',
    tag,
    access: 'user',
    summary: '商品目录',
    query: goodsListQuerySchema,
    answer: goodsPageSchema,
  }),
};
