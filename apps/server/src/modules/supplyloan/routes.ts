import { chinaDate } from '@factoring/domain';
import { chinaToday } from '../../lib/clock.ts';
import { factoringMoneyApi, supplyLoanApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/actor.ts';
import { ok, page } from '../../lib/envelope.ts';
import { certifiedScope, enterpriseScope } from '../../lib/scope.ts';
import { serve } from '../../lib/serve.ts';
import { runOnce, moneyCommand } from '../ledger/index.ts';
import { applyExtension } from './operations/apply-extension.ts';
import { applyInvoiceFinancing, applyOrderLoan } from './operations/apply-financing.ts';
import { cancelFinancing } from './operations/approval.ts';
import { drawableOrderLoans } from './queries/drawable-order-loans.ts';
import { dueFinancings } from './queries/due-financings.ts';
import { financingDetail } from './queries/financing-detail.ts';
import { applyToJoin } from './operations/join-platform.ts';
import { listDrawdowns } from './queries/list-drawdowns.ts';
import { extensionPage } from './queries/list-extensions.ts';
import { listFinancings } from './queries/list-financings.ts';
import { invoiceChecksOf } from './queries/invoice-checks.ts';
import { listInvoices } from './queries/list-invoices.ts';
import { myCreditLines } from './queries/my-credit-lines.ts';
import { submitVoucher } from './operations/offline-repayment.ts';
import { coreEnterprises, listPlatforms, platformDetail } from './queries/platforms.ts';
import { repaymentQuote } from './queries/quote.ts';
import { registerInvoice } from './operations/register-invoice.ts';
import { repayOnline } from './operations/repay-online.ts';
import { requestDrawdown } from './operations/request-drawdown.ts';
import { supplyLoanSummary } from './queries/summary.ts';
import { trialFor } from './queries/trial.ts';
import { recordMisdirectedPayment } from './factoring/misdirected.ts';
import { debtorOwed, factoringDesk, financingCollection } from './factoring/queries.ts';

/**
 * Supply-chain loans (PRODUCT §6): platforms, credit lines, invoices, financing, drawdowns, repayment,
 * extension. Every route is an enterprise user's (supplyLoanApi): reads see the caller's enterprise
 * (`enterpriseScope`), and everything that applies, pays or asks needs it certified (`certifiedScope`).
 */
export const supplyLoanRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const confirm = { db, cipher: ctx.cipher };

  // Platforms and credit lines ----------------------------------------------------------------
  serve(app, api.platforms, async (request) => ok(await listPlatforms(db, enterpriseScope(request), chinaDate())));
  serve(app, api.platform, async (request) => ok(await platformDetail(db, request.params.id)));
  serve(app, api.joinPlatform, async (request) => {
    const scope = certifiedScope(request);
    return runOnce(db, request, async (tx) => {
      const application = await applyToJoin(tx, scope, actorOf(request), request.body, chinaDate());
      return { id: application.id, status: application.status };
    });
  });
  serve(app, api.creditLines, async (request) => ok(await myCreditLines(db, enterpriseScope(request), chinaDate())));
  serve(app, api.coreEnterprises, async () => ok(await coreEnterprises(db)));
  serve(app, api.summary, async (request) => ok(await supplyLoanSummary(db, enterpriseScope(request), chinaToday())));

  // Invoices ----------------------------------------------------------------------------------
  serve(app, api.invoices, async (request) => {
    const r = await listInvoices(db, enterpriseScope(request), request.query, chinaToday());
    return page(r.items, r.totalCount);
  });
  serve(app, api.registerInvoice, async (request) => {
    const row = await registerInvoice(db, certifiedScope(request), actorOf(request), request.body, chinaDate(), ctx.receivables.verifier);
    return ok({ id: row.id, status: row.status, verification: row.verification });
  });
  serve(app, api.invoiceChecks, async (request) => ok(await invoiceChecksOf(db, enterpriseScope(request), request.params.id)));

  // Applying for a financing ------------------------------------------------------------------
  serve(app, api.trial, async (request) => ok(await trialFor(db, enterpriseScope(request), request.body, chinaDate())));
  serve(app, api.applyInvoiceFinancing, async (request) => {
    const scope = certifiedScope(request);
    return runOnce(db, request, (tx) => applyInvoiceFinancing(tx, scope, actorOf(request), request.body, chinaDate()));
  });
  serve(app, api.applyOrderLoan, async (request) => {
    const scope = certifiedScope(request);
    return runOnce(db, request, (tx) => applyOrderLoan(tx, scope, actorOf(request), request.body, chinaDate(), ctx.ports.orderBacking));
  });

  // My financings -----------------------------------------------------------------------------
  serve(app, api.financings, async (request) => ok(await listFinancings(db, enterpriseScope(request), request.query, chinaToday())));
  serve(app, api.financing, async (request) => ok(await financingDetail(db, enterpriseScope(request), request.params.id, chinaToday())));
  serve(app, api.cancelFinancing, async (request) => {
    const scope = enterpriseScope(request);
    return ok(await db.transaction((tx) => cancelFinancing(tx, scope, request.params.id, actorOf(request))));
  });

  // Repayment ---------------------------------------------------------------------------------
  serve(app, api.quote, async (request) => ok(await repaymentQuote(db, enterpriseScope(request), request.params.id, chinaToday())));
  serve(app, api.repay, async (request) => {
    const scope = certifiedScope(request);
    const { amount } = request.body;
    const command = { operation: 'supplyloan.repay', request: { financingId: request.params.id, amount } };
    const today = chinaDate();
    return ok(
      await moneyCommand(confirm, request, command, (tx) => repayOnline(tx, scope, request.params.id, actorOf(request), amount, today)),
    );
  });
  serve(app, api.submitVoucher, async (request) => {
    const scope = certifiedScope(request);
    return runOnce(db, request, (tx) => submitVoucher(tx, scope, request.params.id, actorOf(request), request.body, chinaDate()));
  });

  // Extension ---------------------------------------------------------------------------------
  serve(app, api.requestExtension, async (request) => {
    const scope = certifiedScope(request);
    return runOnce(db, request, (tx) => applyExtension(tx, scope, request.params.id, actorOf(request), request.body, chinaDate()));
  });
  serve(app, api.extensions, async (request) => {
    const r = await extensionPage(db, enterpriseScope(request), request.query);
    return page(r.items, r.totalCount);
  });

  // Order-loan drawdowns ----------------------------------------------------------------------
  serve(app, api.requestDrawdown, async (request) => {
    const scope = certifiedScope(request);
    return runOnce(db, request, (tx) => requestDrawdown(tx, scope, request.params.id, actorOf(request), request.body, chinaDate()));
  });
  serve(app, api.drawdowns, async (request) => {
    const r = await listDrawdowns(db, enterpriseScope(request), request.query, chinaToday());
    return page(r.items, r.totalCount);
  });
  serve(app, api.drawable, async (request) => ok(await drawableOrderLoans(db, enterpriseScope(request), chinaToday())));

  // Due financings (/user/factorRepayment) ----------------------------------------------------
  serve(app, api.due, async (request) => ok(await dueFinancings(db, enterpriseScope(request), chinaToday())));

  // Factoring money (issue 36): the supplier's collection, the debtor's dues, the operator's desk ------------
  serve(app, factoringMoneyApi.financingCollection, async (request) =>
    ok(await financingCollection(db, enterpriseScope(request), request.params.id, chinaToday())),
  );
  serve(app, factoringMoneyApi.debtorOwed, async (request) => ok(await debtorOwed(db, enterpriseScope(request), chinaToday())));
  serve(app, factoringMoneyApi.factoringDesk, async () => ok(await factoringDesk(db, chinaToday())));
  serve(app, factoringMoneyApi.recordMisdirected, async (request) =>
    runOnce(db, request, (tx) => recordMisdirectedPayment(tx, actorOf(request), request.params.id, request.body, chinaToday())),
  );
};
