// Adding a warehouse of the caller's company.
import { z } from 'zod';
import { optionalTextSchema, textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag, warehouseCreatedSchema } from './shared.ts';

export const warehouseInputSchema = z.object({
  name: textSchema(60, '仓库名称'),
  address: textSchema(200, '仓库地址'),
  region: textSchema(30, '所在地区'),
  contactName: textSchema(20, '联系人'),
  contactPhone: textSchema(20, '联系电话'),
  acceptedCategories: textSchema(200, '可存放商品类别'),
  storageGuide: optionalTextSchema(2000, '存货须知', { multiline: true }),
});

export default {
  createWarehouse: endpoint({
    method: 'POST',
    path: '/api/warehouse/warehouses',
    tag,
    access: 'warehouse',
    summary: '新增仓库',
    body: warehouseInputSchema,
    answer: warehouseCreatedSchema,
  }),
};
