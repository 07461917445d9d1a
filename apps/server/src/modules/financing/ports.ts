// The ports between purchase/sales and supply loans (issue 22). Neither area imports the other: each
// implements the port the other consumes, and app.ts wires them (`PORTS`), as it wires the sign hooks.
// Types only, so this file drags no area in.
import type { Cents, IsoDate } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import type { EnterpriseScope } from '../../lib/scope.ts';
import type { LoanBook, MenuGate } from './lending-product.ts';
import type { OrderLoans } from './order-loans.ts';
import type { DebtorCollectionSource } from './debtor-collections.ts';
import type { TransferVoucherBook } from './transfer-vouchers/purpose.ts';

/** A sales order offered as the backing of an order loan: implemented by purchase/sales, consumed by supply loans. */
export interface OrderBacking {
  /**
   * Inside an order-loan application's transaction. When `orderNo` is one of the applicant's managed
   * sales orders, the order is locked and must be able to back the loan — confirmed, its buyer the
   * platform's core enterprise, not yet paid, the amount and delivery date its own — else a
   * `BusinessError` refuses the application; the application is recorded in the order's history. An
   * order number that is not a managed sales order (typed in from outside the portal) passes unchanged.
   */
  claimForOrderLoan(
    tx: Tx,
    scope: EnterpriseScope,
    claim: {
      orderNo: string;
      /** Cents, as applied for. */
      orderAmount: number;
      deliveryDate: string;
      coreEnterpriseId: number;
      actor: { id: number | null; name: string };
    },
  ): Promise<void>;
}

/** What a collection repaid of the order loan its order backs. */
export interface CollectionRepayment {
  financingNo: string;
  repaid: Cents;
  /** The repayment's ledger reference. */
  refNo: string;
}

/** Repaying an order loan from its order's collection: implemented by supply loans, consumed by purchase/sales. */
export interface LoanCollection {
  /**
   * A collection of the seller's sales order `orderNo` reached the factor and `amount` was just credited
   * to the seller's account, in `tx`. If the order backs a disbursed order loan, that loan is repaid from
   * it first — in the seller's scope, penalty → interest → principal as supply loans allocate — up to what
   * it owes today. Answers what was repaid, or null when the order backs no disbursed loan or nothing is owed.
   */
  repayFromCollection(
    tx: Tx,
    collection: { sellerEnterpriseId: number; orderNo: string; amount: Cents; actor: { id: number; name: string }; today: IsoDate },
  ): Promise<CollectionRepayment | null>;
}

/** Every port app.ts wires, passed to the areas that consume them. */
export interface Ports {
  orderBacking: OrderBacking;
  orderLoans: OrderLoans;
  loanCollection: LoanCollection;
  /**
   * Every registered lending product's loans as one book (lending-product.ts): the risk desk reads its
   * positions, the cloud loan's eligibility its arrears.
   */
  loanBook: LoanBook;
  /** The menu gates the lending products contribute (a menu row's `gate` → the rule), read by the menus. */
  menuGates: Readonly<Record<string, MenuGate>>;
  /** Every registered product's waiting transfer vouchers (one table), read by the bank statement's matcher. */
  transferVouchers: TransferVoucherBook;
  /** The products' expected debtor payments (factoring collections, issue 36), read by the bank statement's matcher. */
  debtorCollections: readonly DebtorCollectionSource[];
}
