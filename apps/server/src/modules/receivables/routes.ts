import { receivablesApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/actor.ts';
import { chinaToday } from '../../lib/clock.ts';
import { ok, page } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import { runOnce } from '../ledger/index.ts';
import { changeStatusOnDesk, creditNoteOnDesk, issueOnDesk, recheckAsset } from './desk.ts';
import { listDilutions } from './dilutions.ts';
import { assetChecks, bureauInvoicePage, bureauInvoiceView, checkById, checkView, financedAssetPage } from './queries.ts';
import { registryRoutes } from './registry/routes.ts';
import { confirmationRoutes } from './confirmations/routes.ts';

/**
 * Receivables (issue 36), operators only: the financed-assets table, each financed invoice's checks and a
 * check now, the dilutions with the exposure each leaves (from the loan book on the day), and the
 * simulated tax bureau's desk. Every write is audited (serve's hook) and runs once per idempotency key.
 * The registry desk (中登网, registry/routes.ts) and the debtor's part (confirmations/routes.ts) are registered with them.
 */
export const receivablesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const loans = ctx.ports.loanBook;
  // The app's tax bureau (issue 36): the simulated one unless buildApp was handed a real service.
  const { verifier } = ctx.receivables;
  serve(app, api.dilutions, async (request) => ok(await listDilutions(db, loans, chinaToday(), request.query)));
  serve(app, api.assets, async (request) => {
    const r = await financedAssetPage(db, loans, request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.assetChecks, async (request) => ok(await assetChecks(db, request.params.id)));
  serve(app, api.recheck, async (request) => {
    // The key keeps the check's id (a replay answers the same check); the answer is read back with its instant.
    const done = await runOnce(
      db,
      request,
      async (tx) => (await recheckAsset(tx, verifier, request.params.id, actorOf(request), chinaToday())).id,
    );
    return { status: done.status, message: checkView(await checkById(db, done.message)) };
  });
  serve(app, api.bureauInvoices, async (request) => {
    const r = await bureauInvoicePage(db, request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.issueBureauInvoice, async (request) =>
    runOnce(db, request, async (tx) => bureauInvoiceView(await issueOnDesk(tx, verifier, request.body))),
  );
  serve(app, api.voidBureauInvoice, async (request) =>
    runOnce(db, request, async (tx) =>
      bureauInvoiceView(
        await changeStatusOnDesk(tx, verifier, request.params.id, { status: 'VOID', note: request.body.note }, chinaToday()),
      ),
    ),
  );
  serve(app, api.reverseBureauInvoice, async (request) =>
    runOnce(db, request, async (tx) =>
      bureauInvoiceView(
        await changeStatusOnDesk(tx, verifier, request.params.id, { status: 'REVERSED', note: request.body.note }, chinaToday()),
      ),
    ),
  );
  serve(app, api.creditBureauInvoice, async (request) =>
    runOnce(db, request, async (tx) =>
      bureauInvoiceView(await creditNoteOnDesk(tx, verifier, request.params.id, request.body, chinaToday())),
    ),
  );
  await app.register(registryRoutes, { ctx });
  await app.register(confirmationRoutes, { ctx });
};
