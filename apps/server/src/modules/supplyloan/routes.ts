import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app.ts';
import { ok, page } from '../../lib/envelope.ts';
import { pageQuery } from '../../lib/paging.ts';
import { enterpriseOf } from '../../plugins/auth.ts';
import { assertCertified } from '../certification/require-certified.ts';
import { todayChina } from '../credit/credit-lines.ts';
import { confirmPassword } from '../auth/confirm-password.ts';
import { idempotencyScopeOf } from '../ledger/idempotency.ts';
import { idempotencyKeyOf, runIdempotent } from '../ledger/idempotency.ts';
import { cancelFinancing } from './approval.ts';
import { applyInvoiceFinancing, applyOrderLoan, invoiceFinancingInput, orderLoanInput, trialFor, trialInput } from './apply-financing.ts';
import { drawdownInput, requestDrawdown } from './disburse.ts';
import { applyExtension, extensionInput, extensionsOf } from './extension.ts';
import { coreEnterprises, invoiceInput, invoiceQuery, listInvoices, registerInvoice } from './invoices.ts';
import { applyToJoin, joinInput, listPlatforms, myCreditLines, platformDetail } from './platforms.ts';
import { drawableOrderLoans, drawdownQuery, dueFinancings, financingDetail, financingQuery, listDrawdowns, listFinancings, supplyLoanSummary } from './queries.ts';
import { repaymentQuote, repayInput, repayOnline, submitVoucher, voucherInput } from './repay.ts';
import type { Actor } from './store.ts';
import { registerSupplyLoanTasks } from './task-types.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const actorOf = (request: FastifyRequest): Actor => ({ id: request.user!.id, name: request.user!.displayName, ip: request.ip });
const tags = ['supplyloan'];

/** Supply-chain loans (PRODUCT §6): platforms, credit lines, invoices, financing, drawdowns, repayment, extension. */
export const supplyLoanRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  registerSupplyLoanTasks();
  const merchant = app.requireUser('merchant');

  app.get('/api/supplyloan/platforms', { preHandler: merchant, schema: { tags, summary: '平台列表（含本企业授信与准入申请）' } }, async (request) =>
    ok(await listPlatforms(db, enterpriseOf(request), todayChina())),
  );
  app.get('/api/supplyloan/platforms/:id', { preHandler: merchant, schema: { tags, summary: '平台详情与价格表', params: idParams } }, async (request) =>
    ok(await platformDetail(db, request.params.id)),
  );
  app.post('/api/supplyloan/platforms/join', { preHandler: merchant, schema: { tags, summary: '申请加入平台（运营授信）', body: joinInput } }, async (request) => {
    const enterpriseId = assertCertified(request);
    const application = await applyToJoin(db, enterpriseId, actorOf(request), request.body, todayChina());
    return ok({ id: application.id, status: application.status });
  });
  app.get('/api/supplyloan/creditLines', { preHandler: merchant, schema: { tags, summary: '本企业的供应链授信' } }, async (request) =>
    ok(await myCreditLines(db, enterpriseOf(request), todayChina())),
  );
  app.get('/api/supplyloan/coreEnterprises', { preHandler: merchant, schema: { tags, summary: '核心企业（发票购买方）' } }, async () => ok(await coreEnterprises(db)));
  app.get('/api/supplyloan/summary', { preHandler: merchant, schema: { tags, summary: '首页卡片：授信、7天内到期、待签合同' } }, async (request) =>
    ok(await supplyLoanSummary(db, enterpriseOf(request), todayChina())),
  );

  app.get('/api/supplyloan/invoices', { preHandler: merchant, schema: { tags, summary: '发票（应收账款）列表', querystring: invoiceQuery } }, async (request) => {
    const r = await listInvoices(db, enterpriseOf(request), request.query);
    return page(r.items, r.totalCount);
  });
  app.post('/api/supplyloan/invoices', { preHandler: merchant, schema: { tags, summary: '登记发票（提交运营核验）', body: invoiceInput } }, async (request) => {
    const enterpriseId = assertCertified(request);
    const row = await registerInvoice(db, enterpriseId, actorOf(request), request.body, todayChina());
    return ok({ id: row.id, status: row.status });
  });

  app.post('/api/supplyloan/trial', { preHandler: merchant, schema: { tags, summary: '融资试算（利息、服务费、实际放款、到期日）', body: trialInput } }, async (request) =>
    ok(await trialFor(db, enterpriseOf(request), request.body, todayChina())),
  );
  app.post('/api/supplyloan/financings', { preHandler: merchant, schema: { tags, summary: '申请发票融资', body: invoiceFinancingInput } }, async (request) => {
    const enterpriseId = assertCertified(request);
    return ok(await applyInvoiceFinancing(db, enterpriseId, actorOf(request), request.body, todayChina()));
  });
  app.post('/api/supplyloan/orderLoans', { preHandler: merchant, schema: { tags, summary: '申请订单融资', body: orderLoanInput } }, async (request) => {
    const enterpriseId = assertCertified(request);
    return ok(await applyOrderLoan(db, enterpriseId, actorOf(request), request.body, todayChina()));
  });
  app.get('/api/supplyloan/financings', { preHandler: merchant, schema: { tags, summary: '我的融资（分页、筛选、合计）', querystring: financingQuery } }, async (request) =>
    ok(await listFinancings(db, enterpriseOf(request), request.query)),
  );
  app.get('/api/supplyloan/financings/:id', { preHandler: merchant, schema: { tags, summary: '融资详情', params: idParams } }, async (request) =>
    ok(await financingDetail(db, request.params.id, enterpriseOf(request), todayChina())),
  );
  app.post('/api/supplyloan/financings/:id/cancel', { preHandler: merchant, schema: { tags, summary: '取消融资申请（放款前）', params: idParams } }, async (request) => {
    const enterpriseId = enterpriseOf(request);
    return ok(await db.transaction((tx) => cancelFinancing(tx, request.params.id, enterpriseId, actorOf(request))));
  });
  app.get('/api/supplyloan/financings/:id/quote', { preHandler: merchant, schema: { tags, summary: '还款试算（今日应还、提前结清报价）', params: idParams } }, async (request) =>
    ok(await repaymentQuote(db, request.params.id, enterpriseOf(request), todayChina())),
  );
  app.post(
    '/api/supplyloan/financings/:id/repay',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '账户还款（登录密码确认，幂等键）',
        params: idParams,
        body: repayInput.extend({ password: z.string().max(1024).optional(), idempotencyKey: z.string().max(100).optional() }),
      },
    },
    async (request) => {
      const enterpriseId = assertCertified(request);
      const key = idempotencyKeyOf(request.headers['idempotency-key'], request.body.idempotencyKey);
      await confirmPassword({ db: ctx.database.db, cipher: ctx.cipher }, request.user!.id, request.body.password);
      const today = todayChina();
      const { result } = await runIdempotent(
        db,
        { scope: idempotencyScopeOf(request), key, operation: 'supplyloan.repay', request: { financingId: request.params.id, amount: request.body.amount } },
        (tx) => repayOnline(tx, request.params.id, enterpriseId, actorOf(request), request.body.amount, today),
      );
      return ok(result);
    },
  );
  app.post('/api/supplyloan/financings/:id/voucher', { preHandler: merchant, schema: { tags, summary: '提交线下还款凭证（运营确认）', params: idParams, body: voucherInput } }, async (request) => {
    const enterpriseId = assertCertified(request);
    return ok(await submitVoucher(db, request.params.id, enterpriseId, actorOf(request), request.body, todayChina()));
  });
  app.post('/api/supplyloan/financings/:id/extension', { preHandler: merchant, schema: { tags, summary: '申请展期', params: idParams, body: extensionInput } }, async (request) => {
    const enterpriseId = assertCertified(request);
    return ok(await applyExtension(db, request.params.id, enterpriseId, actorOf(request), request.body, todayChina()));
  });
  app.get('/api/supplyloan/extensions', { preHandler: merchant, schema: { tags, summary: '展期申请记录', querystring: pageQuery } }, async (request) => {
    const rows = (await extensionsOf(db, enterpriseOf(request))).reverse();
    const { page: p, size } = request.query;
    return page(rows.slice((p - 1) * size, p * size), rows.length);
  });
  app.post('/api/supplyloan/financings/:id/drawdowns', { preHandler: merchant, schema: { tags, summary: '订单融资提款', params: idParams, body: drawdownInput } }, async (request) => {
    const enterpriseId = assertCertified(request);
    return ok(await requestDrawdown(db, request.params.id, enterpriseId, actorOf(request), request.body, todayChina()));
  });
  app.get('/api/supplyloan/drawdowns', { preHandler: merchant, schema: { tags, summary: '订单融资提款记录', querystring: drawdownQuery } }, async (request) => {
    const r = await listDrawdowns(db, enterpriseOf(request), request.query);
    return page(r.items, r.totalCount);
  });
  app.get('/api/supplyloan/orderLoans/drawable', { preHandler: merchant, schema: { tags, summary: '可提款的订单融资' } }, async (request) =>
    ok(await drawableOrderLoans(db, enterpriseOf(request))),
  );
  app.get('/api/supplyloan/due', { preHandler: merchant, schema: { tags, summary: '保理还款：已放款融资的今日应还（标注7天内到期及逾期）' } }, async (request) =>
    ok(await dueFinancings(db, enterpriseOf(request), todayChina())),
  );
};
