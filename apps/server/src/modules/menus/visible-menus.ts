import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { menus } from '../../db/schema/index.ts';
import type { AuthUser } from '../auth/index.ts';

export type MenuRow = typeof menus.$inferSelect;

/** Who receives an entry: logged out the public set, logged in the set of the user's authority, then the gates of SPEC §2. */
export function menusFor(all: MenuRow[], user: AuthUser | null, cloudLoanAllowed: boolean): MenuRow[] {
  const audiences = user ? ['ALL', user.authority === 'operator' ? 'OPERATOR' : 'MERCHANT'] : ['PUBLIC', 'ALL'];
  return all.filter((m) => {
    if (!audiences.includes(m.audience)) return false;
    switch (m.gate) {
      case 'WAREHOUSE':
        return user?.ckFlag === 'Y';
      case 'PURCHASE_SALES':
        return user?.purchaseSales === true;
      case 'CLOUD_LOAN':
        return cloudLoanAllowed;
      default:
        return true;
    }
  });
}

export async function loadAllMenus(db: Db): Promise<MenuRow[]> {
  return db.select().from(menus).orderBy(asc(menus.sortOrder), asc(menus.id));
}
