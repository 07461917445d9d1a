// Repaying by an offline transfer: the voucher, for an operator to confirm.
import { z } from 'zod';
import { idempotencyKeyField, idParams, idSchema, textSchema } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { repaymentAmount, rowId, tag } from './shared.ts';

/** An offline transfer to the factor's receiving account, with its voucher, for the operator to confirm. */
export const voucherBody = z.object({
  amount: repaymentAmount,
  voucherUploadId: idSchema('转账凭证'),
  payerAccountName: textSchema(100, '付款账户名称'),
  payerAccountNo: textSchema(32, '付款账号').regex(/^\d{6,32}$/, '付款账号应为6–32位数字'),
  ...idempotencyKeyField,
});
export type VoucherInput = z.output<typeof voucherBody>;
export const voucherResultSchema = z.object({ repaymentId: rowId, status: z.literal('PENDING') });

export default {
  submitVoucher: endpoint({
    method: 'POST',
    path: '/api/supplyloan/financings/:id/voucher',
    tag,
    access: 'merchant',
    summary: '提交线下还款凭证（运营确认；幂等键）',
    params: idParams,
    body: voucherBody,
    answer: voucherResultSchema,
  }),
};
