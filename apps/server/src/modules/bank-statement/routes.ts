import { bankStatementApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/actor.ts';
import { ok, page } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import { runOnce } from '../ledger/index.ts';
import { formatView, listFormats } from './formats.ts';
import { assignLine } from './operations/assign-line.ts';
import { createPaymentBatch } from './operations/create-payment-batch.ts';
import { explainLine } from './operations/explain-line.ts';
import { importStatement, readStatement } from './operations/import-statement.ts';
import { reopenLine } from './operations/reopen-line.ts';
import { saveFormat } from './operations/save-format.ts';
import { requestStatementVoid } from './operations/void-statement.ts';
import { lineCandidates } from './queries/line-candidates.ts';
import { listLines } from './queries/lines.ts';
import { listBatches } from './queries/payment-batches.ts';
import { batchCsv, batchPain001 } from './queries/payment-files.ts';
import { listPayouts } from './queries/payout-list.ts';
import { listReconciliationDays, reconciliationDay } from './queries/reconciliation.ts';
import { listStatements } from './queries/statements.ts';
import { bankSummary } from './queries/summary.ts';

/** A statement file arrives as base64 in JSON: 5 MB of file is under 7 MB of text. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The collection account's statements (issue 26), operators only: formats, import, lines and the
 * exceptions queue, pay-outs and payment files, the daily reconciliation and the home page's figures.
 * Every change runs once per idempotency key (`runOnce`).
 */
export const bankStatementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  serve(app, api.formats, async () => ok((await listFormats(db)).map(formatView)));
  serve(app, api.saveFormat, async (request) => {
    const { idempotencyKey: _key, ...format } = request.body;
    return runOnce(db, request, async (tx) => formatView(await saveFormat(tx, actorOf(request).id, format)));
  });

  serve(
    app,
    api.importStatement,
    async (request) => {
      const { formatCode, fileName, content } = request.body;
      const bytes = Buffer.from(content, 'base64');
      // Read (and refused when unreadable) before the transaction takes a connection.
      const parsed = await readStatement(formatCode, bytes, db);
      return runOnce(db, request, (tx) =>
        importStatement(
          tx,
          actorOf(request),
          { formatCode, fileName, bytes, parsed },
          ctx.ports.transferVouchers,
          ctx.ports.debtorCollections,
        ),
      );
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
  serve(app, api.voidStatement, async (request) =>
    runOnce(db, request, (tx) => requestStatementVoid(tx, actorOf(request), request.params.id, request.body.reason)),
  );
  serve(app, api.statements, async (request) => {
    const r = await listStatements(db, request.query);
    return page(r.items, r.totalCount);
  });

  serve(app, api.lines, async (request) => {
    const r = await listLines(db, request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.candidates, async (request) => ok(await lineCandidates(db, request.params.id, ctx.ports.transferVouchers)));
  serve(app, api.assign, async (request) => {
    const { idempotencyKey: _key, ...input } = request.body;
    return runOnce(db, request, (tx) => assignLine(tx, actorOf(request), request.params.id, input, ctx.ports.transferVouchers));
  });
  serve(app, api.explain, async (request) =>
    runOnce(db, request, (tx) => explainLine(tx, actorOf(request), request.params.id, request.body.note)),
  );
  serve(app, api.reopen, async (request) => runOnce(db, request, (tx) => reopenLine(tx, actorOf(request), request.params.id)));

  serve(app, api.payouts, async (request) => {
    const r = await listPayouts(db, request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.createBatch, async (request) => runOnce(db, request, (tx) => createPaymentBatch(tx, actorOf(request).id)));
  serve(app, api.batches, async (request) => {
    const r = await listBatches(db, request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.batchFile, async (request, reply) => {
    const csv = request.query.format === 'csv';
    const file = csv ? await batchCsv(db, request.params.id) : await batchPain001(db, request.params.id);
    return reply
      .header('Content-Type', csv ? 'text/csv; charset=utf-8' : 'application/xml; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${file.name}"`)
      .header('Content-Length', String(file.body.length))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(file.body);
  });

  serve(app, api.reconciliation, async (request) => {
    const r = await listReconciliationDays(db, request.query);
    return page(r.items, r.totalCount);
  });
  serve(app, api.reconciliationDay, async (request) => ok(await reconciliationDay(db, request.params.date)));
  serve(app, api.summary, async () => ok(await bankSummary(db)));
};
