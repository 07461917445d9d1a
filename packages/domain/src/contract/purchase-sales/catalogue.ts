// The goods catalogue of purchase and sales (the order lines' goods), and adding to it.
import { z } from 'zod';
import { centsSchema, optionalTextSchema, textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { centsOut, tag, taxRateSchema } from './shared.ts';

export const catalogueInputSchema = z.object({
  name: textSchema(60, '商品名称'),
  spec: optionalTextSchema(60, '规格型号'),
  unit: textSchema(10, '单位'),
  taxRatePpm: taxRateSchema,
  unitPrice: centsSchema('参考单价').optional(),
});

export const catalogueItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  spec: z.string().nullable(),
  unit: z.string(),
  taxRatePpm: z.number().int(),
  unitPrice: centsOut.nullable(),
});

export default {
  catalogue: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/goods',
    tag,
    access: 'merchant',
    summary: '商品目录',
    answer: z.array(catalogueItemSchema),
  }),
  addGoods: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/goods',
    tag,
    access: 'merchant',
    summary: '添加商品到目录',
    body: catalogueInputSchema,
    answer: catalogueItemSchema,
  }),
};
