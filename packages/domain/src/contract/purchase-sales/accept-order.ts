// The counterparty confirming an order sent to it.
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { orderStatusAnswerSchema, tag } from './shared.ts';

export default {
  accept: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/accept',
    tag,
    access: 'merchant',
    summary: '交易对手确认订单',
    params: idParams,
    answer: orderStatusAnswerSchema,
  }),
};
