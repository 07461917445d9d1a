import { eq } from 'drizzle-orm';
import { cloudLoanApplications } from '../../db/schema/index.ts';
import { now } from '../../lib/clock.ts';
import { amountStated, closingClauses, type ContractKind, type SignHook } from '../contracts/index.ts';

// The cloud loan's agreement (issue 35: declared here, registered by app.ts through the product). It is
// with the bank, which signs it in its own systems: the enterprise's signature completes it here, the
// factor does not countersign.

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

export const CLOUD_LOAN_CONTRACT_KIND: ContractKind = {
  code: 'CLOUD_LOAN',
  label: '云贷协议',
  recordLabel: '云贷',
  roles: ['甲方（借款人）', '乙方（服务方）'],
  signers: 'BOTH',
  factorCountersigns: false,
  fieldLabels: { rate: '年化利率', repaymentMethod: '还款方式' },
  preamble: (i) => `甲方通过本平台向合作金融机构申请云贷业务，乙方为甲方提供信息撮合、贷后管理等服务。双方就${i.title}达成如下条款。`,
  clauses: (i) => [
    {
      heading: '借款金额及期限',
      paragraphs: [`甲方本次申请借款金额为${amountStated(i)}，借款期限及利率以合作金融机构最终审批结果为准。`],
    },
    {
      heading: '授权事项',
      paragraphs: ['甲方授权乙方向合作金融机构提供甲方在本平台的交易数据、账户流水等信息，用于借款审批及贷后管理。'],
    },
    ...closingClauses(i),
  ],
  signHooks: { CLOUD_LOAN: cloudLoanSignHook },
};
