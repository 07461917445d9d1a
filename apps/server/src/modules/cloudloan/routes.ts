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
import { submitApplication } from './apply.ts';
import { drawdown, previewDrawdown } from './draw.ts';
import { cloudLoanEligibility, eligibilityScope, isCloudLoanAllowed } from './eligibility.ts';
import { grantForBank, pendingApplications, rejectForBank } from './operator-decisions.ts';
import { publicProduct, readCloudLoanSettings } from './product.ts';
import { applicationDetail, cloudLoanTotals, drawdownDetail, listApplications, listCredits, listDrawdowns } from './queries.ts';
import { payOff, repayInstalment } from './servicing.ts';
import { lockDrawdown } from './store.ts';
import { repaymentTrial } from './trial.ts';

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
