import { amountStated, orBlank, type ContractKind } from '../contracts/index.ts';
import { noticeSignHook } from './notices/countersign-task.ts';

// The receivables' documents (issue 35, 36: declared here, registered by app.ts): the debtor's
// confirmation letter (应收账款确认函), the debtor's alone, and the notice of assignment (应收账款转让通知书)
// the supplier signs and the factor countersigns before it goes to the debtor.

const FIELD_LABELS: Readonly<Record<string, string>> = {
  financingNo: '融资编号',
  platformName: '平台名称',
  debtorName: '债务人',
  creditorName: '债权人（转让人）',
  receivable: '应收账款',
  receivableDueDate: '应收账款到期日',
  collectionAccountName: '保理收款账户户名',
  collectionBank: '保理收款账户开户行',
  collectionAccountNo: '保理收款账户账号',
};

export const RECEIVABLE_CONFIRMATION_KIND: ContractKind = {
  code: 'RECEIVABLE_CONFIRMATION',
  label: '应收账款确认函',
  recordLabel: '应收账款确权',
  roles: ['出具人（债务人）', '致（保理商）'],
  signers: 'ENTERPRISE',
  factorCountersigns: false,
  fieldLabels: FIELD_LABELS,
  preamble: (i) =>
    `${i.counterparty}：\n本单位已收到${orBlank(i.data.creditorName)}将其对本单位享有的下列应收账款转让予贵司的通知。依据《中华人民共和国民法典》第五百四十六条及第七百六十一条至第七百六十九条，本单位就${i.title}确认如下。`,
  clauses: (i) => [
    {
      heading: '应收账款确认',
      paragraphs: [
        `本单位确认对${orBlank(i.data.creditorName)}负有${orBlank(i.data.receivable)}项下的付款义务，金额为${amountStated(i)}，到期日为 ${orBlank(i.data.receivableDueDate)}。该应收账款真实、合法、有效，基础交易已履行，本单位对该应收账款无任何抵销、抗辩或争议（无抵销、无争议）。`,
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
};

export const ASSIGNMENT_NOTICE_KIND: ContractKind = {
  code: 'ASSIGNMENT_NOTICE',
  label: '应收账款转让通知书',
  recordLabel: '应收账款转让通知',
  roles: ['通知人（转让人）', '通知人（受让人/保理商）'],
  signers: 'BOTH',
  factorCountersigns: true,
  fieldLabels: FIELD_LABELS,
  preamble: (i) =>
    `致 ${orBlank(i.data.debtorName)}（债务人）：\n${i.enterpriseName}已将其对贵单位享有的下列应收账款及其项下的全部权利转让予${i.counterparty}，并就${i.title}依据《中华人民共和国民法典》第五百四十六条通知如下。`,
  clauses: (i) => [
    {
      heading: '转让的应收账款',
      paragraphs: [
        `转让的应收账款为 ${orBlank(i.data.receivable)}，金额合计${amountStated(i)}。自贵单位收到本通知之日起，该转让对贵单位发生效力。`,
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
  // The supplier's signature sends the notice to the factor's countersignature. Called through a closure:
  // countersign-task.ts reaches this file back through the drawing up of notices.
  signHooks: { ASSIGNMENT_NOTICE: (tx, relatedId, contract) => noticeSignHook(tx, relatedId, contract) },
};

export const RECEIVABLES_CONTRACT_KINDS: readonly ContractKind[] = [RECEIVABLE_CONFIRMATION_KIND, ASSIGNMENT_NOTICE_KIND];
