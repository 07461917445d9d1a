// The supervised warehouses with their locations: every one (the goods-pledge guide), and the caller's company's own.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

export const locationSchema = z.object({ id: z.number(), warehouseId: z.number(), code: z.string(), name: z.string().nullable() });

export const warehouseSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  region: z.string(),
  companyId: z.number(),
  companyName: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  acceptedCategories: z.string(),
  storageGuide: z.string().nullable(),
  locations: z.array(locationSchema),
});
export type Warehouse = z.infer<typeof warehouseSchema>;

export default {
  guide: endpoint({
    method: 'GET',
    path: '/api/warehouse/guide',
    tag,
    access: 'user',
    summary: '监管仓库（货押指引）',
    answer: z.array(warehouseSchema),
  }),
  ownWarehouses: endpoint({
    method: 'GET',
    path: '/api/warehouse/warehouses/own',
    tag,
    access: 'warehouse',
    summary: '本仓储公司的仓库与库位',
    answer: z.array(warehouseSchema),
  }),
};
