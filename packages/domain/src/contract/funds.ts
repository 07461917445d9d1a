// The fund account's API contract (PRODUCT §5): balances, fund flows, withdrawal, internal transfer,
// payee whitelist, consignment, controlled funds, and the operators' deposit and ledger check.
import { z } from 'zod';
import { FLOW_BUCKETS } from '../ledger.ts';
import { CONSIGNMENT_STATUSES, PAYEE_STATUSES, WITHDRAWAL_STATUSES } from '../status/funds.ts';
import {
  centsSchema,
  idempotencyKeyField,
  idParams,
  idSchema,
  intSchema,
  isoDateSchema,
  moneyConfirmationFields,
  optionalTextSchema,
  pageOf,
  pageQuerySchema,
  textSchema,
} from './common.ts';
import { endpoint } from './endpoint.ts';

const cents = z.number().int();
const instant = z.string().meta({ description: 'ISO 8601 时间（UTC）' });
const relation = z.enum(['UPSTREAM', 'DOWNSTREAM']);
/** A filter date; an empty string (a cleared form field) means no filter. */
const filterDate = (label: string) => z.union([z.literal(''), isoDateSchema(label)]).optional();

// Requests ------------------------------------------------------------------------------------------

export const flowFiltersQuery = z.object({
  /** One flow type or several separated by commas. */
  type: optionalTextSchema(400, '流水类型'),
  direction: z.enum(['IN', 'OUT', '']).optional(),
  startDate: filterDate('开始日期'),
  endDate: filterDate('结束日期'),
});
export type FlowFilters = z.output<typeof flowFiltersQuery>;
export const flowListQuery = pageQuerySchema.extend(flowFiltersQuery.shape);
export const monthlyFlowsQuery = z.object({ months: intSchema('月数', 1, 36).default(12) });
export const counterpartyFlowsQuery = flowFiltersQuery
  .pick({ startDate: true, endDate: true })
  .extend({ relation: z.enum(['UPSTREAM', 'DOWNSTREAM', '']).optional() });
export const entryResultQuery = z.object({ refNo: textSchema(40, '流水号') });

export const withdrawBody = z.object({ amount: centsSchema('提现金额'), ...moneyConfirmationFields });
export const withdrawalListQuery = pageQuerySchema.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional() });

export const transferBody = z.object({
  payeeAccountNo: textSchema(40, '收款账号'),
  payeeName: textSchema(100, '收款户名'),
  amount: centsSchema('转账金额'),
  memo: optionalTextSchema(100, '附言'),
  ...moneyConfirmationFields,
});

export const payeeInput = z.object({
  name: textSchema(100, '收款方名称', { min: 2 }),
  bankName: textSchema(100, '开户银行及支行', { min: 2 }),
  accountNo: textSchema(40, '收款账号')
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{8,32}$/, '收款账号应为 8–32 位数字')),
  relation: relation.default('UPSTREAM'),
});
export type PayeeInput = z.output<typeof payeeInput>;
/** Opening a payee creates it (and its review): under an idempotency key. */
export const payeeOpenBody = payeeInput.extend(idempotencyKeyField);
export const payeeListQuery = pageQuerySchema.extend({
  status: z.enum(PAYEE_STATUSES).optional(),
  name: optionalTextSchema(50, '收款方名称'),
});

export const consignmentListQuery = pageQuerySchema.extend({ status: z.enum(CONSIGNMENT_STATUSES).optional() });
export const consignmentBody = z.object({
  payeeId: idSchema('收款方'),
  contractNo: textSchema(60, '采购合同编号'),
  amountLimit: centsSchema('代付额度'),
  remark: optionalTextSchema(200, '备注', { multiline: true }),
  ...idempotencyKeyField,
});
export const passedConsignmentsBody = pageQuerySchema.partial().optional();

export const targetedPaymentBody = z.object({
  payeeId: idSchema('收款方'),
  trancheId: idSchema('受控批次').optional(),
  amount: centsSchema('支付金额'),
  purpose: optionalTextSchema(100, '用途'),
  ...moneyConfirmationFields,
});

export const virtualAccountQuery = z.object({ accountNo: textSchema(40, '虚拟账号') });
export const depositBody = z.object({
  accountNo: textSchema(40, '虚拟账号'),
  amount: centsSchema('入金金额'),
  payerName: optionalTextSchema(100, '付款人户名'),
  payerAccountNo: optionalTextSchema(40, '付款人账号'),
  memo: optionalTextSchema(200, '备注', { multiline: true }),
  idempotencyKey: moneyConfirmationFields.idempotencyKey,
});

// Answers -------------------------------------------------------------------------------------------

export const accountBalanceSchema = z.object({
  accountNo: z.string(),
  accountName: z.string(),
  bank: z.string(),
  balance: cents,
  /** Pending withdrawals and pledge margins: the enterprise's money, not free to use. */
  frozen: cents,
  available: cents,
  controlled: cents,
  /** The pledge margins within `frozen` (保证金, returned at settlement). */
  margin: cents.meta({ description: '冻结金额中的质押保证金（分），已含在 frozen 内' }),
  fees: z.object({ withdraw: cents, inTransfer: cents }),
});

export const fundFlowSchema = z.object({
  id: z.number().int(),
  entryId: z.number().int(),
  refNo: z.string(),
  createdAt: instant,
  flowType: z.string(),
  typeLabel: z.string(),
  direction: z.enum(['IN', 'OUT']),
  amount: cents,
  bucket: z.enum(FLOW_BUCKETS),
  counterpartyName: z.string().nullable(),
  counterpartyAccount: z.string().nullable(),
  memo: z.string().nullable(),
});
export const fundFlowPageSchema = pageOf(fundFlowSchema);
export const fundFlowExportSchema = z.object({ items: z.array(fundFlowSchema), truncated: z.boolean() });
export const monthlyFlowsSchema = z.array(z.object({ month: z.string(), inflow: cents, outflow: cents }));
export const counterpartyFlowsSchema = z.object({
  items: z.array(
    z.object({
      counterpartyName: z.string(),
      counterpartyAccount: z.string().nullable(),
      relation,
      inflow: cents,
      outflow: cents,
      count: z.number().int(),
      lastAt: instant,
    }),
  ),
  totals: z.object({ inflow: cents, outflow: cents, count: z.number().int() }),
});
export const entryResultSchema = z.object({
  refNo: z.string(),
  kind: z.string(),
  flowType: z.string(),
  typeLabel: z.string(),
  direction: z.enum(['IN', 'OUT']),
  amount: cents,
  fee: cents,
  counterpartyName: z.string().nullable(),
  counterpartyAccount: z.string().nullable(),
  createdAt: instant,
});

export const withdrawalInfoSchema = z.object({
  available: cents,
  fee: cents,
  maxAmount: cents,
  settlementAccount: z.object({ accountName: z.string(), accountNo: z.string(), bankName: z.string(), branchName: z.string() }).nullable(),
});
export const withdrawalResultSchema = z.object({
  kind: z.literal('WITHDRAWAL'),
  refNo: z.string(),
  withdrawalId: z.number().int(),
  amount: cents,
  fee: cents,
  total: cents,
  status: z.literal('PENDING'),
  bankName: z.string(),
  bankAccountNo: z.string(),
  bankAccountName: z.string(),
  createdAt: instant,
});
export const withdrawalSchema = z.object({
  id: z.number().int(),
  amount: cents,
  fee: cents,
  status: z.enum(WITHDRAWAL_STATUSES),
  statusLabel: z.string(),
  bankName: z.string(),
  bankAccountNo: z.string(),
  bankAccountName: z.string(),
  reason: z.string().nullable(),
  refNo: z.string(),
  createdAt: instant,
  decidedAt: instant.nullable(),
});
export const withdrawalPageSchema = pageOf(withdrawalSchema);

export const transferResultSchema = z.object({
  kind: z.literal('TRANSFER'),
  refNo: z.string(),
  amount: cents,
  fee: cents,
  total: cents,
  payeeName: z.string(),
  payeeAccountNo: z.string(),
  createdAt: instant,
});

export const payeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bankName: z.string(),
  accountNo: z.string(),
  relation,
  status: z.enum(PAYEE_STATUSES),
  statusLabel: z.string(),
  pendingChange: z.object({ name: z.string(), bankName: z.string(), accountNo: z.string(), relation }).nullable(),
  reviewNote: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
  reviewedAt: instant.nullable(),
});
export type Payee = z.infer<typeof payeeSchema>;
export const payeePageSchema = pageOf(payeeSchema);

export const consignmentSchema = z.object({
  id: z.number().int(),
  payeeId: z.number().int(),
  payeeName: z.string(),
  payeeAccountNo: z.string(),
  payeeBankName: z.string(),
  contractNo: z.string(),
  amountLimit: cents,
  remark: z.string().nullable(),
  status: z.enum(CONSIGNMENT_STATUSES),
  statusLabel: z.string(),
  reviewNote: z.string().nullable(),
  createdAt: instant,
  reviewedAt: instant.nullable(),
});
export const consignmentPageSchema = pageOf(consignmentSchema);
export const consignmentAppliedSchema = z.object({ id: z.number().int(), status: z.enum(CONSIGNMENT_STATUSES) });

const trancheShare = z.object({ trancheId: z.number().int(), sourceRef: z.string(), amount: cents });
export const controlledFundsSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      sourceRef: z.string(),
      amount: cents,
      /** Paid out by targeted payments. */
      paid: cents,
      /** Repaid the loan it came from (issue 24). */
      repaid: cents,
      /** Released to free funds when that loan was settled (issue 24). */
      released: cents,
      remaining: cents,
      refNo: z.string(),
      createdAt: instant,
      payments: z.array(
        z.object({
          id: z.number().int(),
          amount: cents,
          payeeName: z.string(),
          payeeAccountNo: z.string(),
          purpose: z.string().nullable(),
          refNo: z.string(),
          createdAt: instant,
        }),
      ),
    }),
  ),
  totals: z.object({ amount: cents, paid: cents, repaid: cents, released: cents, remaining: cents }),
});
export const loanFundsQuery = z.object({ loanRef: textSchema(40, '融资编号') });
/** What may repay one loan: the free funds, and what is left of the controlled funds that loan disbursed. */
export const loanFundsSchema = z.object({ loanRef: z.string(), available: cents, controlled: cents });
export const targetedPaymentResultSchema = z.object({
  kind: z.literal('TARGETED_PAYMENT'),
  refNo: z.string(),
  amount: cents,
  fee: cents,
  total: cents,
  payeeName: z.string(),
  payeeAccountNo: z.string(),
  tranches: z.array(trancheShare),
  createdAt: instant,
});

export const virtualAccountSchema = z.object({ enterpriseId: z.number().int(), accountNo: z.string(), accountName: z.string() });
/**
 * A recorded deposit is not money yet: it waits in the inbox (FUNDS_DEPOSIT 入金复核) until a second
 * operator approves it, which credits the account (four eyes, issue 21).
 */
export const depositSubmittedSchema = z.object({
  kind: z.literal('DEPOSIT'),
  status: z.literal('PENDING_REVIEW'),
  taskId: z.number().int(),
  accountNo: z.string(),
  enterpriseName: z.string(),
  amount: cents,
  submittedAt: instant,
});
export const ledgerReportSchema = z.object({
  entries: z.number().int(),
  lines: z.number().int(),
  accounts: z.number().int(),
  turnover: cents,
  problems: z.array(z.string()),
});

// Operations ----------------------------------------------------------------------------------------

const tag = 'funds';

/**
 * The fund account's operations. An enterprise's calls run in its certified scope; the money
 * movements are confirmed with the login password and run once per idempotency key. The operators'
 * three (virtual account lookup, deposit, ledger check) sit under `/api/bpm/funds`.
 */
export const fundsApi = {
  balance: endpoint({
    method: 'GET',
    path: '/api/account/v2/queryAccountBalance',
    tag,
    access: 'merchant',
    summary: '虚拟账户余额',
    answer: accountBalanceSchema,
  }),
  flows: endpoint({
    method: 'GET',
    path: '/api/funds/flows',
    tag,
    access: 'merchant',
    summary: '资金流水（分页）',
    query: flowListQuery,
    answer: fundFlowPageSchema,
  }),
  monthlyFlows: endpoint({
    method: 'GET',
    path: '/api/funds/flows/monthly',
    tag,
    access: 'merchant',
    summary: '按月收支',
    query: monthlyFlowsQuery,
    answer: monthlyFlowsSchema,
  }),
  exportFlows: endpoint({
    method: 'GET',
    path: '/api/funds/flows/export',
    tag,
    access: 'merchant',
    summary: '导出资金流水（Excel 由浏览器生成）',
    query: flowFiltersQuery,
    answer: fundFlowExportSchema,
  }),
  counterparties: endpoint({
    method: 'GET',
    path: '/api/funds/flows/counterparties',
    tag,
    access: 'merchant',
    summary: '上下游资金往来（按交易对手汇总）',
    query: counterpartyFlowsQuery,
    answer: counterpartyFlowsSchema,
  }),
  result: endpoint({
    method: 'GET',
    path: '/api/funds/result',
    tag,
    access: 'merchant',
    summary: '一笔资金变动的结果',
    query: entryResultQuery,
    answer: entryResultSchema,
  }),
  withdrawalInfo: endpoint({
    method: 'GET',
    path: '/api/funds/withdrawal/info',
    tag,
    access: 'merchant',
    summary: '提现页信息：可用余额、手续费、结算账户',
    answer: withdrawalInfoSchema,
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/api/funds/withdraw',
    tag,
    access: 'merchant',
    summary: '提现（需登录密码确认，幂等）',
    body: withdrawBody,
    answer: withdrawalResultSchema,
  }),
  withdrawals: endpoint({
    method: 'GET',
    path: '/api/funds/withdrawals',
    tag,
    access: 'merchant',
    summary: '提现记录',
    query: withdrawalListQuery,
    answer: withdrawalPageSchema,
  }),
  transfer: endpoint({
    method: 'POST',
    path: '/api/funds/transfer',
    tag,
    access: 'merchant',
    summary: '平台内转账（收款账号与户名须一致，需登录密码确认，幂等）',
    body: transferBody,
    answer: transferResultSchema,
  }),
  payees: endpoint({
    method: 'GET',
    path: '/api/funds/payees',
    tag,
    access: 'merchant',
    summary: '定向支付收款方白名单',
    query: payeeListQuery,
    answer: payeePageSchema,
  }),
  payee: endpoint({
    method: 'GET',
    path: '/api/funds/payees/:id',
    tag,
    access: 'merchant',
    summary: '收款方详情（账号完整显示，仅本企业）',
    params: idParams,
    answer: payeeSchema,
  }),
  openPayee: endpoint({
    method: 'POST',
    path: '/api/funds/payees',
    tag,
    access: 'merchant',
    summary: '开通定向支付：新增收款方（待审核；幂等键）',
    body: payeeOpenBody,
    answer: payeeSchema,
  }),
  changePayee: endpoint({
    method: 'POST',
    path: '/api/funds/payees/:id/change',
    tag,
    access: 'merchant',
    summary: '变更收款方（待审核）',
    params: idParams,
    body: payeeInput,
    answer: payeeSchema,
  }),
  disablePayee: endpoint({
    method: 'POST',
    path: '/api/funds/payees/:id/disable',
    tag,
    access: 'merchant',
    summary: '停用收款方',
    params: idParams,
    answer: payeeSchema,
  }),
  consignments: endpoint({
    method: 'GET',
    path: '/api/funds/consignments',
    tag,
    access: 'merchant',
    summary: '代付申请',
    query: consignmentListQuery,
    answer: consignmentPageSchema,
  }),
  applyConsignment: endpoint({
    method: 'POST',
    path: '/api/funds/consignments',
    tag,
    access: 'merchant',
    summary: '申请代付服务（待审核；幂等键）',
    body: consignmentBody,
    answer: consignmentAppliedSchema,
  }),
  // SPEC §7 keeps this read a POST, its paging sent as a form.
  passedConsignments: endpoint({
    method: 'POST',
    path: '/api/payforanother/getPassedApplcation',
    tag,
    access: 'merchant',
    summary: '已通过的代付申请（SPEC §7）',
    body: passedConsignmentsBody,
    bodyType: 'form',
    answer: consignmentPageSchema,
  }),
  controlled: endpoint({
    method: 'GET',
    path: '/api/funds/controlled',
    tag,
    access: 'merchant',
    summary: '受控资金批次及其支付',
    answer: controlledFundsSchema,
  }),
  loanFunds: endpoint({
    method: 'GET',
    path: '/api/funds/loan-funds',
    tag,
    access: 'merchant',
    summary: '一笔融资可用于还款的资金：可用资金与该笔融资的受控资金',
    query: loanFundsQuery,
    answer: loanFundsSchema,
  }),
  targetedPayment: endpoint({
    method: 'POST',
    path: '/api/funds/targeted-payment',
    tag,
    access: 'merchant',
    summary: '定向支付（受控资金付给白名单收款方，需登录密码确认，幂等）',
    body: targetedPaymentBody,
    answer: targetedPaymentResultSchema,
  }),
  virtualAccount: endpoint({
    method: 'GET',
    path: '/api/bpm/funds/virtual-account',
    tag,
    access: 'operator',
    summary: '按虚拟账号查企业（运营）',
    query: virtualAccountQuery,
    answer: virtualAccountSchema,
  }),
  deposit: endpoint({
    method: 'POST',
    path: '/api/bpm/funds/deposit',
    tag,
    access: 'operator',
    summary: '登记入金：银行到账待另一位操作员复核（入金复核任务，通过后记入虚拟账户；运营，幂等）',
    body: depositBody,
    answer: depositSubmittedSchema,
  }),
  ledgerCheck: endpoint({
    method: 'GET',
    path: '/api/bpm/funds/ledger-check',
    tag,
    access: 'operator',
    summary: '账簿核对（运营）',
    answer: ledgerReportSchema,
  }),
};
