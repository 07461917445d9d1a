// Operators: switching a user's purchase and sales management on or off, with the reason.
import { z } from 'zod';
import { idParams, textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { tag } from './shared.ts';

export const featureSwitchInputSchema = z.object({
  enabled: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: '请选择开启或关闭' }),
  reason: textSchema(200, '原因', { multiline: true }),
});

export const featureSwitchedSchema = z.object({ id: z.number().int(), loginName: z.string(), enabled: z.boolean(), changedAt: z.string() });

export default {
  switchFeature: endpoint({
    method: 'POST',
    path: '/api/bpm/purchase-sales/users/:id/feature',
    tag,
    access: 'operator',
    summary: '开通或关闭用户的购销管理（运营，留痕）',
    params: idParams,
    body: featureSwitchInputSchema,
    answer: featureSwitchedSchema,
  }),
};
