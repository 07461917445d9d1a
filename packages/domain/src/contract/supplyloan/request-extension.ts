// Asking for an extension of a tranche's due date.
import { z } from 'zod';
import { idempotencyKeyField, idParams, idSchema, isoDateSchema, textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { cents, day, ppm, rowId, tag } from './shared.ts';

export const extensionBody = z.object({
  trancheId: idSchema('放款记录').optional(),
  newDueDate: isoDateSchema('新到期日'),
  reason: textSchema(300, '展期原因', { min: 2, multiline: true }),
  ...idempotencyKeyField,
});
export type ExtensionInput = z.output<typeof extensionBody>;
export const extensionResultSchema = z.object({
  extensionId: rowId,
  extraDays: z.number().int(),
  extraInterest: cents,
  /** Value date → new due date, and the rate the extended tranche carries (the bracket of that term, never below the agreed rate). */
  totalDays: z.number().int(),
  annualRatePpm: ppm,
  repriced: z.boolean(),
  oldDueDate: day,
  newDueDate: day,
});

export default {
  requestExtension: endpoint({
    method: 'POST',
    path: '/api/supplyloan/financings/:id/extension',
    tag,
    access: 'merchant',
    summary: '申请展期（幂等键）',
    params: idParams,
    body: extensionBody,
    answer: extensionResultSchema,
  }),
};
