import { amountStated, closingClauses, orBlank, type ContractKind } from '../contracts/index.ts';
import { pledgeSignHook } from './on-contract-signed.ts';

// The goods pledge's contracts (issue 35: declared here, registered by app.ts through the product): the
// pledge contract (质押合同) and the margin agreement (保证金协议) of a financing, both about its record
// PLEDGE — signing either records it in the financing's history, or is refused once the application ended.

/** The business record the pledge's contracts belong to (contracts.related_type): one sign hook, one "all signed" rule. */
export const PLEDGE_RELATED_TYPE = 'PLEDGE';

/** The business data keys the pledge's contracts are drawn up with, in Chinese. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  financingNo: '融资编号',
  platformName: '平台名称',
  rate: '年化利率',
  interestMode: '计息方式',
  termDays: '融资期限（天）',
  startDate: '起息日',
  dueDate: '到期日',
  serviceFee: '服务费（元）',
  interest: '利息（元）',
  netAmount: '实际放款金额（元）',
  pledgeGoods: '质押物',
  pledgeQuantity: '质押数量',
  pledgeValue: '质押物价值（元）',
  warehouse: '监管仓库',
  pledgeRate: '质押率',
  warningLine: '预警线',
  liquidationLine: '平仓线',
  marginRate: '保证金比例',
  marginAccount: '保证金账户',
};

const signHooks = { [PLEDGE_RELATED_TYPE]: pledgeSignHook };

export const PLEDGE_CONTRACT_KIND: ContractKind = {
  code: 'PLEDGE',
  label: '质押合同',
  recordLabel: '质押融资',
  roles: ['甲方（出质人）', '乙方（质权人）'],
  signers: 'BOTH',
  factorCountersigns: true,
  fieldLabels: FIELD_LABELS,
  preamble: (i) =>
    `为担保甲方在主合同项下债务的履行，甲方自愿以其合法拥有的货物向乙方提供质押担保，并交由双方认可的监管仓库监管。双方就${i.title}达成如下条款。`,
  clauses: (i) => [
    {
      heading: '被担保的主债权',
      paragraphs: [`本合同担保的主债权金额为${amountStated(i)}，担保范围包括主债权本金、利息、罚息、违约金及实现质权的费用。`],
    },
    {
      heading: '质押物及监管',
      paragraphs: [
        `质押物为 ${orBlank(i.data.pledgeGoods)}，数量 ${orBlank(i.data.pledgeQuantity)}，存放于 ${orBlank(i.data.warehouse)}。质押期间，未经乙方书面同意，甲方不得提取、转让或以其他方式处分质押物。`,
      ],
    },
    {
      heading: '盯市与补缴保证金',
      paragraphs: [
        `乙方按其公布的质押物价格对质押物逐日盯市。融资余额（扣除已补缴保证金）与质押物价值之比超过预警线 ${orBlank(i.data.warningLine)} 的，乙方向甲方发出预警；超过平仓线 ${orBlank(i.data.liquidationLine)}，或超过预警线且价格下跌的，甲方应于补缴通知载明的期限内补缴保证金或追加质押物，使该比例恢复至质押率 ${orBlank(i.data.pledgeRate)}。`,
        '甲方按期还款的，可按还款后的融资余额、当时价格及质押率申请赎回相应数量的质押物，由监管仓库凭放货单向甲方指定的提货人放货。',
      ],
    },
    ...closingClauses(i),
  ],
  signHooks,
};

export const MARGIN_CONTRACT_KIND: ContractKind = {
  code: 'MARGIN',
  label: '保证金协议',
  recordLabel: '质押融资',
  roles: ['甲方（保证金缴存人）', '乙方（保理商）'],
  signers: 'BOTH',
  factorCountersigns: true,
  fieldLabels: FIELD_LABELS,
  preamble: (i) => `为担保甲方在主合同项下义务的履行，甲方同意按本协议约定向乙方缴存保证金。双方就${i.title}达成如下条款。`,
  clauses: (i) => [
    {
      heading: '保证金金额',
      paragraphs: [
        `甲方应缴存的保证金金额为${amountStated(i)}，保证金比例为 ${orBlank(i.data.marginRate)}，存放于甲方在本平台开立的保证金账户，由乙方监管。`,
      ],
    },
    {
      heading: '保证金的扣划与退还',
      paragraphs: [
        '甲方未按期履行主合同项下还款义务的，乙方有权直接扣划保证金用于清偿；主合同项下债务全部清偿后，乙方应于五个工作日内退还剩余保证金。',
      ],
    },
    ...closingClauses(i),
  ],
  signHooks,
};

export const PLEDGE_CONTRACT_KINDS: readonly ContractKind[] = [PLEDGE_CONTRACT_KIND, MARGIN_CONTRACT_KIND];
