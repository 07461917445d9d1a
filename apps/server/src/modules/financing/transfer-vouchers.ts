// The port of offline payments (issue 35): each lending product that takes transfer vouchers says where
// they wait; the bank statement reads them through it. Types only.
import type { Db, Tx } from '../../db/client.ts';

/**
 * A transfer voucher waiting for an operator (issue 35, one offline payment): an enterprise says it paid
 * the factor's collection account by bank transfer — a repayment, a margin, a top-up — and a task waits
 * for an operator to confirm the money arrived. The bank statement's matcher ties a credit to it.
 */
export interface WaitingVoucher {
  /** The code of the source that holds it (`TransferVoucherSource.source`). */
  source: string;
  id: number;
  /** What a payer's remark may name to point at it: the voucher's number, the loan's number. */
  references: readonly string[];
  /** The voucher in words, e.g. 质押保证金凭证 PV…（PF…）. */
  label: string;
  amount: number;
  payerAccountName: string;
  payerAccountNo: string;
  /** Its pending confirmation task; null when none is open. */
  taskId: number | null;
}

/** Where a product keeps its transfer vouchers: read by the bank statement, which names no product. */
export interface TransferVoucherSource {
  /** Unique across sources, e.g. PLEDGE. */
  source: string;
  /** Its waiting vouchers (status pending), optionally of one amount, oldest first. */
  waiting(db: Db | Tx, amount?: number): Promise<WaitingVoucher[]>;
}
