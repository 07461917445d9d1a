// Operators: the record of those switches.
import { z } from 'zod';
import { idSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

export const featureLogQuerySchema = z.object({ userId: idSchema('用户').optional() });

export const featureLogSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  loginName: z.string(),
  enabled: z.boolean(),
  reason: z.string(),
  operatorName: z.string(),
  createdAt: z.string(),
});

export default {
  featureLog: endpoint({
    method: 'GET',
    path: '/api/bpm/purchase-sales/feature-log',
    tag,
    access: 'operator',
    summary: '购销管理开关记录（运营）',
    query: featureLogQuerySchema,
    answer: z.array(featureLogSchema),
  }),
};
