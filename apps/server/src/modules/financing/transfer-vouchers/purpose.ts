// One offline payment (issue 35): what a lending product registers to take transfer vouchers, and what the
// bank statement reads of them. Types only from the areas it names (bpm), so this file drags no area in.
import type { Db, Tx } from '../../../db/client.ts';
import type { transferVouchers } from '../../../db/schema/index.ts';
import type { TaskOperator } from '../../bpm/index.ts';

/** A voucher as stored (db/schema/transfer-vouchers.ts): any product's, for any purpose. */
export type TransferVoucher = typeof transferVouchers.$inferSelect;

/** What the purpose's own booking reports: the reference of the payment made from the receipt, and the audit's words. */
export interface PurposeBooking {
  refNo?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * One purpose a product takes transfer vouchers for (a pledge's margin, a supply loan's repayment): the lending
 * core keeps the voucher, opens its four-eyes task (`taskType`, decided by another operator than the submitter),
 * and on approval books the bank receipt into the enterprise's funds, then calls `book` to pay from it what the
 * money is for — all in the decision's transaction, so a refusal anywhere changes nothing. The approval's effect
 * names the receipt (`DecisionEffect.received`), which the bank statement links its line to.
 */
export interface TransferVoucherPurpose {
  /** The code the product writes on its vouchers, e.g. PLEDGE. */
  product: string;
  /** What the money is for, in the product's words, e.g. MARGIN; one voucher of it waits per loan. */
  purpose: string;
  /** The purpose in words, e.g. 保证金: the voucher reads 保证金凭证 PZ…（loan no）. */
  label: string;
  /** The inbox task type that confirms it, and that type's label. */
  taskType: string;
  taskLabel: string;
  /** Locks the voucher's loan as the product's own operations do (the core locks the voucher after it). */
  lockLoan(tx: Tx, voucher: TransferVoucher, operator: TaskOperator): Promise<void>;
  /** The memo of the bank receipt in the ledger. */
  receiptMemo(voucher: TransferVoucher): string;
  /** Pays what the money arrived for, from the enterprise's funds the receipt just credited. */
  book(tx: Tx, voucher: TransferVoucher, receipt: { entryId: number; refNo: string }, operator: TaskOperator): Promise<PurposeBooking>;
  /** The product's own record of a rejection (nothing moves); its audit words. */
  rejected?(tx: Tx, voucher: TransferVoucher, operator: TaskOperator, reason: string): Promise<PurposeBooking | void>;
}

/**
 * A transfer voucher waiting for an operator, as the bank statement's matcher sees it: it ties a credit of the
 * same amount, payer and reference to it.
 */
export interface WaitingVoucher {
  /** The product that took it (the voucher's `product`). */
  source: string;
  id: number;
  /** What a payer's remark may name to point at it: the voucher's number, the loan's number. */
  references: readonly string[];
  /** The voucher in words, e.g. 保证金凭证 PZ…（PF…）. */
  label: string;
  amount: number;
  payerAccountName: string;
  payerAccountNo: string;
  /** Its pending confirmation task; null when none is open. */
  taskId: number | null;
}

/** Every registered product's waiting vouchers, from the one table: read by the bank statement, which names no product. */
export interface TransferVoucherBook {
  /** Waiting vouchers (status pending), optionally of one amount, oldest first. */
  waiting(db: Db | Tx, amount?: number): Promise<WaitingVoucher[]>;
}
