// Goods-pledge financing, contracts and bank-transfer vouchers (issue 14, PRODUCT §8 and §10): the
// pledge contract and margin agreement of a financing, and the margin, margin-call top-up and
// repayment paid by an offline transfer that an operator confirms in /bpm/tasks.
import { z } from 'zod';
import { CONTRACT_STATUSES } from '../status/contract.ts';
import { PLEDGE_VOUCHER_KINDS, PLEDGE_VOUCHER_STATUSES, type PledgeVoucherKind } from '../status/pledge.ts';
import { centsSchema, idempotencyKeyField, idParams, idSchema, textSchema } from './common.ts';
import { endpoint } from './endpoint.ts';

const cents = z.number().int();

/** One contract of a pledge financing, as its pages show it (the full record is in /user/contractList). */
export const pledgeContractSchema = z.object({
  id: z.number().int(),
  contractNo: z.string(),
  type: z.string(),
  typeLabel: z.string(),
  title: z.string(),
  counterparty: z.string(),
  amount: cents,
  status: z.enum(CONTRACT_STATUSES),
  statusLabel: z.string(),
  signedByName: z.string().nullable(),
  signedAt: z.string().nullable(),
});
export const pledgeContractsSchema = z.object({
  /** Every contract that is not void is signed (and there is at least one): the approval may proceed. */
  allSigned: z.boolean(),
  contracts: z.array(pledgeContractSchema),
});

/** An offline transfer's voucher. The margin and a top-up are paid in full (the amount is the one due); a repayment names its amount. */
export const pledgeVoucherBody = z.object({
  kind: z.enum(PLEDGE_VOUCHER_KINDS as unknown as [PledgeVoucherKind, ...PledgeVoucherKind[]], { error: '凭证类型不正确' }),
  amount: centsSchema('转账金额').optional(),
  voucherUploadId: idSchema('转账凭证'),
  payerAccountName: textSchema(100, '付款账户名称'),
  payerAccountNo: textSchema(32, '付款账号').regex(/^\d{6,32}$/, '付款账号应为6–32位数字'),
  ...idempotencyKeyField,
});
export type PledgeVoucherInput = z.output<typeof pledgeVoucherBody>;

export const pledgeVoucherSchema = z.object({
  id: z.number().int(),
  voucherNo: z.string(),
  financingId: z.number().int(),
  financingNo: z.string(),
  kind: z.enum(PLEDGE_VOUCHER_KINDS as unknown as [PledgeVoucherKind, ...PledgeVoucherKind[]]),
  kindLabel: z.string(),
  amount: cents,
  status: z.enum(PLEDGE_VOUCHER_STATUSES as unknown as [string, ...string[]]),
  statusLabel: z.string(),
  payerAccountName: z.string(),
  payerAccountNo: z.string(),
  reviewNote: z.string().nullable(),
  refNo: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});

/** What a payment page of a financing needs: where to transfer, what is due now, the vouchers so far. */
export const pledgePaymentInfoSchema = z.object({
  financingId: z.number().int(),
  financingNo: z.string(),
  status: z.string(),
  receivingAccount: z.object({ accountName: z.string(), bankBranchName: z.string(), accountNo: z.string() }),
  /** The margin due before approval (MARGIN_PENDING), else null. */
  margin: cents.nullable(),
  /** The open (or defaulted) margin call to top up, else null. */
  marginCall: z.object({ id: z.number().int(), amount: cents, deadline: z.string() }).nullable(),
  /** What a repayment may pay now (DISBURSED or REPAYING), else null. */
  owed: z.object({ total: cents, principal: cents, interest: cents, penalty: cents, interestRefund: cents }).nullable(),
  vouchers: z.array(pledgeVoucherSchema),
});

// ---------------------------------------------------------------------------------------------
// The operations (issue 23): defined once, served by modules/pledge/routes/payment-routes.ts, called by
// features/pledge/payment-api.ts.
// ---------------------------------------------------------------------------------------------
const tag = 'pledge';

export const pledgePaymentApi = {
  contracts: endpoint({
    method: 'GET',
    path: '/api/pledge/financings/:id/contracts',
    tag,
    access: 'merchant',
    summary: '质押合同与保证金协议（签署状态）',
    params: idParams,
    answer: pledgeContractsSchema,
  }),
  paymentInfo: endpoint({
    method: 'GET',
    path: '/api/pledge/financings/:id/payment',
    tag,
    access: 'merchant',
    summary: '缴款信息（收款账户、应缴保证金、补缴通知、应还金额、转账凭证）',
    params: idParams,
    answer: pledgePaymentInfoSchema,
  }),
  submitVoucher: endpoint({
    method: 'POST',
    path: '/api/pledge/financings/:id/vouchers',
    tag,
    access: 'merchant',
    summary: '提交线下转账凭证（保证金、补缴保证金、还款；运营确认到账后入账；幂等键）',
    params: idParams,
    body: pledgeVoucherBody,
    answer: pledgeVoucherSchema,
  }),
  voucher: endpoint({
    method: 'GET',
    path: '/api/pledge/vouchers/:id',
    tag,
    access: 'merchant',
    summary: '转账凭证（提交结果）',
    params: idParams,
    answer: pledgeVoucherSchema,
  }),
};
