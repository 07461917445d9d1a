// Operators: which users have purchase and sales management.
import { z } from 'zod';
import { optionalTextSchema, pageOf, pageQuerySchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

export const featureUserQuerySchema = pageQuerySchema.extend({ keyword: optionalTextSchema(60, '关键字') });

export const featureUserSchema = z.object({
  id: z.number().int(),
  loginName: z.string(),
  displayName: z.string(),
  enterpriseName: z.string().nullable(),
  enabled: z.boolean(),
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
});

export default {
  featureUsers: endpoint({
    method: 'GET',
    path: '/api/bpm/purchase-sales/users',
    tag,
    access: 'operator',
    summary: '购销管理开通情况（运营）',
    query: featureUserQuerySchema,
    answer: pageOf(featureUserSchema),
  }),
};
