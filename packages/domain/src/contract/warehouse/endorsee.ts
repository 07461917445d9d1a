// The enterprise a receipt is endorsed to, named by its credit code.
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { tag, usccSchema } from './shared.ts';

/** The endorsee named by its credit code (checked on blur in the endorsement dialog). */
export const endorseeQuerySchema = z.object({ uscc: usccSchema('统一社会信用代码') });
export const endorseeSchema = z.object({ name: z.string(), uscc: z.string() });

export default {
  endorsee: endpoint({
    method: 'GET',
    path: '/api/warehouse/endorsees',
    tag,
    access: 'merchant',
    summary: '按统一社会信用代码确认被背书企业（名称与代码）',
    query: endorseeQuerySchema,
    answer: endorseeSchema,
  }),
};
