import { DAY_COUNT_WORDING, isIsoDate } from '@factoring/domain';
import { amountStated, closingClauses, orBlank, type ContractKind, type TemplateInput } from '../contracts/index.ts';
import { financingSignHook } from './task-types.ts';

// The supply loan's contracts (issue 35: declared here, registered by app.ts through the product): the
// enterprise's factoring agreement (保理协议) and each financing's contract (融资合同).

/** The business data keys the supply loan's contracts are drawn up with, in Chinese. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  financingNo: '融资编号',
  platformName: '平台名称',
  coreEnterprise: '核心企业',
  buyerName: '买方（债务人）',
  invoiceNo: '发票号码',
  invoiceAmount: '发票金额（元）',
  receivableAmount: '应收账款金额（元）',
  advanceRate: '融资比例',
  rate: '年化利率',
  interestMode: '计息方式',
  termDays: '融资期限（天）',
  startDate: '起息日',
  dueDate: '到期日',
  serviceFee: '服务费（元）',
  interest: '利息（元）',
  netAmount: '实际放款金额（元）',
  creditLimit: '授信额度（元）',
  creditExpiry: '授信到期日',
  repaymentMethod: '还款方式',
  bankAccount: '收款账户',
  bankName: '开户银行',
};

/**
 * The financing period sentence. With calendar dates it reads "自起息日 X 起至到期日 Y 止"; before
 * disbursement the dates are known only relative to it (e.g. 起息日 "放款之日"), so the period is
 * stated by the term and those descriptions instead of splicing them into the date sentence.
 */
function financingPeriod(i: TemplateInput): string {
  const { startDate, dueDate, termDays } = i.data;
  if (startDate && dueDate && isIsoDate(startDate) && isIsoDate(dueDate)) return `融资期限自起息日 ${startDate} 起至到期日 ${dueDate} 止。`;
  const term = termDays?.trim() ? `融资期限为 ${termDays.trim()} 天，` : '';
  return `${term}起息日为${orBlank(startDate)}，到期日为${orBlank(dueDate)}。`;
}

/** The framework agreement an enterprise signs with the factor before it finances its receivables. */
export const FACTORING_AGREEMENT_KIND: ContractKind = {
  code: 'FACTORING_AGREEMENT',
  label: '保理协议',
  recordLabel: '企业合作',
  roles: ['甲方（卖方/债权人）', '乙方（保理商）'],
  signers: 'BOTH',
  factorCountersigns: true,
  fieldLabels: FIELD_LABELS,
  preamble: (i) =>
    `甲方因开展日常经营活动对其买方享有应收账款，现甲方拟将该等应收账款转让给乙方，由乙方为甲方提供应收账款融资、应收账款管理及催收等保理服务。为明确双方权利义务，依据《中华人民共和国民法典》等法律法规，双方经平等协商，就${i.title}达成如下协议。`,
  clauses: (i) => [
    {
      heading: '保理额度',
      paragraphs: [
        `乙方同意在本协议有效期内向甲方提供总额不超过${amountStated(i)}的保理融资额度，额度可在有效期内循环使用，单笔融资的金额、期限与费率以每笔融资合同约定为准。`,
      ],
    },
    {
      heading: '应收账款转让',
      paragraphs: [
        '甲方申请融资时，应将对应的应收账款及其项下的全部权利一并转让给乙方，并提供真实、合法、有效的基础交易合同、发票等证明文件。',
        '甲方保证所转让的应收账款不存在任何权利瑕疵，未设定质押或其他担保，亦未转让给任何第三方。',
      ],
    },
    {
      heading: '费用及支付',
      paragraphs: ['融资利息按实际融资天数计算，计息基数为一年三百六十天；服务费按每笔融资合同约定的费率在放款时一次性收取。'],
    },
    ...closingClauses(i),
  ],
};

/** One financing's contract; signing it moves the financing on (APPROVED → CONTRACT_SIGNED). */
export const FINANCING_CONTRACT_KIND: ContractKind = {
  code: 'FINANCING',
  label: '融资合同',
  recordLabel: '融资申请',
  roles: ['甲方（融资申请人）', '乙方（保理商）'],
  signers: 'BOTH',
  factorCountersigns: true,
  fieldLabels: FIELD_LABELS,
  preamble: (i) =>
    `甲方依据双方已签订的保理协议，以其对买方享有的应收账款向乙方申请保理融资。乙方经审核同意按本合同约定向甲方发放融资款。双方就${i.title}达成如下条款，以资共同遵守。`,
  clauses: (i) => [
    {
      heading: '融资金额与用途',
      paragraphs: [
        `本次融资金额为${amountStated(i)}。融资款仅限用于甲方日常生产经营，不得用于股权投资、证券投资及其他国家法律法规禁止的用途。`,
      ],
    },
    {
      heading: '融资期限与利息',
      paragraphs: [
        `${financingPeriod(i)}年化利率为 ${orBlank(i.data.rate)}，${DAY_COUNT_WORDING}，计息方式为${orBlank(i.data.interestMode)}。`,
      ],
    },
    {
      heading: '放款与还款',
      paragraphs: [
        '乙方在本合同签署且融资申请审批通过后，将融资款扣除约定的利息及服务费后发放至甲方在本平台开立的受控账户。',
        '甲方应于到期日前足额偿还融资本金及应付利息；买方回款优先用于偿还本合同项下的融资。',
      ],
    },
    ...closingClauses(i),
  ],
  // Called through a closure: task-types.ts reaches this file back through the operations that draw contracts up.
  signHooks: { FINANCING: (tx, relatedId, contract) => financingSignHook(tx, relatedId, contract) },
};

export const SUPPLY_LOAN_CONTRACT_KINDS: readonly ContractKind[] = [FACTORING_AGREEMENT_KIND, FINANCING_CONTRACT_KIND];
