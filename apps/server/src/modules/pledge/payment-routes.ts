import {
  answers,
  idParams,
  pledgeContractsSchema,
  pledgePaymentInfoSchema,
  pledgeVoucherBody,
  pledgeVoucherSchema,
} from '@factoring/domain/contract';
import { chinaDate } from '@factoring/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app.ts';
import { ok } from '../../lib/envelope.ts';
import { certifiedScope, enterpriseScope } from '../../lib/scope.ts';
import { runOnce } from '../ledger/idempotency.ts';
import { pledgeContracts } from './contract-status.ts';
import { pledgePaymentInfo, pledgeVoucherOf } from './payment-info.ts';
import { submitPledgeVoucher } from './submit-voucher.ts';

const tags = ['pledge'];

/**
 * A pledge financing's contracts (the pledge contract and margin agreement, signed in
 * /user/contractList or on the margin page) and its bank-transfer vouchers (margin, margin-call
 * top-up, repayment), which operators confirm in /bpm/tasks. Registered by routes.ts.
 */
export const pledgePaymentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const merchant = app.requireUser('merchant');

  app.get(
    '/api/pledge/financings/:id/contracts',
    {
      preHandler: merchant,
      schema: { tags, summary: '质押合同与保证金协议（签署状态）', params: idParams, response: answers(pledgeContractsSchema) },
    },
    async (request) => ok(await pledgeContracts(db, enterpriseScope(request), request.params.id)),
  );
  app.get(
    '/api/pledge/financings/:id/payment',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '缴款信息（收款账户、应缴保证金、补缴通知、应还金额、转账凭证）',
        params: idParams,
        response: answers(pledgePaymentInfoSchema),
      },
    },
    async (request) => ok(await pledgePaymentInfo(db, enterpriseScope(request), request.params.id)),
  );
  app.post(
    '/api/pledge/financings/:id/vouchers',
    {
      preHandler: merchant,
      schema: {
        tags,
        summary: '提交线下转账凭证（保证金、补缴保证金、还款；运营确认到账后入账；幂等键）',
        params: idParams,
        body: pledgeVoucherBody,
        response: answers(pledgeVoucherSchema),
      },
    },
    async (request) => {
      const scope = certifiedScope(request);
      const actor = { id: request.user!.id, name: request.user!.displayName, ip: request.ip };
      return runOnce(db, request, (tx) => submitPledgeVoucher(tx, scope, request.params.id, actor, request.body, chinaDate()));
    },
  );
  app.get(
    '/api/pledge/vouchers/:id',
    { preHandler: merchant, schema: { tags, summary: '转账凭证（提交结果）', params: idParams, response: answers(pledgeVoucherSchema) } },
    async (request) => ok(await pledgeVoucherOf(db, enterpriseScope(request), request.params.id)),
  );
};
