// The operators' check of the stock books.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

/** The stock books checked against each other (the same as `npm run stock:check`). */
export const stockCheckSchema = z.object({
  positions: z.number(),
  movements: z.number(),
  receipts: z.number(),
  problems: z.array(z.string()),
});

export default {
  stockCheck: endpoint({
    method: 'GET',
    path: '/api/bpm/warehouse/stock-check',
    tag,
    access: 'operator',
    summary: '库存账核对（与 npm run stock:check 相同）',
    answer: stockCheckSchema,
  }),
};
