// The one reader of the invoices a financing holds (issue 36): the registry describes them, the debtor's gate asks
// their confirmations, the registry's gate and searches compare them — all from `financed_assets`, read here once.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { financedAssets } from '../../db/schema/index.ts';

/** A financing as `financed_assets` holds it: its lending line (INVOICE) and id. */
export interface Financed {
  product: string;
  financingId: number;
}

/** The invoices a financing holds and has not let go (applied for, or funded), in the order they were claimed. */
export async function liveInvoicesOf(db: Db | Tx, f: Financed) {
  return db
    .select()
    .from(financedAssets)
    .where(
      and(
        eq(financedAssets.product, f.product),
        eq(financedAssets.financingId, f.financingId),
        eq(financedAssets.kind, 'INVOICE'),
        inArray(financedAssets.status, ['HELD', 'FUNDED']),
      ),
    )
    .orderBy(asc(financedAssets.id));
}
