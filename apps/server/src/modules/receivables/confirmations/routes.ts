import { confirmationsApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { actorOf } from '../../../lib/actor.ts';
import { ok, page } from '../../../lib/envelope.ts';
import { certifiedScope, enterpriseScope } from '../../../lib/scope.ts';
import { serve } from '../../../lib/serve.ts';
import { moneyCommand, runOnce } from '../../ledger/index.ts';
import { sendForDispute } from '../notices/dispatch-step.ts';
import { acknowledgeNotice, armNotice, sendByHand } from '../notices/operations.ts';
import { debtorNotices, deskNotices, noticeViewById } from '../notices/queries.ts';
import { chinaToday } from '../../../lib/clock.ts';
import { confirmReceivables, disputeReceivables } from './confirm.ts';
import { recordPaperConfirmation } from './paper.ts';
import { assignmentProofs, confirmationDesk, debtorInbox, pendingConfirmations } from './queries.ts';

/**
 * The debtor's part (issue 36): its inbox of receivables assigned to the factor, confirmed (确权) or disputed
 * with its login password (one or a batch), the notices it received and acknowledges; the supplier's proofs
 * on its financings; the operator's desks of notices and confirmations, sending a held notice. Every enterprise
 * read is scoped to the caller's enterprise (as debtor, or as creditor); every write runs once per key.
 */
export const confirmationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const deps = { db, cipher: ctx.cipher };
  // The app's notice delivery (issue 36): the built-in one unless buildApp was handed another.
  const delivery = () => ctx.receivables.noticeDelivery;

  serve(app, api.inbox, async (request) => {
    const r = await debtorInbox(db, enterpriseScope(request), request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.confirm, async (request) => {
    const scope = certifiedScope(request);
    const items = await moneyCommand(
      deps,
      request,
      { operation: 'receivables.confirm', request: { assetIds: request.body.assetIds }, refused: '应收账款未确权' },
      (tx) => confirmReceivables(tx, scope, actorOf(request), request.body.assetIds),
    );
    return ok({ items });
  });
  serve(app, api.dispute, async (request) => {
    const scope = certifiedScope(request);
    const done = await moneyCommand(
      deps,
      request,
      {
        operation: 'receivables.dispute',
        request: { assetIds: request.body.assetIds, reason: request.body.reason },
        refused: '异议未提交',
      },
      async (tx) => {
        const items = await disputeReceivables(tx, scope, actorOf(request), request.body.assetIds, request.body.reason);
        return { items: items.map(({ assetKey: _key, ...item }) => item), noticesSent: await sendForDispute(tx, delivery(), items) };
      },
    );
    return ok(done);
  });
  serve(app, api.notices, async (request) => {
    const r = await debtorNotices(db, enterpriseScope(request), request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.acknowledge, async (request) => {
    const scope = certifiedScope(request);
    // The key keeps the notice's id (a replay answers the same notice); the answer is read back with its instants.
    const id = await moneyCommand(
      deps,
      request,
      { operation: 'receivables.acknowledge', request: { id: request.params.id }, refused: '未确认收到' },
      async (tx) => (await acknowledgeNotice(tx, scope, request.params.id, actorOf(request))).id,
    );
    return ok(await noticeViewById(db, id));
  });
  serve(app, api.proofs, async (request) => ok(await assignmentProofs(db, enterpriseScope(request), request.query.financingIds)));

  serve(app, api.noticeDesk, async (request) => {
    const r = await deskNotices(db, request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.sendNotice, async (request) => {
    const done = await runOnce(
      db,
      request,
      async (tx) => (await sendByHand(tx, delivery(), request.params.id, actorOf(request), request.body.note)).id,
    );
    return { status: done.status, message: await noticeViewById(db, done.message) };
  });
  serve(app, api.armNotice, async (request) => {
    const done = await runOnce(db, request, async (tx) => (await armNotice(tx, request.params.id, request.body.sendOn)).id);
    return { status: done.status, message: await noticeViewById(db, done.message) };
  });
  serve(app, api.confirmationDesk, async (request) => {
    const r = await confirmationDesk(db, request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.pendingDesk, async (request) => {
    const r = await pendingConfirmations(db, request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.recordPaper, async (request) =>
    runOnce(db, request, (tx) => recordPaperConfirmation(tx, actorOf(request), request.body, chinaToday())),
  );
};
