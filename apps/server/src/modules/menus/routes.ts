import { systemApi as api } from '@factoring/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { serve } from '../../lib/serve.ts';
import type { AppContext } from '../../context.ts';
import type { AuthUser } from '../auth/index.ts';
import { hasOrdersAddressedTo } from '../purchase-sales/index.ts';
import type { Db } from '../../db/client.ts';
import { loadAllMenus, menusFor, type PurchaseSalesReach } from './visible-menus.ts';

/** A merchant without the purchase/sales switch reaches the orders other enterprises sent to its own (issue 24). */
async function purchaseSalesReach(db: Db, user: AuthUser | null): Promise<PurchaseSalesReach> {
  if (user?.authority !== 'merchant' || user.enterpriseId == null) return 'NONE';
  if (user.purchaseSales) return 'FULL';
  return (await hasOrdersAddressedTo(db, user.enterpriseId)) ? 'ADDRESSED' : 'NONE';
}

export const menuRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  serve(app, api.menus, async (request) => {
    const db = ctx.database.db;
    const user = request.user;
    const gates = Object.entries(ctx.ports.menuGates);
    const [all, open, purchaseSales] = await Promise.all([
      loadAllMenus(db),
      Promise.all(gates.map(([, gate]) => gate(db, request, ctx.ports.loanBook))),
      purchaseSalesReach(db, user),
    ]);
    // Each lending product's gates (issue 35): the gate's name → whether this user sees its entries.
    const productGates = new Map(gates.map(([name], i) => [name, open[i]]));
    return ok(
      menusFor(all, user, productGates, purchaseSales).map(({ id, name, route, bpid, mpid, icon }) => ({
        id,
        name,
        route,
        bpid,
        mpid,
        icon,
      })),
    );
  });
};
