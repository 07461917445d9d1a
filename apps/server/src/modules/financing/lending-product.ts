// A lending product, registered once (issue 35): what the rest of the portal needs to know of a product
// to read its loans without naming it. Each product module exports one `LendingProduct`; app.ts lists
// them (`LENDING_PRODUCTS`) and builds from that list the one loan book (`loanBook`), the operator task
// types, the kinds of contract and the close-of-business steps. The risk desk, the cloud loan's eligibility and
// every other reader of loans read the book, never a product's tables or names.
// Types only from the areas it names (bpm, contracts, jobs), so this file drags no area in.
import type { IsoDate } from '@factoring/domain';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { CloseOfBusinessStep } from '../../jobs/close-of-business.ts';
import type { TaskType } from '../bpm/index.ts';
import type { ContractKind } from '../contracts/index.ts';
import type { EveryLoanArrears, LoanArrears } from './overdue.ts';
import type { DebtorCollectionSource } from './debtor-collections.ts';
import type { TransferVoucherPurpose } from './transfer-vouchers/purpose.ts';

/** An area of the API as the audit log names it: the tag of its endpoints and its words. */
export interface AuditArea {
  tag: string;
  label: string;
}

/**
 * Whose book a loan is in: the factor's own (its risk assets, held to the supervisory limits) or a
 * partner bank's (the factor only arranges it; shown apart, never in the ratios).
 */
export type BookSide = 'FACTOR' | 'BANK';

/** One kind of loan a product lends under, e.g. INVOICE 供应链融资（应收账款）: its code on every position and its words. */
export interface ProductLine {
  code: string;
  label: string;
  side: BookSide;
}

/**
 * A live loan on a day: what was lent and to whom — the borrower, the debtor whose receivable backs it
 * (null where none is assigned), the platform, the collateral (warehouse and goods, null where none) —
 * and what it owes that day by part, quoted by the product's own rule (the figure its borrower sees).
 */
export interface LoanPosition {
  /** The code of one of the product's lines. */
  product: string;
  id: number;
  financingNo: string;
  borrowerId: number;
  borrowerName: string;
  debtorId: number | null;
  debtorName: string | null;
  platformId: number | null;
  platformName: string | null;
  warehouseId: number | null;
  warehouseName: string | null;
  goodsId: number | null;
  goodsName: string | null;
  /** The earliest unpaid due date (null when none is set). */
  dueDate: string | null;
  daysPastDue: number;
  principal: number;
  interest: number;
  penalty: number;
}

export interface LendingProduct {
  /** The product's name in messages and logs, e.g. 供应链融资. */
  label: string;
  /** The tag of its endpoints (its area, e.g. `pledge`) and its words, for the audit log's 对象 column. */
  area?: AuditArea;
  /** The lines it lends under; their codes are unique across products. */
  lines: readonly ProductLine[];
  /** Its live loans quoted on `asOf`, one statement or a few — never one per loan. */
  positions(db: Db | Tx, asOf: IsoDate): Promise<LoanPosition[]>;
  /** Whether an enterprise is behind on one of its loans (the lending core's overdue rule). */
  arrears: LoanArrears;
  /** Its operator tasks in the /bpm/tasks inbox. */
  taskTypes: readonly TaskType[];
  /** Its kinds of contract (issue 35): code, label, template, who signs, what signing does. */
  contractKinds: readonly ContractKind[];
  /** Its steps of the close of business, in the order they run. */
  closeOfBusinessSteps: readonly CloseOfBusinessStep[];
  /**
   * The menu entries it opens or hides per user: the `gate` of a menu row → whether the caller of the menu
   * request sees it (e.g. the cloud loan's entries only for an enterprise that may apply or has applied).
   */
  menuGates?: Readonly<Record<string, MenuGate>>;
  /**
   * What it takes transfer vouchers (offline payments) for, if it takes any (issue 35): each purpose's inbox task
   * type and what its confirmed money pays. The vouchers are the lending core's (`transfer_vouchers`).
   */
  transferVoucherPurposes?: readonly TransferVoucherPurpose[];
  /** The debtor payments it expects at the factor's collection account (factoring, issue 36), if it takes them. */
  debtorCollections?: DebtorCollectionSource;
}

/** Whether the user of a menu request sees the entries of one gate, read with the loan book at hand. */
export type MenuGate = (db: Db, request: FastifyRequest, loans: LoanBook) => Promise<boolean>;

/** Every registered product's loans as one book: what the risk desk, eligibility and the reminders read. */
export interface LoanBook extends EveryLoanArrears {
  /** Every line of every product, in registration order. */
  lines: readonly ProductLine[];
  /** The line of a code, or undefined for a code no product lends under. */
  lineOf(code: string): ProductLine | undefined;
  /** Every live loan on `asOf`, split by whose book it is in. */
  positionsOn(db: Db | Tx, asOf: IsoDate): Promise<Record<BookSide, LoanPosition[]>>;
}

export function loanBook(products: readonly LendingProduct[]): LoanBook {
  if (!products.length) throw new Error('loan book: no lending product registered');
  const lines = products.flatMap((p) => p.lines);
  const byCode = new Map(lines.map((l) => [l.code, l]));
  if (byCode.size !== lines.length) throw new Error(`loan book: a product line code is registered twice (${lines.map((l) => l.code)})`);
  return {
    lines,
    lineOf: (code) => byCode.get(code),
    positionsOn: async (db, asOf) => {
      const book: Record<BookSide, LoanPosition[]> = { FACTOR: [], BANK: [] };
      // One product after another: a transaction's client runs one statement at a time.
      for (const product of products)
        for (const position of await product.positions(db, asOf)) {
          const line = byCode.get(position.product);
          if (!line || !product.lines.includes(line))
            throw new Error(`loan book: ${product.label} answered a position of line ${position.product}, not one of its own`);
          book[line.side].push(position);
        }
      return book;
    },
    productsInArrears: async (db, enterpriseId, today) => {
      const late: string[] = [];
      for (const product of products) if (await product.arrears.inArrears(db, enterpriseId, today)) late.push(product.arrears.label);
      return late;
    },
  };
}
