import { addDays, formatPercent, formatYuan, REPAYMENT_METHOD_LABELS, cloudLoanApplicationLifecycle } from '@factoring/domain';
import { cloudLoanGrantInput } from '@factoring/domain/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { cloudLoanApplications } from '../../db/schema/index.ts';
import { BusinessError } from '../../lib/envelope.ts';
import { transition } from '../../lib/transition.ts';
import type { TaskOperator } from '../bpm/registry.ts';
import { generateContract, type SignHook } from '../contracts/index.ts';
import { readCloudLoanSettings } from './product.ts';
import { lockApplication, type ApplicationRow } from './store.ts';
import { now, chinaToday } from '../../lib/clock.ts';

const OPERATOR_SCOPE = (operator: TaskOperator) => ({ kind: 'operator', userId: operator.id }) as const;

export interface GrantTerms {
  amount: number;
  annualRatePpm: number;
  termMonths: number;
  validityDays: number;
}

/** Draws up the loan agreement with the granted terms; the enterprise signs it before drawing. */
async function generateAgreement(tx: Tx, a: ApplicationRow, terms: GrantTerms, grantedAt: string, expiryDate: string) {
  const { id } = await generateContract(tx, {
    enterpriseId: a.enterpriseId,
    type: 'CLOUD_LOAN',
    relatedType: 'CLOUD_LOAN',
    relatedId: a.id,
    relatedNo: a.applicationNo,
    title: `银行云贷借款协议（${a.applicationNo}）`,
    counterparty: a.bankName,
    amount: terms.amount,
    effectiveDate: grantedAt,
    expiryDate,
    data: {
      授信金额: `${formatYuan(terms.amount)} 元`,
      rate: formatPercent(terms.annualRatePpm),
      借款期限: `${terms.termMonths} 个月（每笔提款自提款日起算）`,
      repaymentMethod: REPAYMENT_METHOD_LABELS[a.method],
      借款用途: a.purpose,
      授信有效期: `${grantedAt} 至 ${expiryDate}`,
      放款方式: '提款至甲方在本平台开立的虚拟账户',
      还款方式说明: '每期还款日从甲方虚拟账户可用余额自动扣款；余额不足的，自还款日次日起按借款利率的 1.5 倍计收罚息',
    },
  });
  return id;
}

/**
 * The bank grants the credit: SUBMITTED → GRANTED with amount, rate, term and validity, and the loan
 * agreement is drawn up for signing. Without the operator's terms, what was asked for is granted at
 * the product's reference rate.
 */
export async function grantApplication(
  tx: Tx,
  applicationId: number,
  operator: TaskOperator,
  given: GrantTerms | null,
  comment: string | null,
) {
  const a = await lockApplication(tx, OPERATOR_SCOPE(operator), applicationId);
  const settings = await readCloudLoanSettings(tx);
  const terms =
    given ??
    cloudLoanGrantInput.parse({
      amount: a.amount,
      annualRatePpm: settings.referenceRatePpm,
      termMonths: a.termMonths,
      validityDays: settings.validityDays,
    });
  if (terms.amount > settings.maxAmount)
    throw new BusinessError(`授信金额不能超过产品最高额度 ${formatYuan(settings.maxAmount)} 元`, 'AMOUNT_OVER_MAX');
  if (terms.amount < settings.minAmount)
    throw new BusinessError(`授信金额不能低于产品最低额度 ${formatYuan(settings.minAmount)} 元`, 'AMOUNT_UNDER_MIN');
  const grantedAt = chinaToday();
  const expiryDate = addDays(grantedAt, terms.validityDays);
  const contractId = await generateAgreement(tx, a, terms, grantedAt, expiryDate);
  const after = await transition(tx, cloudLoanApplications, cloudLoanApplicationLifecycle, a, 'GRANTED', {
    grantedAmount: terms.amount,
    grantedRatePpm: terms.annualRatePpm,
    grantedTermMonths: terms.termMonths,
    grantedAt,
    expiryDate,
    decidedBy: operator.id,
    contractId,
    updatedAt: now(),
  });
  return {
    before: { status: a.status },
    after: {
      status: after.status,
      grantedAmount: terms.amount,
      grantedRatePpm: terms.annualRatePpm,
      grantedTermMonths: terms.termMonths,
      expiryDate,
      contractId,
      comment,
    },
  };
}

/** The bank refuses the application, with its reason. */
export async function rejectApplication(tx: Tx, applicationId: number, operator: TaskOperator, reason: string) {
  const a = await lockApplication(tx, OPERATOR_SCOPE(operator), applicationId);
  const after = await transition(tx, cloudLoanApplications, cloudLoanApplicationLifecycle, a, 'REJECTED', {
    rejectReason: reason,
    decidedBy: operator.id,
    updatedAt: now(),
  });
  return { before: { status: a.status }, after: { status: after.status, rejectReason: reason } };
}

/** Signing the loan agreement (contracts module, with password) opens the credit for drawing. */
export const cloudLoanSignHook: SignHook = async (tx, relatedId, contract) => {
  const [a] = await tx
    .select()
    .from(cloudLoanApplications)
    .where(eq(cloudLoanApplications.id, Number(relatedId)))
    .for('update');
  if (!a || a.contractId !== contract.id) return;
  await tx.update(cloudLoanApplications).set({ agreementSignedAt: now(), updatedAt: now() }).where(eq(cloudLoanApplications.id, a.id));
};
