import { invoiceKeyOf, orderKeyOf, partyKey } from '@factoring/domain';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { enterpriseDirectory } from '../account/index.ts';

/** The key of each enterprise as a party to a receivable: its credit code, else its portal id (`partyKey`). */
export async function partyKeysOf(db: Db | Tx, enterpriseIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(enterpriseIds)];
  const rows = ids.length
    ? await db
        .select({ id: enterpriseDirectory.id, uscc: enterpriseDirectory.uscc })
        .from(enterpriseDirectory)
        .where(inArray(enterpriseDirectory.id, ids))
    : [];
  const keys = new Map(rows.map((r) => [r.id, partyKey(r.uscc, r.id)]));
  for (const id of ids) if (!keys.has(id)) keys.set(id, partyKey(null, id));
  return keys;
}

/** An invoice as another area holds it: its seller and buyer (enterprise ids), code and number, and the order it bills. */
export interface InvoiceRef {
  sellerId: number;
  buyerId: number;
  invoiceCode: string;
  invoiceNumber: string;
  orderNo?: string | null;
}

/** The natural keys of invoices (and of the orders they bill), in the order given. */
export async function invoiceKeys(db: Db | Tx, refs: readonly InvoiceRef[]) {
  const parties = await partyKeysOf(
    db,
    refs.flatMap((r) => [r.sellerId, r.buyerId]),
  );
  return refs.map((r) => {
    const sellerKey = parties.get(r.sellerId)!;
    const buyerKey = parties.get(r.buyerId)!;
    return {
      sellerKey,
      buyerKey,
      invoiceKey: invoiceKeyOf({ sellerKey, invoiceCode: r.invoiceCode, invoiceNumber: r.invoiceNumber }),
      orderKey: r.orderNo?.trim() ? orderKeyOf({ buyerKey, sellerKey, orderNo: r.orderNo }) : null,
    };
  });
}
