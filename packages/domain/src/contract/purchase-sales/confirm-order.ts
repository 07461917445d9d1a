// Confirming an order (a counterparty on the portal confirms it in turn).
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { orderStatusAnswerSchema, tag } from './shared.ts';

export default {
  confirm: endpoint({
    method: 'POST',
    path: '/api/purchase-sales/orders/:id/confirm',
    tag,
    access: 'merchant',
    summary: '确认订单（平台内对手须再确认）',
    params: idParams,
    answer: orderStatusAnswerSchema,
  }),
};
