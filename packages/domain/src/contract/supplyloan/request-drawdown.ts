// Drawing down an order loan.
import { z } from 'zod';
import { centsSchema, idempotencyKeyField, idParams, intSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { cents, day, rowId, tag } from './shared.ts';

export const drawdownBody = z.object({
  amount: centsSchema('提款金额'),
  termDays: intSchema('提款期限', 1, 3650),
  ...idempotencyKeyField,
});
export type DrawdownInput = z.output<typeof drawdownBody>;
export const drawdownResultSchema = z.object({
  trancheId: rowId,
  seq: z.number().int(),
  interest: cents,
  serviceFee: cents,
  netAmount: cents,
  plannedDueDate: day,
});

export default {
  requestDrawdown: endpoint({
    method: 'POST',
    path: '/api/supplyloan/financings/:id/drawdowns',
    tag,
    access: 'merchant',
    summary: '订单融资提款（幂等键）',
    params: idParams,
    body: drawdownBody,
    answer: drawdownResultSchema,
  }),
};
