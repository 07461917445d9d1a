import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Cents } from '@factoring/domain';
import { fundsApi as api } from '@factoring/domain/contract';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/actor.ts';
import { BusinessError, ok, page } from '../../lib/envelope.ts';
import { certifiedScope } from '../../lib/scope.ts';
import { serve } from '../../lib/serve.ts';
import { readSiteConfig } from '../system/index.ts';
import { virtualAccountByNo, runOnce, checkLedger, moneyCommand } from '../ledger/index.ts';
import { applyConsignment } from './operations/apply-consignment.ts';
import { changePayee } from './operations/change-payee.ts';
import { disablePayee } from './operations/disable-payee.ts';
import { openPayee } from './operations/open-payee.ts';
import { payFromControlled } from './operations/pay-from-controlled.ts';
import { requestWithdrawal } from './operations/request-withdrawal.ts';
import { submitDeposit } from './operations/submit-deposit.ts';
import { internalTransfer } from './operations/transfer.ts';
import { accountBalance, ownVirtualAccount } from './queries/balance.ts';
import { listConsignments } from './queries/consignments.ts';
import { listTranches, loanFunds } from './queries/controlled.ts';
import { entrySummary } from './queries/entry-summary.ts';
import { counterpartyFlows, exportFundFlows, listFundFlows, monthlyFundFlows } from './queries/fund-flows.ts';
import { listPayees, payeeDetail } from './queries/payees.ts';
import { listWithdrawals } from './queries/withdrawals.ts';
import { boundSettlementAccount } from '../certification/index.ts';

/**
 * The fund account (issue 5): balances, fund flows, withdrawal, transfer, payees, consignment,
 * controlled funds. Every merchant call runs in the caller's certified scope (PRODUCT §4).
 */
export const fundsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const confirm = { db, cipher: ctx.cipher };
  const fees = async () => (await readSiteConfig(db)).fees;

  serve(app, api.balance, async (request) => ok(await accountBalance(db, certifiedScope(request))));
  serve(app, api.flows, async (request) => {
    const r = await listFundFlows(db, certifiedScope(request), request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.monthlyFlows, async (request) => ok(await monthlyFundFlows(db, certifiedScope(request), request.query.months)));
  serve(app, api.exportFlows, async (request) => ok(await exportFundFlows(db, certifiedScope(request), request.query)));
  serve(app, api.counterparties, async (request) => ok(await counterpartyFlows(db, certifiedScope(request), request.query)));
  serve(app, api.result, async (request) => ok(await entrySummary(db, certifiedScope(request), request.query.refNo)));

  // Withdrawal -------------------------------------------------------------------------------
  serve(app, api.withdrawalInfo, async (request) => {
    const scope = certifiedScope(request);
    const available = (await ownVirtualAccount(db, scope))?.available ?? 0;
    const fee = (await fees()).withdraw;
    const bound = await boundSettlementAccount(db, scope);
    // Where the money goes, as the withdrawal page shows it (the bound account has more fields than it needs).
    const settlementAccount = bound && {
      accountName: bound.accountName,
      accountNo: bound.accountNo,
      bankName: bound.bankName,
      branchName: bound.branchName,
    };
    return ok({ available, fee, maxAmount: Math.max(0, available - fee), settlementAccount });
  });
  serve(app, api.withdraw, async (request) => {
    const scope = certifiedScope(request);
    const { amount } = request.body;
    const fee = (await fees()).withdraw as Cents;
    const command = { operation: 'withdraw', request: { amount } };
    return ok(await moneyCommand(confirm, request, command, (tx) => requestWithdrawal(tx, scope, { by: actorOf(request), amount, fee })));
  });
  serve(app, api.withdrawals, async (request) => {
    const r = await listWithdrawals(db, certifiedScope(request), request.query);
    return page(r.items, r.totalCount);
  });

  // Internal transfer ------------------------------------------------------------------------
  serve(app, api.transfer, async (request) => {
    const scope = certifiedScope(request);
    const { payeeAccountNo, payeeName, memo, amount } = request.body;
    const fee = (await fees()).inTransfer as Cents;
    const command = { operation: 'transfer', request: { amount, payeeAccountNo, payeeName, memo: memo || null } };
    return ok(
      await moneyCommand(confirm, request, command, (tx) => internalTransfer(tx, scope, { payeeAccountNo, payeeName, amount, fee, memo })),
    );
  });

  // Payee whitelist --------------------------------------------------------------------------
  serve(app, api.payees, async (request) => {
    const r = await listPayees(db, certifiedScope(request), request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.payee, async (request) => ok(await payeeDetail(db, certifiedScope(request), request.params.id)));
  serve(app, api.openPayee, async (request) => {
    const scope = certifiedScope(request);
    const { idempotencyKey: _key, ...payee } = request.body;
    return runOnce(db, request, (tx) => openPayee(tx, scope, actorOf(request), payee));
  });
  serve(app, api.changePayee, async (request) => {
    const scope = certifiedScope(request);
    return ok(await db.transaction((tx) => changePayee(tx, scope, actorOf(request), request.params.id, request.body)));
  });
  serve(app, api.disablePayee, async (request) => {
    const scope = certifiedScope(request);
    return ok(await db.transaction((tx) => disablePayee(tx, scope, request.params.id)));
  });

  // Consignment ------------------------------------------------------------------------------
  serve(app, api.consignments, async (request) => {
    const r = await listConsignments(db, certifiedScope(request), request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.applyConsignment, async (request) => {
    const scope = certifiedScope(request);
    return runOnce(db, request, (tx) => applyConsignment(tx, scope, { by: actorOf(request), ...request.body }));
  });
  serve(app, api.passedConsignments, async (request) => {
    const r = await listConsignments(db, certifiedScope(request), {
      page: request.body?.page ?? 1,
      size: request.body?.size ?? 200,
      status: 'APPROVED',
    });
    return page(r.items, r.totalCount);
  });

  // Controlled funds -------------------------------------------------------------------------
  serve(app, api.controlled, async (request) => ok(await listTranches(db, certifiedScope(request))));
  serve(app, api.loanFunds, async (request) => ok(await loanFunds(db, certifiedScope(request), request.query.loanRef)));
  serve(app, api.targetedPayment, async (request) => {
    const scope = certifiedScope(request);
    const { payeeId, trancheId, purpose, amount } = request.body;
    const command = {
      operation: 'targeted-payment',
      request: { amount, payeeId, trancheId: trancheId ?? null, purpose: purpose || null },
    };
    return ok(await moneyCommand(confirm, request, command, (tx) => payFromControlled(tx, scope, { payeeId, amount, trancheId, purpose })));
  });

  // Operators --------------------------------------------------------------------------------
  serve(app, api.virtualAccount, async (request) => {
    const account = await virtualAccountByNo(db, request.query.accountNo);
    if (!account) throw new BusinessError('虚拟账号不存在');
    return ok(account);
  });
  // A deposit is confirmed by a second operator's review (the task it opens), not by a password.
  serve(app, api.deposit, async (request) => {
    const { accountNo, amount, payerName, payerAccountNo, memo } = request.body;
    const command = {
      operation: 'deposit',
      request: { accountNo, amount, payerName: payerName ?? null, payerAccountNo: payerAccountNo ?? null, memo: memo ?? null },
      password: false,
    };
    return ok(
      await moneyCommand(confirm, request, command, (tx) =>
        submitDeposit(tx, actorOf(request), { accountNo, amount, payerName, payerAccountNo, memo }),
      ),
    );
  });
  serve(app, api.ledgerCheck, async () => ok(await checkLedger(db)));
};
