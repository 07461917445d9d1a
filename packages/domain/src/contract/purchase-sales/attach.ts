// Adding attachments to an order.
import { z } from 'zod';
import { doneSchema, idParams, idSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

export const orderAttachmentsInputSchema = z.object({ uploadIds: z.array(idSchema('附件')).min(1, '请上传附件').max(10) });

export default {
  attach: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/attachments',
    tag,
    access: 'merchant',
    summary: '添加订单附件',
    params: idParams,
    body: orderAttachmentsInputSchema,
    answer: doneSchema,
  }),
};
