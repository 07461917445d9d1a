import { amountStated, closingClauses, orBlank, type TemplateInput } from './templates.ts';
import type { ContractKind } from './contract-kinds.ts';

/**
 * A kind of contract of the tests' own (issue 35): the contracts module's tests draw up, sign, verify and
 * countersign contracts of it, so they depend on no area's kinds. The factor countersigns it.
 */
export const TEST_CONTRACT_KIND: ContractKind = {
  code: 'TEST_CONTRACT',
  label: '测试合同',
  recordLabel: '测试业务',
  roles: ['甲方（测试企业）', '乙方（保理商）'],
  signers: 'BOTH',
  factorCountersigns: true,
  fieldLabels: { rate: '年化利率', startDate: '起息日', dueDate: '到期日', interestMode: '计息方式', invoiceNo: '发票号码' },
  preamble: (i: TemplateInput) => `甲乙双方就${i.title}达成如下条款，以资共同遵守。`,
  clauses: (i: TemplateInput) => [
    {
      heading: '金额与期限',
      paragraphs: [
        `本合同金额为${amountStated(i)}，年化利率为 ${orBlank(i.data.rate)}，自 ${orBlank(i.data.startDate)} 起至 ${orBlank(i.data.dueDate)} 止。`,
      ],
    },
    ...closingClauses(i),
  ],
};

/** A letter the enterprise alone signs and the factor does not countersign: one signature block. */
export const TEST_LETTER_KIND: ContractKind = {
  ...TEST_CONTRACT_KIND,
  code: 'TEST_LETTER',
  label: '测试函',
  roles: ['出具人（测试企业）', '致（保理商）'],
  signers: 'ENTERPRISE',
  factorCountersigns: false,
  clauses: (i) => [{ heading: '确认', paragraphs: [`本单位确认${i.title}。`] }],
};
