import { chinaDate } from '@factoring/domain';
import { pledgeDeliveryApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { actorOf } from '../../../lib/actor.ts';
import { ok } from '../../../lib/envelope.ts';
import { certifiedScope, enterpriseScope } from '../../../lib/scope.ts';
import { serve } from '../../../lib/serve.ts';
import { moneyCommand } from '../../ledger/index.ts';
import { addGoodsQuote, addGoodsToPledge } from '../operations/add-goods.ts';
import { pledgeAlerts } from '../queries/alerts.ts';
import { addCustomer, disableCustomer, listCustomers } from '../operations/customers.ts';
import { addSignPerson, disableSignPerson, listSignPersons } from '../operations/sign-persons.ts';
import { pledgeValueHistory } from '../queries/value-history.ts';

/**
 * Delivery and risk of goods-pledge financing (issue 14): designated signers and downstream
 * customers who may receive released goods, adding goods to meet a margin call, the LTV alerts of
 * the dashboard and the reminder, and the collateral value over time. Registered by routes.ts.
 */
export const pledgeDeliveryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const db = ctx.database.db;

  // Designated signers ------------------------------------------------------------------------
  serve(app, api.signPersons, async (request) => ok(await listSignPersons(db, enterpriseScope(request), request.query)));
  serve(app, api.addSignPerson, async (request) =>
    ok(await addSignPerson(db, certifiedScope(request), actorOf(request), request.body, chinaDate())),
  );
  serve(app, api.disableSignPerson, async (request) => ok(await disableSignPerson(db, certifiedScope(request), request.params.id)));

  // Downstream customers ----------------------------------------------------------------------
  serve(app, api.customers, async (request) => ok(await listCustomers(db, enterpriseScope(request), request.query)));
  serve(app, api.addCustomer, async (request) => ok(await addCustomer(db, certifiedScope(request), actorOf(request), request.body)));
  serve(app, api.disableCustomer, async (request) => ok(await disableCustomer(db, certifiedScope(request), request.params.id)));

  // Adding goods to meet a margin call: goods instead of money, so no password; once per key ----
  serve(app, api.addGoodsQuote, async (request) => ok(await addGoodsQuote(db, enterpriseScope(request), request.params.id)));
  serve(app, api.addGoods, async (request) => {
    const scope = certifiedScope(request);
    const command = {
      operation: 'pledge.addGoods',
      request: { financingId: request.params.id, lines: request.body.lines },
      password: false,
    };
    return ok(
      await moneyCommand({ db, cipher: ctx.cipher }, request, command, (tx) =>
        addGoodsToPledge(tx, scope, request.params.id, actorOf(request), request.body),
      ),
    );
  });

  // Risk --------------------------------------------------------------------------------------
  serve(app, api.alerts, async (request) => ok(await pledgeAlerts(db, enterpriseScope(request))));
  serve(app, api.valueHistory, async (request) => ok(await pledgeValueHistory(db, enterpriseScope(request), request.params.id)));
};
