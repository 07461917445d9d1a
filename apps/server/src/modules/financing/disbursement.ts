// The one disbursement of every lending product (issue 22): the credit line books the principal as
// used (under its row lock), the net amount reaches the enterprise's controlled or free funds, and the
// charges kept at disbursement (interest in upfront mode, the service fee) become the factor's income.
import { assertBalanced, type Cents, type JournalDraft, type PostingLine } from '@factoring/domain';
import type { Tx } from '../../db/client.ts';
import { bookUse } from '../credit/index.ts';
import { postControlledDisbursement } from '../funds/index.ts';
import { postFreeDisbursement, postEntry } from '../ledger/index.ts';

export interface Disbursement {
  enterpriseId: number;
  /** The factor's credit line the principal is booked on; null for a loan on another's book (the bank's cloud loan). */
  creditLineId: number | null;
  principal: Cents;
  /** What reaches the enterprise: the principal less the charges kept. */
  net: Cents;
  upfrontInterest: Cents;
  serviceFee: Cents;
  /** Loan proceeds for targeted payments only (受控资金), or free funds. */
  into: 'CONTROLLED' | 'FREE';
  sourceRef: string;
  createdBy: number | null;
}

/**
 * The factor's side of the charges kept at disbursement: the receivable is the whole principal while
 * only the net reached the borrower, so the difference is income. Factor accounts only.
 */
function chargesKeptEntry(p: { interest: number; serviceFee: number; sourceRef: string }): JournalDraft | null {
  const total = p.interest + p.serviceFee;
  if (total <= 0) return null;
  const lines: PostingLine[] = [
    { account: { factor: 'RECEIVABLE_PRINCIPAL' }, side: 'D', amount: total as Cents, flowType: 'PRINCIPAL', memo: p.sourceRef },
  ];
  if (p.interest > 0)
    lines.push({
      account: { factor: 'INTEREST_INCOME' },
      side: 'C',
      amount: p.interest as Cents,
      flowType: 'INCOME',
      memo: `${p.sourceRef} 预收利息`,
    });
  if (p.serviceFee > 0)
    lines.push({
      account: { factor: 'FEE_INCOME' },
      side: 'C',
      amount: p.serviceFee as Cents,
      flowType: 'FEE_INCOME',
      memo: `${p.sourceRef} 服务费`,
    });
  return assertBalanced({ kind: 'CONTROLLED_DISBURSEMENT', memo: `${p.sourceRef} 放款扣收`, lines });
}

/** Books and posts one disbursement in the caller's transaction; answers the entry that moved the net amount. */
export async function disburse(tx: Tx, d: Disbursement): Promise<{ entryId: number; refNo: string }> {
  if (d.net + d.upfrontInterest + d.serviceFee !== d.principal) {
    throw new Error(`${d.sourceRef}: net ${d.net} + interest ${d.upfrontInterest} + fee ${d.serviceFee} ≠ principal ${d.principal}`);
  }
  if (d.creditLineId !== null) await bookUse(tx, d.creditLineId, d.principal);
  const posting = { enterpriseId: d.enterpriseId, amount: d.net, sourceRef: d.sourceRef, createdBy: d.createdBy };
  const posted = d.into === 'CONTROLLED' ? await postControlledDisbursement(tx, posting) : await postFreeDisbursement(tx, posting);
  const charges = chargesKeptEntry({ interest: d.upfrontInterest, serviceFee: d.serviceFee, sourceRef: d.sourceRef });
  if (charges) await postEntry(tx, charges, { createdBy: d.createdBy });
  return { entryId: posted.entryId, refNo: posted.refNo };
}
