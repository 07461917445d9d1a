// An order loan's drawdowns.
import { z } from 'zod';
import { idSchema, pageOf, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { timestampSchema } from '../time.ts';
import { cents, day, nullable, rowId, tag, trancheStatus } from './shared.ts';

export const drawdownListQuery = pageQuerySchema.extend({ financingId: idSchema('融资').optional() });
export type DrawdownListQuery = z.output<typeof drawdownListQuery>;

export const drawdownSchema = z.object({
  id: rowId,
  financingId: rowId,
  financingNo: z.string(),
  seq: z.number().int(),
  amount: cents,
  termDays: z.number().int(),
  interest: cents,
  serviceFee: cents,
  netAmount: cents,
  status: trancheStatus,
  startDate: nullable(day),
  dueDate: nullable(day),
  outstanding: cents,
  overdue: z.boolean(),
  createdAt: timestampSchema,
});
export const drawdownPageSchema = pageOf(drawdownSchema);

export default {
  drawdowns: endpoint({
    method: 'GET',
    path: '/api/supplyloan/drawdowns',
    tag,
    access: 'merchant',
    summary: '订单融资提款记录',
    query: drawdownListQuery,
    answer: drawdownPageSchema,
  }),
};
