import {
  answers,
  appliedFinancingSchema,
  cancelFinancingResult,
  coreEnterpriseSchema,
  creditLineSchema,
  drawableOrderLoanSchema,
  drawdownBody,
  drawdownListQuery,
  drawdownPageSchema,
  drawdownResultSchema,
  dueFinancingsSchema,
  extensionBody,
  extensionPageSchema,
  extensionResultSchema,
  financingDetailSchema,
  financingListQuery,
  financingListSchema,
  idParams,
  invoiceFinancingBody,
  invoiceListQuery,
  invoicePageSchema,
  joinPlatformBody,
  joinPlatformResult,
  orderLoanBody,
  pageQuerySchema,
  platformListItemSchema,
  platformSchema,
  registerInvoiceBody,
  registerInvoiceResult,
  repayBody,
  repaymentPageSchema,
  repayResultSchema,
  supplyLoanSummarySchema,
  trialBody,
  trialResultSchema,
  voucherBody,
  voucherResultSchema,
} from '@factoring/domain/contract';
import { chinaDate } from '@factoring/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app.ts';
import { ok, page } from '../../lib/envelope.ts';
import { certifiedScope, enterpriseScope } from '../../lib/scope.ts';
import { confirmPassword } from '../auth/confirm-password.ts';
import { idempotencyKeyOf, idempotencyScopeOf, runIdempotent, runOnce } from '../ledger/idempotency.ts';
import { applyInvoiceFinancing, applyOrderLoan } from './apply-financing.ts';
import { cancelFinancing } from './approval.ts';
import { drawableOrderLoans } from './drawable-order-loans.ts';
import { requestDrawdown } from './request-drawdown.ts';
import { dueFinancings } from './due-financings.ts';
import { applyExtension } from './apply-extension.ts';
import { extensionPage } from './list-extensions.ts';
import { financingDetail } from './financing-detail.ts';
import { applyToJoin } from './join-platform.ts';
import { listDrawdowns } from './list-drawdowns.ts';
import { listFinancings } from './list-financings.ts';
import { listInvoices } from './list-invoices.ts';
import { myCreditLines } from './my-credit-lines.ts';
import { submitVoucher } from './offline-repayment.ts';
import { coreEnterprises, listPlatforms, platformDetail } from './platforms.ts';
import { repaymentQuote } from './quote.ts';
import { registerInvoice } from './register-invoice.ts';
import { repayOnline } from './repay-online.ts';
import { supplyLoanSummary } from './summary.ts';
import { trialFor } from './trial.ts';
import type { Actor } from './store.ts';

const actorOf = (request: FastifyRequest): Actor => ({ id: request.user!.id, name: request.user!.displayName, ip: request.ip });
const tags = ['supplyloan'];

/**
 * Supply-chain loans (PRODUCT §6): platforms, credit lines, invoices, financing, drawdowns, repayment,
 * extension. Every route is an enterprise user's: reads see the caller's enterprise
 * (`enterpriseScope`), and everything that applies, pays or asks needs it certified (`certifiedScope`).
 */
export const supplyLoanRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const merchant = app.requireUser('merchant');

  app.get(
    '/api/supplyloan/platforms',
    {
      preHandler: merchant,
      schema: { tags, summary: '平台列表（含本企业授信与准入申请）', response: answers(z.array(platformListItemSchema)) },
    },
    async (request) => ok(await listPlatforms(db, enterpriseScope(request), chinaDate())),
  );
  app.get(
    '/api/supplyloan/platforms/:id',
    { preHandler: merchant, schema: { tags, summary: '平台详情与价格表', params: idParams, response: answers(platformSchema) } },
    async (request) => ok(await platformDetail(db, request.params.id)),
  );
  app.post(
    '/api/supplyloan/platforms/join',
    {
      preHandler: merchant,
      schema: { tags, summary: '申请加入平台（运营授信；幂等键）', body: joinPlatformBody, response: answers(joinPlatformResult) },
    },
    async (request) => {
      const scope = certifiedScope(request);
      return runOnce(db, request, async (tx) => {
        const application = await applyToJoin(tx, scope, actorOf(request), request.body, chinaDate());
        return { id: application.id, status: application.status };
      });
    },
  );
  app.get(
    '/api/supplyloan/creditLines',
    { preHandler: merchant, schema: { tags, summary: '本企业的供应链授信', response: answers(z.array(creditLineSchema)) } },
    async (request) => ok(await myCreditLines(db, enterpriseScope(request), chinaDate())),
  );
  app.get(
    '/api/supplyloan/coreEnterprises',
    { preHandler: merchant, schema: { tags, summary: '核心企业（发票购买方）', response: answers(z.array(coreEnterpriseSchema)) } },
    async () => ok(await coreEnterprises(db)),
  );
  app.get(
    '/api/supplyloan/summary',
    { preHandler: merchant, schema: { tags, summary: '首页卡片：授信、7天内到期、待签合同', response: answers(supplyLoanSummarySchema) } },
    async (request) => ok(await supplyLoanSummary(db, enterpriseScope(request), chinaDate())),
  );

  app.get(
    '/api/supplyloan/invoices',
    {
      preHandler: merchant,
      schema: { tags, summary: '发票（应收账款）列表', querystring: invoiceListQuery, response: answers(invoicePageSchema) },
    },
    async (request) => {
      const r = await listInvoices(db, enterpriseScope(request), request.query);
      return page(r.items, r.totalCount);
    },
  );
  app.post(
    '/api/supplyloan/invoices',
    {
      preHandler: merchant,
      schema: { tags, summary: '登记发票（提交运营核验）', body: registerInvoiceBody, response: answers(registerInvoiceResult) },
    },
    async (request) => {
      const row = await registerInvoice(db, certifiedScope(request), actorOf(request), request.body, chinaDate());
      return ok({ id: row.id, status: row.status });
    },
  );

  app.post(
    '/api/supplyloan/trial',
    {
      preHandler: merchant,
      schema: { tags, summary: '融资试算（利息、服务费、实际放款、到期日）', body: trialBody, response: answers(trialResultSchema) },
    },
    async (request) => ok(await trialFor(db, enterpriseScope(request), request.body, chinaDate())),
  );
  app.post(
    '/api/supplyloan/financings',
    {
      preHandler: merchant,
      schema: { tags, summary: '申请发票融资（幂等键）', body: invoiceFinancingBody, response: answers(appliedFinancingSchema) },
    },
    async (request) => {
      const scope = certifiedScope(request);
      return runOnce(db, request, (tx) => applyInvoiceFinancing(tx, scope, actorOf(request), request.body, chinaDate()));
    },
  );
  app.post(
    '/api/supplyloan/orderLoans',
    {
      preHandler: merchant,
      schema: { tags, summary: '申请订单融资（幂等键）', body: orderLoanBody, response: answers(appliedFinancingSchema) },
    },
    async (request) => {
      const scope = certifiedScope(request);
      return runOnce(db, request, (tx) => applyOrderLoan(tx, scope, actorOf(request), request.body, chinaDate(), ctx.ports.orderBacking));
    },
  );
  app.get(
    '/api/supplyloan/financings',
    {
      preHandler: merchant,
      schema: { tags, summary: '我的融资（分页、筛选、合计）', querystring: financingListQuery, response: answers(financingListSchema) },
    },
    async (request) => ok(await listFinancings(db, enterpriseScope(request), request.query)),
  );
  app.get(
    '/api/supplyloan/financings/:id',
    { preHandler: merchant, schema: { tags, summary: '融资详情', params: idParams, response: answers(financingDetailSchema) } },
    async (request) => ok(await financingDetail(db, enterpriseScope(request), request.params.id, chinaDate())),
  );
  app.post(
    '/api/supplyloan/financings/:id/cancel',
    {
      preHandler: merchant,
      schema: { tags, summary: '取消融资申请（放款前）', params: idParams, response: answers(cancelFinancingResult) },
    },
    async (request) => {
      const scope = enterpriseScope(request);
      return ok(await db.transaction((tx) => cancelFinancing(tx, scope, request.params.id, actorOf(request))));
    },
  );
  app.get(
    '/api/supplyloan/financings/:id/quote',
    {
      preHandler: merchant,
      schema: { tags, summary: '还款试算（今日应还、提前结清报价）', params: idParams, response: answers(repaymentPageSchema) },
    },
    async (request) => ok(await repaymentQuote(db, enterpriseScope(request), request.params.id, chinaDate())),
  );
  app.post(
    '/api/supplyloan/financings/:id/repay',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '账户还款（登录密码确认，幂等键）',
        params: idParams,
        body: repayBody,
        response: answers(repayResultSchema),
      },
    },
    async (request) => {
      const scope = certifiedScope(request);
      const key = idempotencyKeyOf(request.headers['idempotency-key'], request.body.idempotencyKey);
      await confirmPassword({ db, cipher: ctx.cipher }, scope.userId, request.body.password);
      const today = chinaDate();
      const { result } = await runIdempotent(
        db,
        {
          scope: idempotencyScopeOf(request),
          key,
          operation: 'supplyloan.repay',
          request: { financingId: request.params.id, amount: request.body.amount },
        },
        (tx) => repayOnline(tx, scope, request.params.id, actorOf(request), request.body.amount, today),
      );
      return ok(result);
    },
  );
  app.post(
    '/api/supplyloan/financings/:id/voucher',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '提交线下还款凭证（运营确认；幂等键）',
        params: idParams,
        body: voucherBody,
        response: answers(voucherResultSchema),
      },
    },
    async (request) => {
      const scope = certifiedScope(request);
      return runOnce(db, request, (tx) => submitVoucher(tx, scope, request.params.id, actorOf(request), request.body, chinaDate()));
    },
  );
  app.post(
    '/api/supplyloan/financings/:id/extension',
    {
      preHandler: merchant,
      schema: { tags, summary: '申请展期（幂等键）', params: idParams, body: extensionBody, response: answers(extensionResultSchema) },
    },
    async (request) => {
      const scope = certifiedScope(request);
      return runOnce(db, request, (tx) => applyExtension(tx, scope, request.params.id, actorOf(request), request.body, chinaDate()));
    },
  );
  app.get(
    '/api/supplyloan/extensions',
    {
      preHandler: merchant,
      schema: { tags, summary: '展期申请记录', querystring: pageQuerySchema, response: answers(extensionPageSchema) },
    },
    async (request) => {
      const r = await extensionPage(db, enterpriseScope(request), request.query);
      return page(r.items, r.totalCount);
    },
  );
  app.post(
    '/api/supplyloan/financings/:id/drawdowns',
    {
      preHandler: merchant,
      schema: { tags, summary: '订单融资提款（幂等键）', params: idParams, body: drawdownBody, response: answers(drawdownResultSchema) },
    },
    async (request) => {
      const scope = certifiedScope(request);
      return runOnce(db, request, (tx) => requestDrawdown(tx, scope, request.params.id, actorOf(request), request.body, chinaDate()));
    },
  );
  app.get(
    '/api/supplyloan/drawdowns',
    {
      preHandler: merchant,
      schema: { tags, summary: '订单融资提款记录', querystring: drawdownListQuery, response: answers(drawdownPageSchema) },
    },
    async (request) => {
      const r = await listDrawdowns(db, enterpriseScope(request), request.query);
      return page(r.items, r.totalCount);
    },
  );
  app.get(
    '/api/supplyloan/orderLoans/drawable',
    { preHandler: merchant, schema: { tags, summary: '可提款的订单融资', response: answers(z.array(drawableOrderLoanSchema)) } },
    async (request) => ok(await drawableOrderLoans(db, enterpriseScope(request))),
  );
  app.get(
    '/api/supplyloan/due',
    {
      preHandler: merchant,
      schema: { tags, summary: '保理还款：已放款融资的今日应还（标注7天内到期及逾期）', response: answers(dueFinancingsSchema) },
    },
    async (request) => ok(await dueFinancings(db, enterpriseScope(request), chinaDate())),
  );
};
