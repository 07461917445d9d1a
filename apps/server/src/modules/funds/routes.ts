import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Cents } from '@factoring/domain';
import {
  accountBalanceSchema,
  answers,
  consignmentAppliedSchema,
  consignmentBody,
  consignmentListQuery,
  consignmentPageSchema,
  controlledFundsSchema,
  counterpartyFlowsQuery,
  counterpartyFlowsSchema,
  depositBody,
  depositSubmittedSchema,
  entryResultQuery,
  entryResultSchema,
  flowFiltersQuery,
  flowListQuery,
  fundFlowExportSchema,
  fundFlowPageSchema,
  idParams,
  ledgerReportSchema,
  monthlyFlowsQuery,
  monthlyFlowsSchema,
  passedConsignmentsBody,
  payeeInput,
  payeeListQuery,
  payeeOpenBody,
  payeePageSchema,
  payeeSchema,
  targetedPaymentBody,
  targetedPaymentResultSchema,
  transferBody,
  transferResultSchema,
  virtualAccountQuery,
  virtualAccountSchema,
  withdrawalInfoSchema,
  withdrawalListQuery,
  withdrawalPageSchema,
  withdrawalResultSchema,
  withdrawBody,
} from '@factoring/domain/contract';
import type { AppContext } from '../../app.ts';
import { BusinessError, ok, page } from '../../lib/envelope.ts';
import { certifiedScope } from '../../lib/scope.ts';
import { readSiteConfig } from '../system/site-config.ts';
import { virtualAccountByNo } from '../ledger/balances.ts';
import { idempotencyKeyOf, idempotencyScopeOf, runIdempotent, runOnce } from '../ledger/idempotency.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { accountBalance, ownVirtualAccount } from './balance.ts';
import { applyConsignment, listConsignments } from './consignment.ts';
import { listTranches, payFromControlled } from './controlled.ts';
import { submitDeposit } from './deposit.ts';
import { entrySummary } from './entry-summary.ts';
import { counterpartyFlows, exportFundFlows, listFundFlows, monthlyFundFlows } from './fund-flows.ts';
import { confirmPassword, submitterOf } from './guards.ts';
import { changePayee, disablePayee, listPayees, openPayee, payeeDetail } from './payees.ts';
import { internalTransfer } from './transfer.ts';
import { boundSettlementAccount, listWithdrawals, requestWithdrawal } from './withdraw.ts';

/**
 * The fund account (issue 5): balances, fund flows, withdrawal, transfer, payees, consignment,
 * controlled funds. Every merchant call runs in the caller's certified scope (PRODUCT §4).
 */
export const fundsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const merchant = { preHandler: app.requireUser('merchant') };
  const operator = { preHandler: app.requireUser('operator') };
  const keyOf = (request: FastifyRequest, body: { idempotencyKey?: string }) =>
    idempotencyKeyOf(request.headers['idempotency-key'], body.idempotencyKey);
  const fees = async () => (await readSiteConfig(db)).fees;
  const tags = ['funds'];

  app.get(
    '/api/account/v2/queryAccountBalance',
    { ...merchant, schema: { tags, summary: '虚拟账户余额', response: answers(accountBalanceSchema) } },
    async (request) => ok(await accountBalance(db, certifiedScope(request))),
  );

  app.get(
    '/api/funds/flows',
    { ...merchant, schema: { tags, summary: '资金流水（分页）', querystring: flowListQuery, response: answers(fundFlowPageSchema) } },
    async (request) => {
      const r = await listFundFlows(db, certifiedScope(request), request.query);
      return page(r.items, r.totalCount);
    },
  );

  app.get(
    '/api/funds/flows/monthly',
    { ...merchant, schema: { tags, summary: '按月收支', querystring: monthlyFlowsQuery, response: answers(monthlyFlowsSchema) } },
    async (request) => ok(await monthlyFundFlows(db, certifiedScope(request), request.query.months)),
  );

  app.get(
    '/api/funds/flows/export',
    {
      ...merchant,
      schema: {
        tags,
        summary: '导出资金流水（Excel 由浏览器生成）',
        querystring: flowFiltersQuery,
        response: answers(fundFlowExportSchema),
      },
    },
    async (request) => ok(await exportFundFlows(db, certifiedScope(request), request.query)),
  );

  app.get(
    '/api/funds/flows/counterparties',
    {
      ...merchant,
      schema: {
        tags,
        summary: '上下游资金往来（按交易对手汇总）',
        querystring: counterpartyFlowsQuery,
        response: answers(counterpartyFlowsSchema),
      },
    },
    async (request) => ok(await counterpartyFlows(db, certifiedScope(request), request.query)),
  );

  app.get(
    '/api/funds/result',
    { ...merchant, schema: { tags, summary: '一笔资金变动的结果', querystring: entryResultQuery, response: answers(entryResultSchema) } },
    async (request) => ok(await entrySummary(db, certifiedScope(request), request.query.refNo)),
  );

  // Withdrawal -------------------------------------------------------------------------------
  app.get(
    '/api/funds/withdrawal/info',
    { ...merchant, schema: { tags, summary: '提现页信息：可用余额、手续费、结算账户', response: answers(withdrawalInfoSchema) } },
    async (request) => {
      const scope = certifiedScope(request);
      const available = (await ownVirtualAccount(db, scope))?.available ?? 0;
      const fee = (await fees()).withdraw;
      return ok({ available, fee, maxAmount: Math.max(0, available - fee), settlementAccount: await boundSettlementAccount(db, scope) });
    },
  );

  app.post(
    '/api/funds/withdraw',
    {
      ...merchant,
      schema: { tags, summary: '提现（需登录密码确认，幂等）', body: withdrawBody, response: answers(withdrawalResultSchema) },
    },
    async (request) => {
      const scope = certifiedScope(request);
      const { amount } = request.body;
      const key = keyOf(request, request.body);
      await confirmPassword(ctx, scope.userId, request.body.password);
      const fee = (await fees()).withdraw as Cents;
      const { result } = await runIdempotent(
        db,
        { scope: idempotencyScopeOf(request), key, operation: 'withdraw', request: { amount } },
        (tx) => requestWithdrawal(tx, scope, { by: submitterOf(request), amount, fee }),
      );
      return ok(result);
    },
  );

  app.get(
    '/api/funds/withdrawals',
    { ...merchant, schema: { tags, summary: '提现记录', querystring: withdrawalListQuery, response: answers(withdrawalPageSchema) } },
    async (request) => {
      const r = await listWithdrawals(db, certifiedScope(request), request.query);
      return page(r.items, r.totalCount);
    },
  );

  // Internal transfer ------------------------------------------------------------------------
  app.post(
    '/api/funds/transfer',
    {
      ...merchant,
      schema: {
        tags,
        summary: '平台内转账（收款账号与户名须一致，需登录密码确认，幂等）',
        body: transferBody,
        response: answers(transferResultSchema),
      },
    },
    async (request) => {
      const scope = certifiedScope(request);
      const { payeeAccountNo, payeeName, memo, amount } = request.body;
      const key = keyOf(request, request.body);
      await confirmPassword(ctx, scope.userId, request.body.password);
      const fee = (await fees()).inTransfer as Cents;
      const { result } = await runIdempotent(
        db,
        {
          scope: idempotencyScopeOf(request),
          key,
          operation: 'transfer',
          request: { amount, payeeAccountNo, payeeName, memo: memo || null },
        },
        (tx) => internalTransfer(tx, scope, { payeeAccountNo, payeeName, amount, fee, memo }),
      );
      return ok(result);
    },
  );

  // Payee whitelist --------------------------------------------------------------------------
  app.get(
    '/api/funds/payees',
    { ...merchant, schema: { tags, summary: '定向支付收款方白名单', querystring: payeeListQuery, response: answers(payeePageSchema) } },
    async (request) => {
      const r = await listPayees(db, certifiedScope(request), request.query);
      return page(r.items, r.totalCount);
    },
  );

  app.get(
    '/api/funds/payees/:id',
    { ...merchant, schema: { tags, summary: '收款方详情（账号完整显示，仅本企业）', params: idParams, response: answers(payeeSchema) } },
    async (request) => ok(await payeeDetail(db, certifiedScope(request), request.params.id)),
  );

  app.post(
    '/api/funds/payees',
    {
      ...merchant,
      schema: { tags, summary: '开通定向支付：新增收款方（待审核；幂等键）', body: payeeOpenBody, response: answers(payeeSchema) },
    },
    async (request) => {
      const scope = certifiedScope(request);
      const { idempotencyKey: _key, ...payee } = request.body;
      return runOnce(db, request, (tx) => openPayee(tx, scope, submitterOf(request), payee));
    },
  );

  app.post(
    '/api/funds/payees/:id/change',
    { ...merchant, schema: { tags, summary: '变更收款方（待审核）', params: idParams, body: payeeInput, response: answers(payeeSchema) } },
    async (request) => {
      const scope = certifiedScope(request);
      return ok(await db.transaction((tx) => changePayee(tx, scope, submitterOf(request), request.params.id, request.body)));
    },
  );

  app.post(
    '/api/funds/payees/:id/disable',
    { ...merchant, schema: { tags, summary: '停用收款方', params: idParams, response: answers(payeeSchema) } },
    async (request) => {
      const scope = certifiedScope(request);
      return ok(await db.transaction((tx) => disablePayee(tx, scope, request.params.id)));
    },
  );

  // Consignment ------------------------------------------------------------------------------
  app.get(
    '/api/funds/consignments',
    { ...merchant, schema: { tags, summary: '代付申请', querystring: consignmentListQuery, response: answers(consignmentPageSchema) } },
    async (request) => {
      const r = await listConsignments(db, certifiedScope(request), request.query);
      return page(r.items, r.totalCount);
    },
  );

  app.post(
    '/api/funds/consignments',
    {
      ...merchant,
      schema: { tags, summary: '申请代付服务（待审核；幂等键）', body: consignmentBody, response: answers(consignmentAppliedSchema) },
    },
    async (request) => {
      const scope = certifiedScope(request);
      return runOnce(db, request, (tx) => applyConsignment(tx, scope, { by: submitterOf(request), ...request.body }));
    },
  );

  app.post(
    '/api/payforanother/getPassedApplcation',
    {
      ...merchant,
      schema: { tags, summary: '已通过的代付申请（SPEC §7）', body: passedConsignmentsBody, response: answers(consignmentPageSchema) },
    },
    async (request) => {
      const r = await listConsignments(db, certifiedScope(request), {
        page: request.body?.page ?? 1,
        size: request.body?.size ?? 200,
        status: 'APPROVED',
      });
      return page(r.items, r.totalCount);
    },
  );

  // Controlled funds -------------------------------------------------------------------------
  app.get(
    '/api/funds/controlled',
    { ...merchant, schema: { tags, summary: '受控资金批次及其支付', response: answers(controlledFundsSchema) } },
    async (request) => ok(await listTranches(db, certifiedScope(request))),
  );

  app.post(
    '/api/funds/targeted-payment',
    {
      ...merchant,
      schema: {
        tags,
        summary: '定向支付（受控资金付给白名单收款方，需登录密码确认，幂等）',
        body: targetedPaymentBody,
        response: answers(targetedPaymentResultSchema),
      },
    },
    async (request) => {
      const scope = certifiedScope(request);
      const { payeeId, trancheId, purpose, amount } = request.body;
      const key = keyOf(request, request.body);
      await confirmPassword(ctx, scope.userId, request.body.password);
      const { result } = await runIdempotent(
        db,
        {
          scope: idempotencyScopeOf(request),
          key,
          operation: 'targeted-payment',
          request: { amount, payeeId, trancheId: trancheId ?? null, purpose: purpose || null },
        },
        (tx) => payFromControlled(tx, scope, { payeeId, amount, trancheId, purpose }),
      );
      return ok(result);
    },
  );

  // Operators --------------------------------------------------------------------------------
  app.get(
    '/api/bpm/funds/virtual-account',
    {
      ...operator,
      schema: { tags, summary: '按虚拟账号查企业（运营）', querystring: virtualAccountQuery, response: answers(virtualAccountSchema) },
    },
    async (request) => {
      const account = await virtualAccountByNo(db, request.query.accountNo);
      if (!account) throw new BusinessError('虚拟账号不存在');
      return ok(account);
    },
  );

  app.post(
    '/api/bpm/funds/deposit',
    {
      ...operator,
      schema: {
        tags,
        summary: '登记入金：银行到账待另一位操作员复核（入金复核任务，通过后记入虚拟账户；运营，幂等）',
        body: depositBody,
        response: answers(depositSubmittedSchema),
      },
    },
    async (request) => {
      const { accountNo, amount, payerName, payerAccountNo, memo } = request.body;
      const key = keyOf(request, request.body);
      const { result } = await runIdempotent(
        db,
        {
          scope: idempotencyScopeOf(request),
          key,
          operation: 'deposit',
          request: { accountNo, amount, payerName: payerName ?? null, payerAccountNo: payerAccountNo ?? null, memo: memo ?? null },
        },
        (tx) => submitDeposit(tx, submitterOf(request), { accountNo, amount, payerName, payerAccountNo, memo }),
      );
      return ok(result);
    },
  );

  app.get(
    '/api/bpm/funds/ledger-check',
    { ...operator, schema: { tags, summary: '账簿核对（运营）', response: answers(ledgerReportSchema) } },
    async () => ok(await checkLedger(db)),
  );
};
