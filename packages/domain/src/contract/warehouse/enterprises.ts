// The certified enterprises a warehouse company picks a depositor from.
import { z } from 'zod';
import { optionalTextSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

export const enterpriseQuerySchema = z.object({ keyword: optionalTextSchema(60, '关键字') });

export const enterpriseOptionSchema = z.array(z.object({ id: z.number(), name: z.string(), uscc: z.string().nullable() }));

export default {
  enterprises: endpoint({
    method: 'GET',
    path: '/api/warehouse/enterprises',
    tag,
    access: 'warehouse',
    summary: '已认证企业（仓储公司选择存货人）',
    query: enterpriseQuerySchema,
    answer: enterpriseOptionSchema,
  }),
};
