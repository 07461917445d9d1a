import { formatYuan } from '@factoring/domain';
import type { ContractKind } from './contract-kinds.ts';
import { amountInWords } from './labels.ts';

/** What a template is filled with: the contract's own fields and the business data. */
export interface TemplateInput {
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
  /** Business data: keys of the kind's `fieldLabels` get their Chinese label; any other key is shown as written. */
  data: Record<string, string>;
}

export interface Clause {
  heading: string;
  paragraphs: string[];
}

/** A filled template: what the PDF renderer lays out, independent of the PDF library. */
export interface ContractDocument {
  heading: string;
  contractNo: string;
  title: string;
  parties: { role: string; name: string }[];
  preamble: string;
  terms: { label: string; value: string }[];
  clauses: Clause[];
  signatures: { role: string; name: string }[];
  footer: string;
}

// The pieces every kind's template may use (issue 35: the kinds live with their areas).

/** A value the business did not give, as a blank to fill in by hand. */
export const orBlank = (v: string | null | undefined) => (v && v.trim() ? v : '____');

/** The contract's amount as contracts state it: 人民币 1,000.00 元（大写：壹仟元整）. */
export const amountStated = (i: TemplateInput) => `人民币 ${formatYuan(i.amount)} 元（大写：${amountInWords(i.amount)}）`;

/** The closing clauses of a contract both parties sign: default, disputes, entry into force. */
export const closingClauses = (i: TemplateInput): Clause[] => [
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

/** Fills a kind's template with the business data. Pure: the same input, the same document. */
export function fillTemplate(kind: ContractKind, i: TemplateInput): ContractDocument {
  const labelOf = (key: string) => kind.fieldLabels?.[key] ?? key;
  const terms = [
    { label: '合同编号', value: i.contractNo },
    { label: '合同类型', value: kind.label },
    { label: '关联业务', value: i.relatedLabel },
    { label: '合同金额', value: `¥${formatYuan(i.amount)}（${amountInWords(i.amount)}）` },
    { label: '生成日期', value: i.createdDate },
    ...(i.effectiveDate ? [{ label: '生效日期', value: i.effectiveDate }] : []),
    ...(i.expiryDate ? [{ label: '到期日期', value: i.expiryDate }] : []),
    ...Object.entries(i.data)
      .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
      .map(([k, v]) => ({ label: labelOf(k), value: v })),
  ];
  const clauses = kind.clauses(i).map((c, n) => ({ heading: `第${numeral(n + 1)}条 ${c.heading}`, paragraphs: c.paragraphs }));
  return {
    heading: kind.label,
    contractNo: i.contractNo,
    title: i.title,
    parties: [
      { role: kind.roles[0], name: i.enterpriseName },
      { role: kind.roles[1], name: i.counterparty },
    ],
    preamble: kind.preamble(i),
    terms,
    clauses,
    signatures: [
      { role: kind.roles[0], name: i.enterpriseName },
      ...(kind.signers === 'BOTH' ? [{ role: kind.roles[1], name: i.counterparty }] : []),
    ],
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
