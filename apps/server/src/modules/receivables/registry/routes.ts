import { registryApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { actorOf } from '../../../lib/actor.ts';
import { chinaToday } from '../../../lib/clock.ts';
import { PDF_POLICY } from '../../../lib/content-policy.ts';
import { NotFoundError, ok, page } from '../../../lib/envelope.ts';
import { serve } from '../../../lib/serve.ts';
import { runOnce } from '../../ledger/index.ts';
import { amendRegistration, cancelRegistration, extendRegistration, registerFinancing } from './filings.ts';
import {
  registrationById,
  registrationDetail,
  registrationPage,
  registrySummary,
  searchById,
  searchesOf,
  unregisteredFinancings,
} from './queries.ts';
import { recordUploadedSearch, searchForFinancing } from './searches.ts';
import { registrationTags } from './gate.ts';
import { scopeOf } from '../../../lib/scope.ts';

/** The desk acts on financings of invoices (the lending line `financed_assets` names INVOICE). */
const invoiceFinancing = (id: number) => ({ product: 'INVOICE', financingId: id });

/**
 * The operator's registry desk (issue 36): the factor's registrations at the registry the app reaches
 * (`ctx.receivables.registry`), the searches kept with each financing, and the certificates. Operators
 * only; every act is audited (serve's hook) and runs once per idempotency key — its answer is read back.
 */
export const registryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const { registry } = ctx.receivables;
  const registrationAnswer = async (done: { status: 'OK' | 'WARN'; message: number }) => ({
    status: done.status,
    message: await registrationById(db, done.message, chinaToday()),
  });
  const searchAnswer = async (done: { status: 'OK' | 'WARN'; message: number }) => ({
    status: done.status,
    message: await searchById(db, done.message, chinaToday()),
  });

  serve(app, api.summary, async () => ok(await registrySummary(db, registry, chinaToday())));
  serve(app, api.registrations, async (request) => {
    const r = await registrationPage(db, request.query, chinaToday());
    return page(r.items, r.totalCount);
  });
  serve(app, api.registration, async (request) => ok(await registrationDetail(db, request.params.id, chinaToday())));
  serve(app, api.unregistered, async () => ok(await unregisteredFinancings(db, chinaToday())));
  serve(app, api.searches, async (request) => ok(await searchesOf(db, invoiceFinancing(request.params.id), chinaToday())));

  serve(app, api.register, async (request) =>
    registrationAnswer(
      await runOnce(
        db,
        request,
        async (tx) =>
          (await registerFinancing(tx, registry, invoiceFinancing(request.params.id), actorOf(request), chinaToday(), request.body.years))
            .id,
      ),
    ),
  );
  serve(app, api.search, async (request) =>
    searchAnswer(
      await runOnce(
        db,
        request,
        async (tx) => (await searchForFinancing(tx, registry, invoiceFinancing(request.params.id), actorOf(request), chinaToday())).id,
      ),
    ),
  );
  serve(app, api.uploadSearch, async (request) =>
    searchAnswer(
      await runOnce(
        db,
        request,
        async (tx) =>
          (await recordUploadedSearch(tx, invoiceFinancing(request.params.id), request.body, actorOf(request), chinaToday())).id,
      ),
    ),
  );
  serve(app, api.amend, async (request) =>
    registrationAnswer(
      await runOnce(
        db,
        request,
        async (tx) => (await amendRegistration(tx, registry, request.params.id, request.body, actorOf(request), chinaToday())).id,
      ),
    ),
  );
  serve(app, api.extend, async (request) =>
    registrationAnswer(
      await runOnce(
        db,
        request,
        async (tx) => (await extendRegistration(tx, registry, request.params.id, request.body.years, actorOf(request), chinaToday())).id,
      ),
    ),
  );
  serve(app, api.cancel, async (request) =>
    registrationAnswer(
      await runOnce(
        db,
        request,
        async (tx) => (await cancelRegistration(tx, registry, request.params.id, request.body.reason, actorOf(request), chinaToday())).id,
      ),
    ),
  );

  // The supplier's own financings only (scoped by its enterprise): whether their receivables are registered.
  serve(app, api.tags, async (request) => ok(await registrationTags(db, scopeOf(request), request.query.financingIds, chinaToday())));

  serve(app, api.certificate, async (request, reply) => {
    const number = request.params.number;
    const bytes = await registry.certificate(number, { db, today: chinaToday() });
    if (!bytes) throw new NotFoundError('登记系统没有该编号的证明');
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${number}.pdf"`)
      .header('Content-Length', String(bytes.length))
      .header('Cache-Control', 'private, no-store')
      .header('Content-Security-Policy', PDF_POLICY)
      .header('X-Content-Type-Options', 'nosniff')
      .send(bytes);
  });
};
