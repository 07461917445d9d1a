import { chinaDate } from '@factoring/domain';
import { pledgePaymentApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { actorOf } from '../../../lib/actor.ts';
import { ok } from '../../../lib/envelope.ts';
import { certifiedScope, enterpriseScope } from '../../../lib/scope.ts';
import { serve } from '../../../lib/serve.ts';
import { runOnce } from '../../ledger/index.ts';
import { pledgeContracts } from '../contract-status.ts';
import { pledgePaymentInfo, pledgeVoucherOf } from '../queries/payment-info.ts';
import { submitPledgeVoucher } from '../operations/submit-voucher.ts';

/**
 * A pledge financing's contracts (the pledge contract and margin agreement, signed in
 * /user/contractList or on the margin page) and its bank-transfer vouchers (margin, margin-call
 * top-up, repayment), which operators confirm in /bpm/tasks. Registered by routes.ts.
 */
export const pledgePaymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  serve(app, api.contracts, async (request) => ok(await pledgeContracts(db, enterpriseScope(request), request.params.id)));
  serve(app, api.paymentInfo, async (request) => ok(await pledgePaymentInfo(db, enterpriseScope(request), request.params.id)));
  serve(app, api.submitVoucher, async (request) => {
    const scope = certifiedScope(request);
    return runOnce(db, request, (tx) => submitPledgeVoucher(tx, scope, request.params.id, actorOf(request), request.body, chinaDate()));
  });
  serve(app, api.voucher, async (request) => ok(await pledgeVoucherOf(db, enterpriseScope(request), request.params.id)));
};
