// Cancelling an order (before any delivery, receipt or payment).
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { orderStatusAnswerSchema, reasonInputSchema, tag } from './shared.ts';

export default {
  cancel: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/cancel',
    tag,
    access: 'merchant',
    summary: '取消订单（发货/收货和付款之前）',
    params: idParams,
    body: reasonInputSchema,
    answer: orderStatusAnswerSchema,
  }),
};
