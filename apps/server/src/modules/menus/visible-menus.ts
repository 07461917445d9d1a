import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menus } from '../../db/schema/index.ts';
import type { AuthUser } from '../auth/index.ts';

export type MenuRow = typeof menus.$inferSelect;

/**
 * A user's reach into purchase and sales: `FULL` with the feature switched on (SPEC §2); `ADDRESSED` without
 * it when another enterprise sent orders to its enterprise — the overview and the order list of those, to
 * confirm or send them back (issue 24); `NONE` otherwise.
 */
export type PurchaseSalesReach = 'FULL' | 'ADDRESSED' | 'NONE';
/** The purchase/sales pages an `ADDRESSED` user reaches: not targeted payment, which pays orders of its own. */
const ADDRESSED_ROUTES = new Set(['/purchaseSalesManage', '/purchaseSalesManage/orderManage']);

/** Who receives an entry: logged out the public set, logged in the set of the user's authority, then the gates of SPEC §2. */
export function menusFor(
  all: MenuRow[],
  user: AuthUser | null,
  productGates: ReadonlyMap<string, boolean>,
  purchaseSales: PurchaseSalesReach = 'NONE',
): MenuRow[] {
  const audiences = user ? ['ALL', user.authority === 'operator' ? 'OPERATOR' : 'MERCHANT'] : ['PUBLIC', 'ALL'];
  return all.filter((m) => {
    if (!audiences.includes(m.audience)) return false;
    switch (m.gate) {
      case 'WAREHOUSE':
        return user?.ckFlag === 'Y';
      case 'PURCHASE_SALES':
        return user?.purchaseSales === true || (purchaseSales === 'ADDRESSED' && m.route !== null && ADDRESSED_ROUTES.has(m.route));
      default:
        // A lending product's gate (its `menuGates`); NONE, or a gate no product has, is shown.
        return productGates.get(m.gate) ?? true;
    }
  });
}

export async function loadAllMenus(db: Db): Promise<MenuRow[]> {
  return db.select().from(menus).orderBy(asc(menus.sortOrder), asc(menus.id));
}
