import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Cents } from '@factoring/domain';
import type { AppContext } from '../../app.ts';
import { BusinessError, ok, page } from '../../lib/envelope.ts';
import { pageQuery } from '../../lib/paging.ts';
import { readSiteConfig } from '../system/site-config.ts';
import { virtualAccountBalance, virtualAccountByNo } from '../ledger/balances.ts';
import { idempotencyKeyOf, idempotencyScopeOf, runIdempotent } from '../ledger/idempotency.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { applyConsignment, listConsignments } from './consignment.ts';
import { listTranches, payFromControlled } from './controlled.ts';
import { recordDeposit } from './deposit.ts';
import { entrySummary } from './entry-summary.ts';
import { counterpartyFlows, exportFundFlows, flowFilters, flowListQuery, listFundFlows, monthlyFundFlows } from './fund-flows.ts';
import { assertCertified } from '../certification/require-certified.ts';
import { centsInput, confirmPassword, submitterOf } from './guards.ts';
import { registerFundsTaskTypes } from './task-types.ts';
import { changePayee, disablePayee, listPayees, openPayee, payeeInput } from './payees.ts';
import { internalTransfer } from './transfer.ts';
import { boundSettlementAccount, listWithdrawals, requestWithdrawal } from './withdraw.ts';

/** Fields every money-moving call carries: the amount in cents, the encrypted login password, the idempotency key. */
const moneyBody = z.object({
  amount: z.union([z.string(), z.number()]).optional(),
  password: z.string().max(1024).optional(),
  idempotencyKey: z.string().max(200).optional(),
});

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** The fund account (issue 5): balances, fund flows, withdrawal, transfer, payees, consignment, controlled funds. */
export const fundsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  registerFundsTaskTypes();
  const merchant = { preHandler: app.requireUser('merchant') };
  const operator = { preHandler: app.requireUser('operator') };
  const keyOf = (request: FastifyRequest, body: { idempotencyKey?: string }) => idempotencyKeyOf(request.headers['idempotency-key'], body.idempotencyKey);
  const fees = async () => (await readSiteConfig(db)).fees;

  app.get('/api/account/v2/queryAccountBalance', { ...merchant, schema: { tags: ['funds'], summary: '虚拟账户余额' } }, async (request) => {
    const enterpriseId = assertCertified(request);
    const account = await virtualAccountBalance(db, enterpriseId);
    if (!account) throw new BusinessError('本企业尚未开立虚拟账户，请联系客服');
    const cfg = await readSiteConfig(db);
    return ok({
      accountNo: account.accountNo,
      accountName: account.accountName,
      bank: cfg.virtualAccountBankName,
      balance: account.balance,
      frozen: account.frozen,
      available: account.available,
      controlled: account.controlled,
      fees: cfg.fees,
    });
  });

  app.get('/api/funds/flows', { ...merchant, schema: { tags: ['funds'], summary: '资金流水（分页）', querystring: flowListQuery } }, async (request) => {
    const r = await listFundFlows(db, assertCertified(request), request.query);
    return page(r.items, r.totalCount);
  });

  app.get(
    '/api/funds/flows/monthly',
    { ...merchant, schema: { tags: ['funds'], summary: '按月收支', querystring: z.object({ months: z.coerce.number().int().min(1).max(36).default(12) }) } },
    async (request) => ok(await monthlyFundFlows(db, assertCertified(request), request.query.months)),
  );

  app.get('/api/funds/flows/export', { ...merchant, schema: { tags: ['funds'], summary: '导出资金流水（Excel 由浏览器生成）', querystring: flowFilters } }, async (request) =>
    ok(await exportFundFlows(db, assertCertified(request), request.query)),
  );

  app.get(
    '/api/funds/flows/counterparties',
    {
      ...merchant,
      schema: {
        tags: ['funds'],
        summary: '上下游资金往来（按交易对手汇总）',
        querystring: flowFilters.pick({ startDate: true, endDate: true }).extend({ relation: z.enum(['UPSTREAM', 'DOWNSTREAM', '']).optional() }),
      },
    },
    async (request) => ok(await counterpartyFlows(db, assertCertified(request), request.query)),
  );

  app.get('/api/funds/result', { ...merchant, schema: { tags: ['funds'], summary: '一笔资金变动的结果', querystring: z.object({ refNo: z.string().max(40) }) } }, async (request) =>
    ok(await entrySummary(db, assertCertified(request), request.query.refNo)),
  );

  // Withdrawal -------------------------------------------------------------------------------
  app.get('/api/funds/withdrawal/info', { ...merchant, schema: { tags: ['funds'], summary: '提现页信息：可用余额、手续费、结算账户' } }, async (request) => {
    const enterpriseId = assertCertified(request);
    const account = await virtualAccountBalance(db, enterpriseId);
    const fee = (await fees()).withdraw;
    const available = account?.available ?? 0;
    return ok({ available, fee, maxAmount: Math.max(0, available - fee), settlementAccount: await boundSettlementAccount(db, enterpriseId) });
  });

  app.post('/api/funds/withdraw', { ...merchant, schema: { tags: ['funds'], summary: '提现（需登录密码确认，幂等）', body: moneyBody } }, async (request) => {
    const enterpriseId = assertCertified(request);
    const amount = centsInput(request.body.amount, '提现金额');
    const key = keyOf(request, request.body);
    await confirmPassword(ctx, request.user!.id, request.body.password);
    const fee = (await fees()).withdraw as Cents;
    const { result } = await runIdempotent(db, { scope: idempotencyScopeOf(request), key, operation: 'withdraw', request: { amount } }, (tx) =>
      requestWithdrawal(tx, { enterpriseId, by: submitterOf(request), amount, fee }),
    );
    return ok(result);
  });

  app.get(
    '/api/funds/withdrawals',
    { ...merchant, schema: { tags: ['funds'], summary: '提现记录', querystring: pageQuery.extend({ status: z.enum(['PENDING', 'PAID', 'FAILED']).optional() }) } },
    async (request) => {
      const r = await listWithdrawals(db, assertCertified(request), request.query);
      return page(r.items, r.totalCount);
    },
  );

  // Internal transfer ------------------------------------------------------------------------
  app.post(
    '/api/funds/transfer',
    {
      ...merchant,
      schema: {
        tags: ['funds'],
        summary: '平台内转账（收款账号与户名须一致，需登录密码确认，幂等）',
        body: moneyBody.extend({ payeeAccountNo: z.string().max(40).default(''), payeeName: z.string().max(100).default(''), memo: z.string().max(100).optional() }),
      },
    },
    async (request) => {
      const enterpriseId = assertCertified(request);
      const { payeeAccountNo, payeeName, memo } = request.body;
      if (!payeeAccountNo.trim()) throw new BusinessError('请输入收款账号');
      if (!payeeName.trim()) throw new BusinessError('请输入收款户名');
      const amount = centsInput(request.body.amount, '转账金额');
      const key = keyOf(request, request.body);
      await confirmPassword(ctx, request.user!.id, request.body.password);
      const fee = (await fees()).inTransfer as Cents;
      const { result } = await runIdempotent(
        db,
        { scope: idempotencyScopeOf(request), key, operation: 'transfer', request: { amount, payeeAccountNo: payeeAccountNo.trim(), payeeName: payeeName.trim(), memo: memo?.trim() || null } },
        (tx) => internalTransfer(tx, { enterpriseId, userId: request.user!.id, payeeAccountNo, payeeName, amount, fee, memo }),
      );
      return ok(result);
    },
  );

  // Payee whitelist --------------------------------------------------------------------------
  app.get(
    '/api/funds/payees',
    {
      ...merchant,
      schema: { tags: ['funds'], summary: '定向支付收款方白名单', querystring: pageQuery.extend({ status: z.enum(['PENDING', 'ACTIVE', 'REJECTED', 'DISABLED']).optional(), name: z.string().max(50).optional() }) },
    },
    async (request) => {
      const r = await listPayees(db, assertCertified(request), request.query);
      return page(r.items, r.totalCount);
    },
  );

  app.post('/api/funds/payees', { ...merchant, schema: { tags: ['funds'], summary: '开通定向支付：新增收款方（待审核）', body: payeeInput } }, async (request) => {
    const enterpriseId = assertCertified(request);
    return ok(await db.transaction((tx) => openPayee(tx, enterpriseId, submitterOf(request), request.body)));
  });

  app.post(
    '/api/funds/payees/:id/change',
    { ...merchant, schema: { tags: ['funds'], summary: '变更收款方（待审核）', params: idParam, body: payeeInput } },
    async (request) => {
      const enterpriseId = assertCertified(request);
      return ok(await db.transaction((tx) => changePayee(tx, enterpriseId, submitterOf(request), request.params.id, request.body)));
    },
  );

  app.post('/api/funds/payees/:id/disable', { ...merchant, schema: { tags: ['funds'], summary: '停用收款方', params: idParam } }, async (request) => {
    const enterpriseId = assertCertified(request);
    return ok(await db.transaction((tx) => disablePayee(tx, enterpriseId, request.params.id)));
  });

  // Consignment ------------------------------------------------------------------------------
  app.get(
    '/api/funds/consignments',
    { ...merchant, schema: { tags: ['funds'], summary: '代付申请', querystring: pageQuery.extend({ status: z.enum(['PENDING', 'APPROVED', 'REJECTED']).optional() }) } },
    async (request) => {
      const r = await listConsignments(db, assertCertified(request), request.query);
      return page(r.items, r.totalCount);
    },
  );

  app.post(
    '/api/funds/consignments',
    {
      ...merchant,
      schema: {
        tags: ['funds'],
        summary: '申请代付服务（待审核）',
        body: z.object({ payeeId: z.coerce.number().int().positive(), contractNo: z.string().max(60).default(''), amountLimit: z.union([z.string(), z.number()]).optional(), remark: z.string().max(200).optional() }),
      },
    },
    async (request) => {
      const enterpriseId = assertCertified(request);
      const amountLimit = centsInput(request.body.amountLimit, '代付额度');
      return ok(await db.transaction((tx) => applyConsignment(tx, { enterpriseId, by: submitterOf(request), ...request.body, amountLimit })));
    },
  );

  app.post(
    '/api/payforanother/getPassedApplcation',
    { ...merchant, schema: { tags: ['funds'], summary: '已通过的代付申请（SPEC §7）', body: pageQuery.partial().optional() } },
    async (request) => {
      const r = await listConsignments(db, assertCertified(request), { page: request.body?.page ?? 1, size: request.body?.size ?? 200, status: 'APPROVED' });
      return page(r.items, r.totalCount);
    },
  );

  // Controlled funds -------------------------------------------------------------------------
  app.get('/api/funds/controlled', { ...merchant, schema: { tags: ['funds'], summary: '受控资金批次及其支付' } }, async (request) => ok(await listTranches(db, assertCertified(request))));

  app.post(
    '/api/funds/targeted-payment',
    {
      ...merchant,
      schema: {
        tags: ['funds'],
        summary: '定向支付（受控资金付给白名单收款方，需登录密码确认，幂等）',
        body: moneyBody.extend({ payeeId: z.coerce.number().int().positive(), trancheId: z.coerce.number().int().positive().optional(), purpose: z.string().max(100).optional() }),
      },
    },
    async (request) => {
      const enterpriseId = assertCertified(request);
      const amount = centsInput(request.body.amount, '支付金额');
      const key = keyOf(request, request.body);
      await confirmPassword(ctx, request.user!.id, request.body.password);
      const { payeeId, trancheId, purpose } = request.body;
      const { result } = await runIdempotent(
        db,
        { scope: idempotencyScopeOf(request), key, operation: 'targeted-payment', request: { amount, payeeId, trancheId: trancheId ?? null, purpose: purpose?.trim() || null } },
        (tx) => payFromControlled(tx, { enterpriseId, userId: request.user!.id, payeeId, amount, trancheId, purpose }),
      );
      return ok(result);
    },
  );

  // Operators --------------------------------------------------------------------------------
  app.get(
    '/api/bpm/funds/virtual-account',
    { ...operator, schema: { tags: ['funds'], summary: '按虚拟账号查企业（运营）', querystring: z.object({ accountNo: z.string().max(40) }) } },
    async (request) => {
      const account = await virtualAccountByNo(db, request.query.accountNo.trim());
      if (!account) throw new BusinessError('虚拟账号不存在');
      return ok(account);
    },
  );

  app.post(
    '/api/bpm/funds/deposit',
    {
      ...operator,
      schema: {
        tags: ['funds'],
        summary: '登记入金：银行到账记入虚拟账户（运营，幂等）',
        body: z.object({
          accountNo: z.string().max(40).default(''),
          amount: z.union([z.string(), z.number()]).optional(),
          payerName: z.string().max(100).optional(),
          payerAccountNo: z.string().max(40).optional(),
          memo: z.string().max(200).optional(),
          idempotencyKey: z.string().max(200).optional(),
        }),
      },
    },
    async (request) => {
      const { accountNo, payerName, payerAccountNo, memo } = request.body;
      if (!accountNo.trim()) throw new BusinessError('请输入虚拟账号');
      const amount = centsInput(request.body.amount, '入金金额');
      const key = keyOf(request, request.body);
      const { result } = await runIdempotent(
        db,
        { scope: idempotencyScopeOf(request), key, operation: 'deposit', request: { accountNo: accountNo.trim(), amount, payerName: payerName ?? null, payerAccountNo: payerAccountNo ?? null, memo: memo ?? null } },
        (tx) => recordDeposit(tx, { operatorId: request.user!.id, accountNo, amount, payerName, payerAccountNo, memo }),
      );
      return ok(result);
    },
  );

  app.get('/api/bpm/funds/ledger-check', { ...operator, schema: { tags: ['funds'], summary: '账簿核对（运营）' } }, async () => ok(await checkLedger(db)));
};
