// The port between purchase/sales and supply loans for reading (issue 35, walls for tables): which order
// loan a sales order backs, answered by supply loans for a list of orders at once.
import type { Db, Tx } from '../../db/client.ts';

/** The order loan a sales order backs, as purchase/sales shows and checks it. */
export interface OrderLoanRef {
  /** The order's receivable at the supply loan: REGISTERED, FINANCED, … (`ORDER_RECEIVABLE_STATUSES`). */
  receivableStatus: string;
  financingId: number | null;
  financingNo: string | null;
  /** The financing's status (`financingLifecycle`), null when the receivable backs none. */
  financingStatus: string | null;
}

/** Order loans by the sales orders they finance: implemented by supply loans, consumed by purchase/sales (issue 35). */
export interface OrderLoans {
  /**
   * The order loan each sales order backs, by `orderLoanKey(seller, orderNo)`: one statement for the whole
   * list, never one per order. Orders without a seller in the portal, or never offered to a loan, are absent.
   */
  backing(db: Db | Tx, orders: readonly { sellerEnterpriseId: number | null; orderNo: string }[]): Promise<Map<string, OrderLoanRef>>;
}

/** The key of `OrderLoans.backing`'s answer for one order. */
export const orderLoanKey = (sellerEnterpriseId: number, orderNo: string) => `${sellerEnterpriseId}:${orderNo}`;
