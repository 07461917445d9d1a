import { disbursementEntry, marginApplicationEntry, marginEntry, repaymentEntry, type Cents } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import { rule } from './domain-errors.ts';
import { postEntry, type PostedEntry } from './post-entry.ts';

/**
 * Postings for the financing issues (loans, factoring, pledge). Each runs in the caller's
 * transaction, so the financing's own state change and its money movement commit together.
 * The postings that open or spend a loan's controlled tranches are the funds area's (funds/loan-tranches.ts):
 * it owns the tranches (issue 35, walls for tables).
 */

/** A disbursement into the enterprise's free (available) funds. */
export async function postFreeDisbursement(
  tx: Tx,
  p: { enterpriseId: number; amount: Cents; sourceRef: string; createdBy?: number | null },
): Promise<PostedEntry> {
  return postEntry(
    tx,
    rule(() => disbursementEntry({ ...p, controlled: false })),
    { createdBy: p.createdBy },
  );
}

/**
 * A repayment from the enterprise's available funds: principal reduces the receivable, interest and
 * penalty interest become income. Refused with '可用余额不足' when the free part does not cover it.
 */
export async function postRepayment(
  tx: Tx,
  p: { enterpriseId: number; principal: Cents; interest: Cents; penalty: Cents; sourceRef: string; createdBy?: number | null },
): Promise<PostedEntry> {
  return postEntry(
    tx,
    rule(() => repaymentEntry(p)),
    { createdBy: p.createdBy },
  );
}

/**
 * Margin taken from the enterprise's available funds into its MARGIN part (hold: shown as frozen, the
 * account's total unchanged) or given back to the available funds (release). Refused with
 * '可用余额不足' (hold) or '保证金余额不足' (release of more than is held).
 */
export async function postMargin(
  tx: Tx,
  p: { enterpriseId: number; amount: Cents; sourceRef: string; release?: boolean; createdBy?: number | null },
): Promise<PostedEntry> {
  return postEntry(
    tx,
    rule(() => marginEntry(p)),
    { createdBy: p.createdBy },
  );
}

/**
 * A held margin applied to a defaulted financing's debt (penalty, interest, principal as allocated by
 * the caller): it leaves the enterprise's MARGIN part and reaches the factor's receivable and income
 * through the available part, so the enterprise reads 保证金抵扣欠款 and the repayment rows in its flows.
 */
export async function postMarginApplication(
  tx: Tx,
  p: { enterpriseId: number; principal: Cents; interest: Cents; penalty: Cents; sourceRef: string; createdBy?: number | null },
): Promise<PostedEntry> {
  return postEntry(
    tx,
    rule(() => marginApplicationEntry(p)),
    { createdBy: p.createdBy },
  );
}
