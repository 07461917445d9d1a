// The counterparty sending an order back.
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { orderStatusAnswerSchema, reasonInputSchema, tag } from './shared.ts';

export default {
  return: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/return',
    tag,
    access: 'merchant',
    summary: '交易对手退回订单',
    params: idParams,
    body: reasonInputSchema,
    answer: orderStatusAnswerSchema,
  }),
};
