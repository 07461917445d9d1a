// Finding a certified enterprise on the portal by name (a counterparty).
import { z } from 'zod';
import { textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

export const counterpartyQuerySchema = z.object({ name: textSchema(60, '企业名称', { min: 2 }) });

export const counterpartySchema = z.object({ id: z.number().int(), name: z.string() });

export default {
  counterparties: endpoint({
    method: 'GET',
    path: '/api/purchase-sales/counterparties',
    tag,
    access: 'merchant',
    summary: '按名称查找平台上的认证企业（交易对手）',
    query: counterpartyQuerySchema,
    answer: z.array(counterpartySchema),
  }),
};
