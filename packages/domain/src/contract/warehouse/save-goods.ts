// Adding a goods item (the caller's warehouse company owns it), or changing one it owns (a new version when in use).
import { z } from 'zod';
import { idParams, intSchema, optionalTextSchema, quantitySchema, textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

export const goodsInputSchema = z.object({
  name: textSchema(60, '商品名称'),
  specification: optionalTextSchema(100, '规格型号'),
  unit: textSchema(10, '计量单位'),
  /** Decimals the unit is counted in: 3 for tonnes, 0 for pieces. */
  scale: intSchema('数量小数位', 0, 3),
  category: textSchema(30, '商品类别'),
  standardWeight: z
    .union([z.literal(''), z.null(), quantitySchema('标准重量', 3)])
    .optional()
    .transform((v) => (v === '' || v === null ? undefined : v)),
});
export type GoodsInput = z.input<typeof goodsInputSchema>;

/** A goods item saved: changed in place, or a new version when stock names the old one (issue 21). */
export const goodsSavedSchema = z.object({
  id: z.number(),
  version: z.number().optional(),
  newVersion: z.boolean().optional(),
  /** The version replaced (disabled), when a new one was made. */
  previousId: z.number().optional(),
});

export default {
  createGoods: endpoint({
    method: 'POST',
    path: '/api/warehouse/goods',
    tag,
    access: 'warehouse',
    summary: '新增商品（归本仓储公司）',
    body: goodsInputSchema,
    answer: goodsSavedSchema,
  }),
  updateGoods: endpoint({
    method: 'POST',
    path: '/api/warehouse/goods/:id',
    tag,
    access: 'warehouse',
    summary: '修改本公司的商品（已使用的商品生成新版本）',
    params: idParams,
    body: goodsInputSchema,
    answer: goodsSavedSchema,
  }),
};
