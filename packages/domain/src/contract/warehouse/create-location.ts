// Adding a location to a warehouse.
import { z } from 'zod';
import { idSchema, optionalTextSchema, textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag, warehouseCreatedSchema } from './shared.ts';

export const locationInputSchema = z.object({
  warehouseId: idSchema('仓库'),
  code: textSchema(20, '库位编号'),
  name: optionalTextSchema(60, '库位名称'),
});

export default {
  createLocation: endpoint({
    method: 'POST',
    path: '/api/warehouse/locations',
    tag,
    access: 'warehouse',
    summary: '新增库位',
    body: locationInputSchema,
    answer: warehouseCreatedSchema,
  }),
};
