import { DAY_COUNT_WORDING, formatYuan, isIsoDate } from '@factoring/domain';
import type { ContractType } from '../../db/schema/index.ts';
import { amountInWords, CONTRACT_TYPE_LABELS } from './labels.ts';

/** What a template is filled with: the contract's own fields and the business data. */
export interface TemplateInput {
  type: ContractType;
  contractNo: string;
  title: string;
  /** 甲方: the enterprise the contract belongs to. */
  enterpriseName: string;
  /** 乙方: the other party. */
  counterparty: string;
  amount: number;
  createdDate: string;
  effectiveDate: string | null;
  expiryDate: string | null;
  relatedLabel: string;
  /** Business data: known keys get their Chinese label (FIELD_LABELS); any other key is shown as written. */
  data: Record<string, string>;
}

/** A filled template: what the PDF renderer lays out, independent of the PDF library. */
export interface ContractDocument {
  heading: string;
  contractNo: string;
  title: string;
  parties: { role: string; name: string }[];
  preamble: string;
  terms: { label: string; value: string }[];
  clauses: { heading: string; paragraphs: string[] }[];
  signatures: { role: string; name: string }[];
  footer: string;
}

/** Chinese labels of the business data keys modules are expected to pass. */
export const FIELD_LABELS: Record<string, string> = {
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
  pledgeGoods: '质押物',
  pledgeQuantity: '质押数量',
  pledgeValue: '质押物价值（元）',
  warehouse: '监管仓库',
  pledgeRate: '质押率',
  warningLine: '预警线',
  liquidationLine: '平仓线',
  marginRate: '保证金比例',
  marginAccount: '保证金账户',
  repaymentMethod: '还款方式',
  bankAccount: '收款账户',
  bankName: '开户银行',
  // Issue 36: the debtor's confirmation letter and the notice of assignment.
  debtorName: '债务人',
  creditorName: '债权人（转让人）',
  receivable: '应收账款',
  receivableDueDate: '应收账款到期日',
  collectionAccountName: '保理收款账户户名',
  collectionBank: '保理收款账户开户行',
  collectionAccountNo: '保理收款账户账号',
};

const labelOf = (key: string) => FIELD_LABELS[key] ?? key;
const orBlank = (v: string | null | undefined) => (v && v.trim() ? v : '____');

interface TypeTemplate {
  preamble(i: TemplateInput): string;
  clauses(i: TemplateInput): { heading: string; paragraphs: string[] }[];
  roles: [string, string];
  /** A letter only its first party signs (the debtor's 确认函): one signature block. */
  soleSigner?: boolean;
}

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

const money = (i: TemplateInput) => `人民币 ${formatYuan(i.amount)} 元（大写：${amountInWords(i.amount)}）`;

const COMMON_TAIL = (i: TemplateInput): { heading: string; paragraphs: string[] }[] => [
  {
    heading: '违约责任',
    paragraphs: [
      '任何一方违反本合同约定的，应承担违约责任，赔偿守约方因此遭受的全部损失，包括但不限于诉讼费、律师费、保全费等实现债权的费用。',
      '甲方未按期足额履行付款义务的，自逾期之日起按本合同约定利率上浮百分之五十计收罚息，直至清偿之日止。',
    ],
  },
  {
    heading: '争议解决',
    paragraphs: [
      '因本合同引起或与本合同有关的任何争议，双方应友好协商解决；协商不成的，任何一方均可向乙方所在地有管辖权的人民法院提起诉讼。',
    ],
  },
  {
    heading: '合同生效及其他',
    paragraphs: [
      `本合同以电子方式订立，经甲方授权人员在鑫链保理平台以登录密码确认签署后生效${i.effectiveDate ? `，生效日为 ${i.effectiveDate}` : ''}${
        i.expiryDate ? `，有效期至 ${i.expiryDate}` : ''
      }。`,
      '签署时系统记录签署人、签署时间、签署 IP 地址及本合同文件的 SHA-256 摘要，并生成加盖甲方电子印章、附电子签署页的签署版文件，双方确认上述电子记录与书面签章具有同等法律效力。',
      '本合同未尽事宜，由双方另行签订补充协议，补充协议与本合同具有同等法律效力。',
    ],
  },
];

const TEMPLATES: Record<ContractType, TypeTemplate> = {
  FACTORING_AGREEMENT: {
    roles: ['甲方（卖方/债权人）', '乙方（保理商）'],
    preamble: (i) =>
      `甲方因开展日常经营活动对其买方享有应收账款，现甲方拟将该等应收账款转让给乙方，由乙方为甲方提供应收账款融资、应收账款管理及催收等保理服务。为明确双方权利义务，依据《中华人民共和国民法典》等法律法规，双方经平等协商，就${i.title}达成如下协议。`,
    clauses: (i) => [
      {
        heading: '保理额度',
        paragraphs: [
          `乙方同意在本协议有效期内向甲方提供总额不超过${money(i)}的保理融资额度，额度可在有效期内循环使用，单笔融资的金额、期限与费率以每笔融资合同约定为准。`,
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
      ...COMMON_TAIL(i),
    ],
  },
  FINANCING: {
    roles: ['甲方（融资申请人）', '乙方（保理商）'],
    preamble: (i) =>
      `甲方依据双方已签订的保理协议，以其对买方享有的应收账款向乙方申请保理融资。乙方经审核同意按本合同约定向甲方发放融资款。双方就${i.title}达成如下条款，以资共同遵守。`,
    clauses: (i) => [
      {
        heading: '融资金额与用途',
        paragraphs: [`本次融资金额为${money(i)}。融资款仅限用于甲方日常生产经营，不得用于股权投资、证券投资及其他国家法律法规禁止的用途。`],
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
      ...COMMON_TAIL(i),
    ],
  },
  PLEDGE: {
    roles: ['甲方（出质人）', '乙方（质权人）'],
    preamble: (i) =>
      `为担保甲方在主合同项下债务的履行，甲方自愿以其合法拥有的货物向乙方提供质押担保，并交由双方认可的监管仓库监管。双方就${i.title}达成如下条款。`,
    clauses: (i) => [
      {
        heading: '被担保的主债权',
        paragraphs: [`本合同担保的主债权金额为${money(i)}，担保范围包括主债权本金、利息、罚息、违约金及实现质权的费用。`],
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
      ...COMMON_TAIL(i),
    ],
  },
  MARGIN: {
    roles: ['甲方（保证金缴存人）', '乙方（保理商）'],
    preamble: (i) => `为担保甲方在主合同项下义务的履行，甲方同意按本协议约定向乙方缴存保证金。双方就${i.title}达成如下条款。`,
    clauses: (i) => [
      {
        heading: '保证金金额',
        paragraphs: [
          `甲方应缴存的保证金金额为${money(i)}，保证金比例为 ${orBlank(i.data.marginRate)}，存放于甲方在本平台开立的保证金账户，由乙方监管。`,
        ],
      },
      {
        heading: '保证金的扣划与退还',
        paragraphs: [
          '甲方未按期履行主合同项下还款义务的，乙方有权直接扣划保证金用于清偿；主合同项下债务全部清偿后，乙方应于五个工作日内退还剩余保证金。',
        ],
      },
      ...COMMON_TAIL(i),
    ],
  },
  CLOUD_LOAN: {
    roles: ['甲方（借款人）', '乙方（服务方）'],
    preamble: (i) => `甲方通过本平台向合作金融机构申请云贷业务，乙方为甲方提供信息撮合、贷后管理等服务。双方就${i.title}达成如下条款。`,
    clauses: (i) => [
      {
        heading: '借款金额及期限',
        paragraphs: [`甲方本次申请借款金额为${money(i)}，借款期限及利率以合作金融机构最终审批结果为准。`],
      },
      {
        heading: '授权事项',
        paragraphs: ['甲方授权乙方向合作金融机构提供甲方在本平台的交易数据、账户流水等信息，用于借款审批及贷后管理。'],
      },
      ...COMMON_TAIL(i),
    ],
  },
  RECEIVABLE_CONFIRMATION: {
    roles: ['出具人（债务人）', '致（保理商）'],
    soleSigner: true,
    preamble: (i) =>
      `${i.counterparty}：\n本单位已收到${orBlank(i.data.creditorName)}将其对本单位享有的下列应收账款转让予贵司的通知。依据《中华人民共和国民法典》第五百四十六条及第七百六十一条至第七百六十九条，本单位就${i.title}确认如下。`,
    clauses: (i) => [
      {
        heading: '应收账款确认',
        paragraphs: [
          `本单位确认对${orBlank(i.data.creditorName)}负有${orBlank(i.data.receivable)}项下的付款义务，金额为${money(i)}，到期日为 ${orBlank(i.data.receivableDueDate)}。该应收账款真实、合法、有效，基础交易已履行，本单位对该应收账款无任何抵销、抗辩或争议（无抵销、无争议）。`,
        ],
      },
      {
        heading: '付款承诺',
        paragraphs: [
          '本单位已知悉该应收账款已转让予贵司，承诺于到期日按转让通知书载明的保理收款账户足额付款；未经贵司书面同意，本单位不向原债权人付款，不以任何理由减少、延付或抵销该笔款项。',
        ],
      },
      {
        heading: '效力',
        paragraphs: [
          '本确认函以电子方式出具，经本单位授权人员在鑫链保理平台以登录密码确认签署后生效，对本单位具有法律约束力；签署时系统记录签署人、签署时间、签署 IP 地址及文件的 SHA-256 摘要，并附本单位的电子签名。',
        ],
      },
    ],
  },
  ASSIGNMENT_NOTICE: {
    roles: ['通知人（转让人）', '通知人（受让人/保理商）'],
    preamble: (i) =>
      `致 ${orBlank(i.data.debtorName)}（债务人）：\n${i.enterpriseName}已将其对贵单位享有的下列应收账款及其项下的全部权利转让予${i.counterparty}，并就${i.title}依据《中华人民共和国民法典》第五百四十六条通知如下。`,
    clauses: (i) => [
      {
        heading: '转让的应收账款',
        paragraphs: [
          `转让的应收账款为 ${orBlank(i.data.receivable)}，金额合计${money(i)}。自贵单位收到本通知之日起，该转让对贵单位发生效力。`,
        ],
      },
      {
        heading: '付款账户',
        paragraphs: [
          `请贵单位自收到本通知之日起，将上述应收账款于到期日支付至保理商的收款账户：户名 ${orBlank(i.data.collectionAccountName)}，开户行 ${orBlank(i.data.collectionBank)}，账号 ${orBlank(i.data.collectionAccountNo)}。向其他账户的付款不能解除贵单位的付款义务。`,
        ],
      },
      {
        heading: '通知的变更与解除',
        paragraphs: [
          '本通知非经保理商书面同意不得撤销或变更。应收账款结清或由转让人回购后，保理商将向贵单位发出解除转让通知，自贵单位收到解除通知之日起恢复向原债权人付款。',
          '本通知以电子方式出具，由转让人以登录密码确认签署、保理商会签，附双方电子签名；请贵单位在平台内或按邮件指引确认收到本通知。',
        ],
      },
    ],
  },
};

/** Fills the template of a contract type with the business data. Pure: the same input, the same document. */
export function fillTemplate(i: TemplateInput): ContractDocument {
  const t = TEMPLATES[i.type];
  const terms = [
    { label: '合同编号', value: i.contractNo },
    { label: '合同类型', value: CONTRACT_TYPE_LABELS[i.type] },
    { label: '关联业务', value: i.relatedLabel },
    { label: '合同金额', value: `¥${formatYuan(i.amount)}（${amountInWords(i.amount)}）` },
    { label: '生成日期', value: i.createdDate },
    ...(i.effectiveDate ? [{ label: '生效日期', value: i.effectiveDate }] : []),
    ...(i.expiryDate ? [{ label: '到期日期', value: i.expiryDate }] : []),
    ...Object.entries(i.data)
      .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
      .map(([k, v]) => ({ label: labelOf(k), value: v })),
  ];
  const clauses = t.clauses(i).map((c, n) => ({ heading: `第${numeral(n + 1)}条 ${c.heading}`, paragraphs: c.paragraphs }));
  return {
    heading: CONTRACT_TYPE_LABELS[i.type],
    contractNo: i.contractNo,
    title: i.title,
    parties: [
      { role: t.roles[0], name: i.enterpriseName },
      { role: t.roles[1], name: i.counterparty },
    ],
    preamble: t.preamble(i),
    terms,
    clauses,
    signatures: [{ role: t.roles[0], name: i.enterpriseName }, ...(t.soleSigner ? [] : [{ role: t.roles[1], name: i.counterparty }])],
    footer: `合同编号 ${i.contractNo}`,
  };
}

const NUMERALS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
/** 1–99 as Chinese ordinal numerals: 1 → 一, 10 → 十, 12 → 十二, 20 → 二十. */
export function numeral(n: number): string {
  if (n < 10) return NUMERALS[n];
  const tens = Math.floor(n / 10);
  return `${tens === 1 ? '' : NUMERALS[tens]}十${NUMERALS[n % 10]}`;
}
