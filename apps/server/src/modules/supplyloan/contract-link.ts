import { dueDateWording, formatPercent, formatYuan, INTEREST_MODE_LABELS } from '@factoring/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { financings } from '../../db/schema/index.ts';
import { enterpriseDirectory } from '../account/index.ts';
import { generateContract } from '../contracts/index.ts';
import { FINANCING_CONTRACT_KIND } from './contract-kinds.ts';
import { FACTOR_NAME, type Trial } from '../financing/index.ts';
import type { Platform } from './store.ts';

export { FACTOR_NAME } from '../financing/index.ts';

/** Draws up the financing contract (Chinese PDF from its kind's template, contract-kinds.ts) and links it to the financing. */
export async function generateFinancingContract(
  tx: Tx,
  p: {
    financing: { id: number; financingNo: string; enterpriseId: number; amount: number; termDays: number };
    platform: Platform;
    t: Trial;
    invoiceNo: string;
    receivables: number;
  },
): Promise<number> {
  const [core] = await tx
    .select({ name: enterpriseDirectory.name })
    .from(enterpriseDirectory)
    .where(eq(enterpriseDirectory.id, p.platform.coreEnterpriseId));
  const { id } = await generateContract(tx, {
    enterpriseId: p.financing.enterpriseId,
    kind: FINANCING_CONTRACT_KIND,
    relatedType: 'FINANCING',
    relatedId: p.financing.id,
    relatedNo: p.financing.financingNo,
    title: `${p.platform.name}融资合同（${p.financing.financingNo}）`,
    counterparty: p.platform.repaymentAccount?.accountName ?? FACTOR_NAME,
    amount: p.financing.amount,
    data: {
      financingNo: p.financing.financingNo,
      platformName: p.platform.name,
      coreEnterprise: core?.name ?? '',
      buyerName: core?.name ?? '',
      invoiceNo: p.invoiceNo.slice(0, 500),
      receivableAmount: formatYuan(p.receivables),
      advanceRate: formatPercent(p.platform.advanceRatePpm),
      rate: formatPercent(p.t.annualRatePpm),
      interestMode: INTEREST_MODE_LABELS[p.t.interestMode],
      termDays: String(p.financing.termDays),
      startDate: '放款之日',
      dueDate: dueDateWording(p.financing.termDays), // the booked due date: dueDateOf(disbursement date, term)
      interest: formatYuan(p.t.interest),
      serviceFee: formatYuan(p.t.serviceFee),
      netAmount: formatYuan(p.t.netDisbursed),
    },
  });
  await tx.update(financings).set({ contractId: id }).where(eq(financings.id, p.financing.id));
  return id;
}
