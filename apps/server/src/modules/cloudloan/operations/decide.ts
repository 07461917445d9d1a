import {
  cloudLoanApplicationLifecycle,
  compareIsoDates,
  formatPercent,
  formatYuan,
  REPAYMENT_METHOD_LABELS,
  type IsoDate,
} from '@factoring/domain';
import { CLOUD_LOAN_MAX_RATE_PPM, CLOUD_LOAN_MAX_TERM, CLOUD_LOAN_MIN_TERM } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { cloudLoanApplications } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../lib/envelope.ts';
import { transition } from '../../../lib/transition.ts';
import type { DecisionEffect } from '../../bpm/index.ts';
import { generateContract } from '../../contracts/index.ts';
import { CLOUD_LOAN_CONTRACT_KIND } from '../contract-kind.ts';
import type { BankAdapter, BankDecision } from '../bank-adapter.ts';
import type { ApplicationRow } from '../store.ts';
import { now, chinaToday } from '../../../lib/clock.ts';

/** What booking a decision changed: the inbox's audit before/after. */
export interface SettledDecision extends DecisionEffect {
  before: { status: ApplicationRow['status'] };
  after: { status: ApplicationRow['status'] } & Record<string, unknown>;
}

/** The bank's grant as it is booked. */
type Grant = Extract<BankDecision, { state: 'GRANTED' }>;

/** Draws up the loan agreement with the granted terms; the enterprise signs it before drawing. */
async function generateAgreement(tx: Tx, a: ApplicationRow, terms: Grant, grantedAt: string) {
  const { id } = await generateContract(tx, {
    enterpriseId: a.enterpriseId,
    kind: CLOUD_LOAN_CONTRACT_KIND,
    relatedType: 'CLOUD_LOAN',
    relatedId: a.id,
    relatedNo: a.applicationNo,
    title: `银行云贷借款协议（${a.applicationNo}）`,
    counterparty: a.bankName,
    amount: terms.amount,
    effectiveDate: grantedAt,
    expiryDate: terms.expiryDate,
    data: {
      授信金额: `${formatYuan(terms.amount)} 元`,
      rate: formatPercent(terms.annualRatePpm),
      借款期限: `${terms.termMonths} 个月（每笔提款自提款日起算）`,
      repaymentMethod: REPAYMENT_METHOD_LABELS[a.method],
      借款用途: a.purpose,
      授信有效期: `${grantedAt} 至 ${terms.expiryDate}`,
      放款方式: '提款至甲方在本平台开立的虚拟账户',
      还款方式说明: '每期还款日从甲方虚拟账户可用余额自动扣款；余额不足的，自还款日次日起按借款利率的 1.5 倍计收罚息',
    },
  });
  return id;
}

/** A grant the portal cannot book is the adapter's fault, not the enterprise's: it fails loudly. */
function assertBookable(adapter: BankAdapter, g: Grant, today: IsoDate) {
  const fault = (what: string) => new Error(`cloud loan: bank adapter "${adapter.name}" granted ${what}`);
  if (!Number.isSafeInteger(g.amount) || g.amount <= 0) throw fault(`an amount of ${g.amount}`);
  if (!Number.isInteger(g.annualRatePpm) || g.annualRatePpm <= 0 || g.annualRatePpm > CLOUD_LOAN_MAX_RATE_PPM)
    throw fault(`a rate of ${g.annualRatePpm} ppm`);
  if (!Number.isInteger(g.termMonths) || g.termMonths < CLOUD_LOAN_MIN_TERM || g.termMonths > CLOUD_LOAN_MAX_TERM)
    throw fault(`a term of ${g.termMonths} months`);
  if (compareIsoDates(g.expiryDate, today) < 0) throw fault(`a credit that expired on ${g.expiryDate}`);
}

/**
 * The application flow learns the bank's decision — only by asking the application's adapter
 * (`queryDecision`) — and books it: SUBMITTED → GRANTED with the bank's amount, rate, term and
 * validity and the loan agreement drawn up for signing, or → REJECTED with the bank's reason.
 * Answers null while the bank has not decided, or when the decision was booked already.
 * Runs in the caller's transaction, under the application's row lock.
 */
export async function settleBankDecision(tx: Tx, adapter: BankAdapter, applicationId: number): Promise<SettledDecision | null> {
  const [a] = await tx.select().from(cloudLoanApplications).where(eq(cloudLoanApplications.id, applicationId)).for('update');
  if (!a) throw new NotFoundError('云贷申请不存在');
  if (a.bankAdapter !== adapter.name)
    throw new Error(`cloud loan: application ${a.applicationNo} is carried by "${a.bankAdapter}", not "${adapter.name}"`);
  if (a.status !== 'SUBMITTED') return null;
  const decision = await adapter.queryDecision(tx, { id: a.id, applicationNo: a.applicationNo, bankRef: a.bankRef });
  if (decision.state === 'PENDING') return null;
  if (decision.state === 'REJECTED') {
    const after = await transition(tx, cloudLoanApplications, cloudLoanApplicationLifecycle, a, 'REJECTED', {
      rejectReason: decision.reason,
      decidedBy: decision.decidedBy,
      updatedAt: now(),
    });
    return { before: { status: a.status }, after: { status: after.status, rejectReason: decision.reason } };
  }
  const grantedAt = chinaToday();
  assertBookable(adapter, decision, grantedAt);
  const contractId = await generateAgreement(tx, a, decision, grantedAt);
  const after = await transition(tx, cloudLoanApplications, cloudLoanApplicationLifecycle, a, 'GRANTED', {
    grantedAmount: decision.amount,
    grantedRatePpm: decision.annualRatePpm,
    grantedTermMonths: decision.termMonths,
    grantedAt,
    expiryDate: decision.expiryDate,
    decidedBy: decision.decidedBy,
    contractId,
    updatedAt: now(),
  });
  return {
    before: { status: a.status },
    after: {
      status: after.status,
      grantedAmount: decision.amount,
      grantedRatePpm: decision.annualRatePpm,
      grantedTermMonths: decision.termMonths,
      expiryDate: decision.expiryDate,
      contractId,
      comment: decision.comment,
    },
  };
}
