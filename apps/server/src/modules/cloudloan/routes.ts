import { chinaDate } from '@factoring/domain';
import {
  answers,
  cloudLoanApplicationSchema,
  cloudLoanApplyInput,
  cloudLoanCreditSchema,
  cloudLoanDrawdownDetailSchema,
  cloudLoanDrawdownSchema,
  cloudLoanDrawInput,
  cloudLoanDrawnSchema,
  cloudLoanDrawPreviewQuery,
  cloudLoanEligibilitySchema,
  cloudLoanGrantInput,
  cloudLoanIdParams,
  cloudLoanInstalmentRepayInput,
  cloudLoanListQuery,
  cloudLoanPayoffInput,
  cloudLoanProductSchema,
  cloudLoanRejectInput,
  cloudLoanRepaidSchema,
  cloudLoanScheduleSchema,
  cloudLoanTotalsSchema,
  cloudLoanTrialQuery,
  doneSchema,
  idSchema,
  pageOf,
} from '@factoring/domain/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app.ts';
import { chinaToday } from '../../lib/clock.ts';
import { ok, page } from '../../lib/envelope.ts';
import { certifiedScope, scopeOf } from '../../lib/scope.ts';
import { confirmPassword } from '../auth/confirm-password.ts';
import { idempotencyScopeOf, requestIdempotencyKey, runIdempotent, runOnce } from '../ledger/idempotency.ts';
import { submitApplication } from './apply.ts';
import { drawdown, previewDrawdown } from './draw.ts';
import { cloudLoanEligibility, eligibilityScope, isCloudLoanAllowed } from './eligibility.ts';
import { grantForBank, pendingApplications, rejectForBank } from './operator-decisions.ts';
import { publicProduct, readCloudLoanSettings } from './product.ts';
import { applicationDetail, cloudLoanTotals, drawdownDetail, listApplications, listCredits, listDrawdowns } from './queries.ts';
import { payOff, repayInstalment } from './servicing.ts';
import { lockDrawdown, type Actor } from './store.ts';
import { repaymentTrial } from './trial.ts';

const tags = ['cloudloan'];
const actorOf = (request: FastifyRequest): Actor => ({ id: request.user!.id, name: request.user!.displayName, ip: request.ip });

/** The bank cloud loan (PRODUCT §7, issue 15): eligibility, trial, application, bank decision, drawdown, repayment. */
export const cloudLoanRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const banks = ctx.bankAdapters;
  const merchant = { preHandler: app.requireUser('merchant') };
  const operator = { preHandler: app.requireUser('operator') };

  /** A money-moving call: password confirmation, then the work once per idempotency key. */
  const moneyMove = async <T>(
    request: FastifyRequest,
    body: { password?: string; idempotencyKey?: string },
    operation: string,
    fingerprint: unknown,
    work: Parameters<typeof runIdempotent<T>>[2],
  ) => {
    const key = requestIdempotencyKey(request);
    await confirmPassword({ db, cipher: ctx.cipher }, request.user!.id, body.password);
    return (await runIdempotent(db, { scope: idempotencyScopeOf(request), key, operation, request: fingerprint }, work)).result;
  };

  app.get(
    '/api/slccbprecredit/isAllowCcbLoan',
    {
      preHandler: app.requireUser(),
      schema: { tags, summary: '是否可申请银行云贷（菜单与页面用同一规则）', response: answers(z.boolean()) },
    },
    async (request) => ok(await isCloudLoanAllowed(db, eligibilityScope(request))),
  );
  app.get(
    '/api/cloudloan/eligibility',
    { preHandler: app.requireUser(), schema: { tags, summary: '云贷申请资格及原因', response: answers(cloudLoanEligibilitySchema) } },
    async (request) => ok(await cloudLoanEligibility(db, eligibilityScope(request))),
  );
  app.get(
    '/api/cloudloan/product',
    { preHandler: app.requireUser(), schema: { tags, summary: '云贷产品：额度、期限、利率', response: answers(cloudLoanProductSchema) } },
    async () => ok(publicProduct(await readCloudLoanSettings(db))),
  );
  // The trial is a calculator: it needs nothing of the caller's account and answers without login.
  app.get(
    '/api/cloudloan/trial',
    {
      schema: {
        tags,
        summary: '还款试算（完整还款计划与合计）',
        querystring: cloudLoanTrialQuery,
        response: answers(cloudLoanScheduleSchema),
      },
    },
    async (request) => ok(await repaymentTrial(db, banks, request.query)),
  );

  // Applications ------------------------------------------------------------------------------
  app.post(
    '/api/cloudloan/applications',
    {
      ...merchant,
      schema: {
        tags,
        summary: '提交云贷申请（幂等键）',
        body: cloudLoanApplyInput,
        response: answers(z.object({ id: z.number(), applicationNo: z.string(), status: z.string() })),
      },
    },
    async (request) => {
      const scope = certifiedScope(request);
      return runOnce(db, request, (tx) => submitApplication(tx, scope, actorOf(request), request.body, banks));
    },
  );
  app.get(
    '/api/cloudloan/applications',
    {
      ...merchant,
      schema: { tags, summary: '云贷申请列表', querystring: cloudLoanListQuery, response: answers(pageOf(cloudLoanApplicationSchema)) },
    },
    async (request) => {
      const r = await listApplications(db, scopeOf(request), request.query);
      return page(r.items, r.totalCount);
    },
  );
  app.get(
    '/api/cloudloan/applications/:id',
    { ...merchant, schema: { tags, summary: '云贷申请详情', params: cloudLoanIdParams, response: answers(cloudLoanApplicationSchema) } },
    async (request) => ok(await applicationDetail(db, scopeOf(request), request.params.id)),
  );

  // Credit and drawdown -----------------------------------------------------------------------
  app.get(
    '/api/cloudloan/credits',
    { ...merchant, schema: { tags, summary: '银行授信：授信、已提、可用、有效期', response: answers(z.array(cloudLoanCreditSchema)) } },
    async (request) => ok(await listCredits(db, scopeOf(request))),
  );
  app.get(
    '/api/cloudloan/credits/:id/preview',
    {
      ...merchant,
      schema: {
        tags,
        summary: '提款预览：将入账的还款计划',
        params: cloudLoanIdParams,
        querystring: cloudLoanDrawPreviewQuery,
        response: answers(cloudLoanScheduleSchema),
      },
    },
    async (request) => ok(await previewDrawdown(db, banks, certifiedScope(request), request.params.id, request.query.amount)),
  );
  app.post(
    '/api/cloudloan/credits/:id/draw',
    {
      ...merchant,
      schema: {
        tags,
        summary: '提款至虚拟账户（需登录密码确认）',
        params: cloudLoanIdParams,
        body: cloudLoanDrawInput,
        response: answers(cloudLoanDrawnSchema),
      },
    },
    async (request) => {
      const scope = certifiedScope(request);
      const { amount } = request.body;
      return ok(
        await moneyMove(request, request.body, 'cloudloan.draw', { applicationId: request.params.id, amount }, (tx) =>
          drawdown(tx, scope, request.params.id, amount, actorOf(request), chinaToday(), banks),
        ),
      );
    },
  );

  // Loans and repayment -----------------------------------------------------------------------
  app.get(
    '/api/cloudloan/drawdowns',
    {
      ...merchant,
      schema: {
        tags,
        summary: '云贷借款列表',
        querystring: cloudLoanListQuery.extend({ applicationId: idSchema('申请编号').optional() }),
        response: answers(pageOf(cloudLoanDrawdownSchema)),
      },
    },
    async (request) => {
      const r = await listDrawdowns(db, scopeOf(request), request.query);
      return page(r.items, r.totalCount);
    },
  );
  app.get(
    '/api/cloudloan/drawdowns/:id',
    {
      ...merchant,
      schema: {
        tags,
        summary: '借款详情：还款计划、还款记录、结清报价',
        params: cloudLoanIdParams,
        response: answers(cloudLoanDrawdownDetailSchema),
      },
    },
    async (request) => ok(await drawdownDetail(db, scopeOf(request), request.params.id)),
  );
  app.get(
    '/api/cloudloan/totals',
    { ...merchant, schema: { tags, summary: '云贷还款合计', response: answers(cloudLoanTotalsSchema) } },
    async (request) => ok(await cloudLoanTotals(db, scopeOf(request))),
  );
  app.post(
    '/api/cloudloan/drawdowns/:id/repay',
    {
      ...merchant,
      schema: {
        tags,
        summary: '提前归还一期（需登录密码确认）',
        params: cloudLoanIdParams,
        body: cloudLoanInstalmentRepayInput,
        response: answers(cloudLoanRepaidSchema),
      },
    },
    async (request) => {
      const scope = certifiedScope(request);
      const { period, amount } = request.body;
      const result = await moneyMove(
        request,
        request.body,
        'cloudloan.repay',
        { drawdownId: request.params.id, period, amount },
        async (tx) =>
          repayInstalment(tx, banks, await lockDrawdown(tx, scope, request.params.id), period, amount, chinaDate(), actorOf(request)),
      );
      return ok({ ...result, repaymentId: result.repaymentId ?? 0 });
    },
  );
  app.post(
    '/api/cloudloan/drawdowns/:id/payoff',
    {
      ...merchant,
      schema: {
        tags,
        summary: '提前结清（按当日报价，需登录密码确认）',
        params: cloudLoanIdParams,
        body: cloudLoanPayoffInput,
        response: answers(cloudLoanRepaidSchema),
      },
    },
    async (request) => {
      const scope = certifiedScope(request);
      const { amount } = request.body;
      const result = await moneyMove(request, request.body, 'cloudloan.payoff', { drawdownId: request.params.id, amount }, async (tx) =>
        payOff(tx, banks, await lockDrawdown(tx, scope, request.params.id), amount, chinaDate(), actorOf(request)),
      );
      return ok({ ...result, repaymentId: result.repaymentId ?? 0 });
    },
  );

  // The built-in bank: the factor's operator decides for the bank ------------------------------
  app.get(
    '/api/cloudloan/operator/applications',
    { ...operator, schema: { tags, summary: '待银行审批的云贷申请（运营代银行）' } },
    async () => ok(await pendingApplications(db)),
  );
  app.post(
    '/api/cloudloan/operator/applications/:id/grant',
    {
      ...operator,
      schema: {
        tags,
        summary: '代银行授信：金额、利率、期限、有效期',
        params: cloudLoanIdParams,
        body: cloudLoanGrantInput,
        response: answers(z.unknown()),
      },
    },
    async (request) => ok(await grantForBank(db, ctx.tasks, request.params.id, actorOf(request), request.body)),
  );
  app.post(
    '/api/cloudloan/operator/applications/:id/reject',
    {
      ...operator,
      schema: {
        tags,
        summary: '代银行拒绝（须填写原因）',
        params: cloudLoanIdParams,
        body: cloudLoanRejectInput,
        response: answers(doneSchema.or(z.unknown())),
      },
    },
    async (request) => ok(await rejectForBank(db, ctx.tasks, request.params.id, actorOf(request), request.body.reason)),
  );
};
