// Closing an order paid in full.
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { orderStatusAnswerSchema, tag } from './shared.ts';

export default {
  close: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/close',
    tag,
    access: 'merchant',
    summary: '关闭已付清的订单',
    params: idParams,
    answer: orderStatusAnswerSchema,
  }),
};
