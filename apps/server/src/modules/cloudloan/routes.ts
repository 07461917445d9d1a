import { chinaDate } from '@factoring/domain';
import { cloudLoanApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/actor.ts';
import { chinaToday } from '../../lib/clock.ts';
import { ok, page } from '../../lib/envelope.ts';
import { certifiedScope, scopeOf } from '../../lib/scope.ts';
import { serve } from '../../lib/serve.ts';
import { runOnce, moneyCommand } from '../ledger/index.ts';
import { cloudLoanEligibility, eligibilityScope, isCloudLoanAllowed } from './eligibility.ts';
import { submitApplication } from './operations/apply.ts';
import { drawdown } from './operations/draw.ts';
import { grantForBank } from './operations/grant-for-bank.ts';
import { payOff } from './operations/payoff.ts';
import { rejectForBank } from './operations/reject-for-bank.ts';
import { repayInstalment } from './operations/repay-instalment.ts';
import { publicProduct, readCloudLoanSettings } from './product.ts';
import { applicationDetail, listApplications } from './queries/applications.ts';
import { listCredits } from './queries/credits.ts';
import { previewDrawdown } from './queries/draw-preview.ts';
import { drawdownDetail, listDrawdowns } from './queries/drawdowns.ts';
import { pendingApplications } from './queries/pending-for-bank.ts';
import { cloudLoanTotals } from './queries/totals.ts';
import { repaymentTrial } from './queries/trial.ts';
import { lockDrawdown } from './store.ts';

/** The bank cloud loan (PRODUCT §7, issue 15): eligibility, trial, application, bank decision, drawdown, repayment. */
export const cloudLoanRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const banks = ctx.bankAdapters;
  const confirm = { db, cipher: ctx.cipher };

  serve(app, api.allowed, async (request) => ok(await isCloudLoanAllowed(db, eligibilityScope(request), ctx.ports.loanBook)));
  serve(app, api.eligibility, async (request) => ok(await cloudLoanEligibility(db, eligibilityScope(request), ctx.ports.loanBook)));
  serve(app, api.product, async () => ok(publicProduct(await readCloudLoanSettings(db))));
  serve(app, api.trial, async (request) => ok(await repaymentTrial(db, banks, request.query)));

  // Applications ------------------------------------------------------------------------------
  serve(app, api.apply, async (request) => {
    const scope = certifiedScope(request);
    return runOnce(db, request, (tx) => submitApplication(tx, scope, actorOf(request), request.body, banks, ctx.ports.loanBook));
  });
  serve(app, api.applications, async (request) => {
    const r = await listApplications(db, scopeOf(request), request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.application, async (request) => ok(await applicationDetail(db, scopeOf(request), request.params.id)));

  // Credit and drawdown -----------------------------------------------------------------------
  serve(app, api.credits, async (request) => ok(await listCredits(db, scopeOf(request))));
  serve(app, api.drawPreview, async (request) =>
    ok(await previewDrawdown(db, banks, certifiedScope(request), request.params.id, request.query.amount)),
  );
  serve(app, api.draw, async (request) => {
    const scope = certifiedScope(request);
    const { amount } = request.body;
    const command = { operation: 'cloudloan.draw', request: { applicationId: request.params.id, amount } };
    return ok(
      await moneyCommand(confirm, request, command, (tx) =>
        drawdown(tx, scope, request.params.id, amount, actorOf(request), chinaToday(), banks),
      ),
    );
  });

  // Loans and repayment -----------------------------------------------------------------------
  serve(app, api.drawdowns, async (request) => {
    const r = await listDrawdowns(db, scopeOf(request), request.query, chinaToday());
    return page(r.items, r.totalCount);
  });
  serve(app, api.drawdown, async (request) => ok(await drawdownDetail(db, scopeOf(request), request.params.id, chinaToday())));
  serve(app, api.totals, async (request) => ok(await cloudLoanTotals(db, scopeOf(request), chinaToday())));
  serve(app, api.repayInstalment, async (request) => {
    const scope = certifiedScope(request);
    const { period, amount } = request.body;
    const command = { operation: 'cloudloan.repay', request: { drawdownId: request.params.id, period, amount } };
    const result = await moneyCommand(confirm, request, command, async (tx) =>
      repayInstalment(tx, banks, await lockDrawdown(tx, scope, request.params.id), period, amount, chinaDate(), actorOf(request)),
    );
    return ok({ ...result, repaymentId: result.repaymentId ?? 0 });
  });
  serve(app, api.payoff, async (request) => {
    const scope = certifiedScope(request);
    const { amount } = request.body;
    const command = { operation: 'cloudloan.payoff', request: { drawdownId: request.params.id, amount } };
    const result = await moneyCommand(confirm, request, command, async (tx) =>
      payOff(tx, banks, await lockDrawdown(tx, scope, request.params.id), amount, chinaDate(), actorOf(request)),
    );
    return ok({ ...result, repaymentId: result.repaymentId ?? 0 });
  });

  // The built-in bank: the factor's operator decides for the bank ------------------------------
  serve(app, api.pendingForBank, async () => ok(await pendingApplications(db)));
  serve(app, api.grantForBank, async (request) => ok(await grantForBank(db, ctx.tasks, request.params.id, actorOf(request), request.body)));
  serve(app, api.rejectForBank, async (request) =>
    ok(await rejectForBank(db, ctx.tasks, request.params.id, actorOf(request), request.body.reason)),
  );
};
