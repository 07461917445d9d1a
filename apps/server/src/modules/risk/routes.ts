import { riskApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/actor.ts';
import { chinaToday } from '../../lib/clock.ts';
import { ok } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import { runOnce } from '../ledger/index.ts';
import { aging } from './aging.ts';
import { bookOn } from './book.ts';
import { bookReserve } from './book-reserve.ts';
import { exposure, exposureFinancings } from './exposure.ts';
import { proposeRiskLimits, riskLimitsAnswer } from './limits.ts';
import { ratios } from './ratios.ts';
import { trends } from './trends.ts';

/**
 * The factor's risk desk (issue 27), operators only: exposure and its drill-down, aging with the reserve
 * required and booked, the supervisory ratios and their limits (the collateral watch is the goods pledge's own tab,
 * served by the pledge module). Two writes, both
 * audited: proposing limits (four eyes: another operator approves them in the inbox), and booking the reserve (once per idempotency key, like every money call).
 * Every answer is computed on the server clock's day.
 */
export const riskRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;
  const loans = ctx.ports.loanBook;
  /** Today's book, as every registered lending product quotes its loans, with the day it was read on. */
  const today = async () => {
    const asOf = chinaToday();
    return { asOf, book: await bookOn(loans, db, asOf) };
  };
  serve(app, api.exposure, async () => {
    const { asOf, book } = await today();
    return ok(exposure(asOf, book));
  });
  serve(app, api.exposureFinancings, async (request) =>
    ok(exposureFinancings((await today()).book, request.query.dimension, request.query.key)),
  );
  serve(app, api.aging, async () => {
    const { asOf, book } = await today();
    return ok(await aging(db, asOf, book));
  });
  serve(app, api.ratios, async () => {
    const { asOf, book } = await today();
    return ok(await ratios(db, asOf, book));
  });
  serve(app, api.limits, async () => ok(await riskLimitsAnswer(db)));
  serve(app, api.saveLimits, async (request) => ok(await proposeRiskLimits(db, actorOf(request), request.body)));
  serve(app, api.bookReserve, async (request) =>
    runOnce(db, request, (tx) =>
      bookReserve(loans, tx, actorOf(request), { expectedRequired: request.body.expectedRequired, asOf: chinaToday() }),
    ),
  );
  serve(app, api.trends, async () => ok(await trends(db, loans.lines)));
};
