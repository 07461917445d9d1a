// How many orders other enterprises sent wait for the caller's enterprise to confirm (the dashboard's to-do).
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

export default {
  toConfirm: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/to-confirm',
    tag,
    access: 'merchant',
    summary: '待本企业确认的订单数（交易对手发来的订单，不论本用户是否开通购销管理；首页待办）',
    answer: z.object({ count: z.number().int() }),
  }),
};
