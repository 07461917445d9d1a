// A position's release orders waiting to be executed by a stock-out, each with its receiver.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { releaseOrderListQuery, warehouseReleaseOrderSchema } from '../pledge-delivery.ts';
import { tag } from './shared.ts';

export default {
  releaseOrders: endpoint({
    method: 'GET',
    path: '/api/warehouse/release-orders',
    tag,
    access: 'warehouse',
    summary: '库存的待出库放货单（含收货方）',
    query: releaseOrderListQuery,
    answer: z.array(warehouseReleaseOrderSchema),
  }),
};
